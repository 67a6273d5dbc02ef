import Crypto
import Foundation

/// The secret that personal feed URLs are derived from. It comes from the environment
/// (`CALGEN_FEED_SECRET`) or a file named on the command line, never from `Content/`.
public struct FeedSecret: Sendable {
    let key: SymmetricKey
    /// Whether this is the fixed development secret, whose URLs anyone can compute.
    public let isDevelopment: Bool

    /// The fixed secret used when none is given. Feeds built with it must not be published.
    public static let development = FeedSecret(key: SymmetricKey(data: Array("calgen-development-secret".utf8)), isDevelopment: true)

    /// The warning printed whenever the development secret is used.
    public static let developmentWarning = """
        warning: no feed secret given (CALGEN_FEED_SECRET or --feed-secret-file): personal feed URLs use the \
        development secret and anyone can compute them. Do not publish this output.
        """

    /// At least 16 bytes of secret, as given (surrounding white space removed).
    public init(_ text: String) throws(FeedSecretError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count >= 16 else { throw FeedSecretError.tooShort(trimmed.utf8.count) }
        key = SymmetricKey(data: Array(trimmed.utf8))
        isDevelopment = false
    }

    init(key: SymmetricKey, isDevelopment: Bool) {
        self.key = key
        self.isDevelopment = isDevelopment
    }

    /// The secret from a file (`--feed-secret-file`), else from `CALGEN_FEED_SECRET`, else the
    /// development secret.
    public static func resolve(file: String?, environment: String?) throws(FeedSecretError) -> FeedSecret {
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else { throw FeedSecretError.unreadable(file) }
            return try FeedSecret(String(decoding: data, as: UTF8.self))
        }
        if let environment, !environment.isEmpty { return try FeedSecret(environment) }
        return .development
    }

    /// The URL-safe token of a subscriber's feed folder: HMAC-SHA256 of the id (and the token
    /// epoch, when raised), its first 144 bits in base64url: 24 characters.
    public func token(for subscriberID: String, epoch: Int = 0) -> String {
        let message = "calgen-feed:" + subscriberID + (epoch > 0 ? ":\(epoch)" : "")
        let mac = HMAC<SHA256>.authenticationCode(for: Array(message.utf8), using: key)
        return Data(Array(mac).prefix(18)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }
}

/// Why a feed secret cannot be used.
public enum FeedSecretError: Error, CustomStringConvertible, Sendable {
    case tooShort(Int)
    case unreadable(String)

    public var description: String {
        switch self {
        case .tooShort(let n):
            return "the feed secret has \(n) bytes; use at least 16 random bytes, e.g. the output of `openssl rand -base64 32`"
        case .unreadable(let path): return "the feed secret file \(path) cannot be read"
        }
    }
}
