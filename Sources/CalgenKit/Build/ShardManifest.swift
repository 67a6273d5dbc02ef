import CalgenCore
import CalgenModel
import CalgenRender
import CalgenSupport
import Crypto
import Foundation

/// `shard.json`, at the root of a shard's folder: which shard of which build it is, and every
/// file it holds with what `--assemble` needs to know of it (its size and SHA-256), so that the
/// site is put together without rendering any feed again. Never published: it names personal
/// feeds' secret paths.
///
/// It is authenticated: `mac` is an HMAC-SHA256 over the whole file as written without it, keyed
/// from the feed secret (`key(secret:)`), which every shard and the assembly share and an
/// artifact store never sees. A file whose bytes are not exactly those calgen wrote and signed
/// with this secret is refused before anything in it is believed.
struct ShardManifest: Codable, Equatable, Sendable {
    /// One personal feed of the shard.
    struct Feed: Codable, Equatable, Sendable {
        var subscriber: String
        /// The subscriber's `token-epoch`, from which (with the secret and the id) the feed's
        /// folder is derived again by the assembly.
        var epoch: Int
        var path: String
        var sha256: String
        var size: Int
        var manifest: String
        var manifestSHA256: String
        var manifestSize: Int
        /// Events rendered for it.
        var events: Int
        /// Whether its bytes differ from the previous release's.
        var changed: Bool
    }

    /// A file beside the feeds: the page of a personal feed.
    struct Page: Codable, Equatable, Sendable {
        var path: String
        var sha256: String
        var size: Int
    }

    /// The format of this file.
    var format: Int
    var generator: String
    var shard: Int
    var of: Int
    /// What every shard of one build shares, by part (`ShardInputs`): a shard made from other
    /// content, templates, time, secret or previous release is stale.
    var inputs: [String: String]
    var feeds: [Feed]
    var pages: [Page]
    /// The authentication code (lowercase hex) of the file written without it.
    var mac: String? = nil

    enum CodingKeys: String, CodingKey {
        // First in the sorted file, so that the first bytes tell a shard's folder (`OutputGuard`).
        case format = "calgen-shard"
        case generator, shard, of, inputs, feeds, pages, mac
    }

    /// The first two fields, read before the rest: a file of another calgen is told as such.
    private struct Header: Decodable {
        var format: Int
        var generator: String

        enum CodingKeys: String, CodingKey {
            case format = "calgen-shard"
            case generator
        }
    }

    static let path = "shard.json"
    static let currentFormat = 2
    /// The largest `shard.json` read: a line of about 500 bytes for each of a million feeds.
    static let maxBytes = 1 << 29
    /// The largest file of a shard (a feed, its manifest, a page).
    static let maxFileBytes = 1 << 28

    /// The key of the authentication code: derived from the feed secret, and no feed token
    /// (those are HMACs of `calgen-feed:…` and `calgen-personal-feed-record` under the secret).
    static func key(secret: FeedSecret) -> SymmetricKey {
        SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array("calgen shard listing v1".utf8), using: secret.key)))
    }

    /// The file as written, `mac` as it is (none, or the code).
    var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }

    /// The file as a shard writes it: with the authentication code of its bytes without one.
    func signed(key: SymmetricKey) -> [UInt8] {
        var unsigned = self
        unsigned.mac = nil
        var signed = self
        signed.mac = Digest.hex(HMAC<SHA256>.authenticationCode(for: unsigned.encoded, using: key))
        return signed.encoded
    }

    /// The listing in `bytes`, authenticated with `key`; `file` names it in problems. Pure: the
    /// fuzz target `shard-listing` runs it on any bytes.
    static func parse(_ bytes: [UInt8], file: String, key: SymmetricKey, rebuild: String) throws(ContentErrors)
        -> ShardManifest
    {
        func problem(_ message: String, _ fix: String) -> ContentErrors {
            ContentErrors(Diagnostic(file: FeedSecret.redacting(file), message: message, fix: fix))
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(bytes))
        } catch {
            throw problem("is not a shard description calgen writes", rebuild)
        }
        guard header.format == currentFormat, header.generator == Calgen.generator else {
            throw problem(
                "was written by \(header.generator.prefix(100)) (format \(header.format)), and this is \(Calgen.generator)",
                "build every shard and assemble them with the same calgen")
        }
        let shard: ShardManifest
        do {
            shard = try JSONDecoder().decode(ShardManifest.self, from: Data(bytes))
        } catch {
            throw problem("is not a shard description calgen writes", rebuild)
        }
        // Exactly the bytes calgen writes for this value (no other spelling, order or extra key),
        // and the code of those bytes under this build's secret.
        var unsigned = shard
        unsigned.mac = nil
        guard let mac = shard.mac.flatMap(ShardManifest.bytes(ofHex:)), shard.encoded == bytes,
            HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: unsigned.encoded, using: key)
        else {
            throw problem(
                "is not a listing that a shard of this site wrote with this feed secret: its authentication code does not match (it was changed after the shard was built, or built with another secret)",
                "build the shard again with this build's CALGEN_FEED_SECRET, and assemble the folder as calgen wrote it")
        }
        guard Shard(index: shard.shard, count: shard.of) != nil else {
            throw problem("names shard \(shard.shard)/\(shard.of), which is not one", rebuild)
        }
        return shard
    }

    /// The bytes of 64 lowercase hex digits.
    static func bytes(ofHex hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        func value(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: c - 0x30
            case 0x61...0x66: c - 0x61 + 10
            default: nil
            }
        }
        var bytes = [UInt8]()
        for i in stride(from: 0, to: 64, by: 2) {
            guard let high = value(digits[i]), let low = value(digits[i + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}
