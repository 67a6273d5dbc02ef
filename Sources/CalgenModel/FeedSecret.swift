import CalgenCore
import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The secret that personal feed URLs are derived from. It comes from the environment
/// (`CALGEN_FEED_SECRET`) or a file named on the command line, never from `Content/`. Without
/// either, a build in CI has none (and fails when there are subscribers), and a local build uses
/// a random secret it keeps in an ignored file beside the content: never a fixed, public one.
public struct FeedSecret: Sendable {
    /// Where a secret came from.
    public enum Origin: Sendable, Equatable {
        /// `CALGEN_FEED_SECRET` or `--feed-secret-file`.
        case given
        /// A random secret kept in `path`, created by this run or an earlier one.
        case local(path: String, created: Bool)
        /// None was given in CI: personal feeds cannot be built.
        case missingInCI
        /// The fixed secret of tests and library callers that give none (never the command line's).
        case development
    }

    package let key: SymmetricKey
    public let origin: Origin
    /// The HMAC state after the key: each token copies it and goes on with its message alone
    /// (a site of ten thousand subscribers makes ten thousand tokens a build).
    private let keyed: HMAC<SHA256>

    /// Whether this is the fixed development secret, whose URLs anyone can compute.
    public var isDevelopment: Bool { origin == .development }

    /// The fixed secret of tests and of library callers that give none. The command line never
    /// uses it: feeds built with it must not be published.
    public static let development = FeedSecret(
        key: SymmetricKey(data: Array("calgen-development-secret".utf8)), origin: .development)

    /// The warning of every build with the development secret.
    public static let developmentWarning = Diagnostic(
        .warning, file: "",
        message: "no feed secret given (CALGEN_FEED_SECRET or --feed-secret-file): personal feed URLs use the "
            + "development secret and anyone can compute them. Do not publish this output.",
        fix: "set CALGEN_FEED_SECRET or pass --feed-secret-file")

    /// The file a local build keeps its random secret in, beside the content directory.
    public static let localFileName = ".calgen-feed-secret"

    /// What to tell the publisher about this secret, when a build makes personal feeds.
    public var notices: [Diagnostic] {
        switch origin {
        case .given, .missingInCI: return []
        case .development: return [FeedSecret.developmentWarning]
        case .local(let path, let created):
            return [
                Diagnostic(
                    .note, file: "",
                    message: "personal feed URLs use the local random secret in \(path)\(created ? " (created now)" : "")",
                    fix: "a published build needs its own secret in CALGEN_FEED_SECRET or --feed-secret-file")
            ]
        }
    }

    /// The problem of building personal feeds in CI without a secret.
    package static func missingInCIDiagnostic(usersDirectory: String) -> Diagnostic {
        Diagnostic(
            file: usersDirectory,
            message: "personal feeds need a secret, and none is given: CALGEN_FEED_SECRET is not set in this CI build",
            fix: "store a random secret (e.g. `openssl rand -base64 32`) as a CI secret and pass it as CALGEN_FEED_SECRET, "
                + "or use --feed-secret-file")
    }

    /// At least 16 bytes of secret, as given (surrounding white space removed).
    public init(_ text: String) throws(FeedSecretError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count >= 16 else { throw FeedSecretError.tooShort(trimmed.utf8.count) }
        self.init(key: SymmetricKey(data: Array(trimmed.utf8)), origin: .given)
    }

    package init(key: SymmetricKey, origin: Origin) {
        self.key = key
        self.origin = origin
        keyed = HMAC<SHA256>(key: key)
    }

