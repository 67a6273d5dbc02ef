import CalgenCore
import CalgenModel
import Foundation

/// `shard.json`, at the root of a shard's folder: which shard of which build it is, and every
/// file it holds with what `--assemble` needs to know of it, so that the site is put together
/// without rendering any feed again. Never published: it names personal feeds' secret paths.
struct ShardManifest: Codable, Equatable, Sendable {
    /// One personal feed of the shard.
    struct Feed: Codable, Equatable, Sendable {
        var subscriber: String
        var path: String
        var sha256: String
        var size: Int
        var manifest: String
        var manifestSize: Int
        /// Events rendered for it.
        var events: Int
        /// Whether its bytes differ from the previous release's.
        var changed: Bool
    }

    /// A file beside the feeds: the page of a personal feed.
    struct Page: Codable, Equatable, Sendable {
        var path: String
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

    enum CodingKeys: String, CodingKey {
        // First in the sorted file, so that the first bytes tell a shard's folder (`OutputGuard`).
        case format = "calgen-shard"
        case generator, shard, of, inputs, feeds, pages
    }

    static let path = "shard.json"
    static let currentFormat = 1
    /// The largest `shard.json` read: a line of about 400 bytes for each of a million feeds.
    static let maxBytes = 1 << 29

    var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }

    /// The shard in `folder`, or the problem with it.
    static func read(folder: String) throws(ContentErrors) -> ShardManifest {
        let file = folder + "/" + path
        func problem(_ message: String, _ fix: String) -> ContentErrors {
            ContentErrors(Diagnostic(file: FeedSecret.redacting(file), message: message, fix: fix))
        }
        let rebuild = "build the shard again with `calgen build --shard K/N --output \(folder)`"
        var info = stat()
        guard stat(file, &info) == 0 else {
            throw problem("is missing: \(folder) is not a shard's folder", rebuild)
        }
        guard Int(info.st_size) <= maxBytes, let data = FileManager.default.contents(atPath: file) else {
            throw problem("cannot be read", rebuild)
        }
        let shard: ShardManifest
        do {
            shard = try JSONDecoder().decode(ShardManifest.self, from: data)
        } catch {
            throw problem("is not a shard description calgen writes: \(error.localizedDescription)", rebuild)
        }
        guard shard.format == currentFormat, shard.generator == Calgen.generator else {
            throw problem(
                "was written by \(shard.generator) (format \(shard.format)), and this is \(Calgen.generator)",
                "build every shard and assemble them with the same calgen")
        }
        guard Shard(index: shard.shard, count: shard.of) != nil else {
            throw problem("names shard \(shard.shard)/\(shard.of), which is not one", rebuild)
        }
        // Paths stay inside the folder: never `..`, never absolute.
        for name in shard.feeds.flatMap({ [$0.path, $0.manifest] }) + shard.pages.map(\.path)
        where !name.hasPrefix("feeds/") || name.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) {
            throw problem("lists \"\(FeedSecret.redacting(name))\", which is not a personal feed's file", rebuild)
        }
        return shard
    }
}