    /// The secret from a file (`--feed-secret-file`), else from `CALGEN_FEED_SECRET`; else, in
    /// CI, none; else the local random secret in `localFile`, created when it is missing.
    public static func resolve(file: String?, environment: String?, isCI: Bool, localFile: String) throws(FeedSecretError)
        -> FeedSecret
    {
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else { throw FeedSecretError.unreadable(file) }
            return try FeedSecret(String(decoding: data, as: UTF8.self))
        }
        if let environment, !environment.isEmpty { return try FeedSecret(environment) }
        if isCI { return FeedSecret(key: SymmetricKey(size: .bits256), origin: .missingInCI) }
        if let data = FileManager.default.contents(atPath: localFile) {
            let secret = try FeedSecret(String(decoding: data, as: UTF8.self))
            return FeedSecret(key: secret.key, origin: .local(path: localFile, created: false))
        }
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
        let text = Data(bytes).base64EncodedString() + "\n"
        let fd = open(localFile, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FeedSecretError.uncreatable(localFile) }
        let written = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
        guard written == text.utf8.count else { throw FeedSecretError.uncreatable(localFile) }
        let secret = try FeedSecret(text)
        return FeedSecret(key: secret.key, origin: .local(path: localFile, created: true))
    }

    /// `text` with every personal feed folder (`feeds/<token>/`) shown as `feeds/…/`: messages
    /// and logs name the subscriber, never the token that is their feed's only protection.
    public static func redacting(_ text: String) -> String {
        guard text.contains("feeds/") else { return text }
        var out = ""
        var rest = text[...]
        while let range = rest.range(of: "feeds/") {
            out += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let token = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            if token.count == 24, rest.dropFirst(24).first == "/" {
                out += "…"
                rest = rest.dropFirst(24)
            }
        }
        return out + rest
    }

    /// The URL-safe token of a subscriber's feed folder: HMAC-SHA256 of the id (and the token
    /// epoch, when raised), its first 144 bits in base64url: 24 characters.
    public func token(for subscriberID: String, epoch: Int = 0) -> String {
        token(message: "calgen-feed:" + subscriberID + (epoch > 0 ? ":\(epoch)" : ""))
    }

    /// The token of the folder of `PersonalFeedRecord`: as secret as a feed's, and no
    /// subscriber's (their messages all start `calgen-feed:`).
    package var recordToken: String { token(message: "calgen-personal-feed-record") }

    private func token(message: String) -> String {
        var hmac = keyed
        hmac.update(data: Array(message.utf8))
        return hmac.finalize().withUnsafeBytes { mac in FeedSecret.base64URL(mac.prefix(18)) }
    }

    /// The base64url digits (RFC 4648 §5) of `bytes`, whose count is a multiple of 3 (no padding).
    static func base64URL(_ bytes: UnsafeRawBufferPointer.SubSequence) -> String {
        let digits = FeedSecret.base64URLDigits
        var text = [UInt8]()
        text.reserveCapacity(bytes.count / 3 * 4)
        var index = bytes.startIndex
        while index + 2 < bytes.endIndex {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { text.append(digits[Int(group >> UInt32(shift) & 63)]) }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let base64URLDigits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
}

/// Why a feed secret cannot be used.
public enum FeedSecretError: Error, CustomStringConvertible, Sendable {
    case tooShort(Int)
    case unreadable(String)
    case uncreatable(String)

    /// What to do about it.
    public var fix: String {
        switch self {
        case .tooShort:
            return "make one with `openssl rand -base64 32` and give it as CALGEN_FEED_SECRET or in --feed-secret-file"
        case .unreadable: return "check the path given to --feed-secret-file"
        case .uncreatable: return "make the folder beside the content writable, or set CALGEN_FEED_SECRET"
        }
    }

    public var description: String {
        switch self {
        case .tooShort(let n):
            return "the feed secret (CALGEN_FEED_SECRET or --feed-secret-file) is \(n) byte\(n == 1 ? "" : "s") long; "
                + "it must be at least 16 bytes of random text"
        case .unreadable(let path): return "the feed secret file \(path) cannot be read"
        case .uncreatable(let path):
            return "the local feed secret file \(path) cannot be created; set CALGEN_FEED_SECRET or pass --feed-secret-file"
        }
    }
}
