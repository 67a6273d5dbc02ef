import CalgenCore
import CalgenModel
import Foundation
import Testing

@testable import CalgenKit
@testable import CalgenRender
@testable import CalgenSupport

/// A shard's listing: authenticated over its exact bytes, and holding exactly the files of its
/// subscribers; a shard's folder read through a tree in memory.
@Suite struct ShardListingTests {
    static let secret = FeedSecret.development
    static let key = ShardManifest.key(secret: secret)
    static let rebuild = "build it again"

    /// A listing of shard 1/1 with the feed and page of each subscriber, and the files it names.
    static func shard(_ ids: [String]) -> (ShardManifest, [String: [UInt8]]) {
        var files = [String: [UInt8]]()
        var feeds = [ShardManifest.Feed]()
        var pages = [ShardManifest.Page]()
        for id in ids {
            let folder = "feeds/\(secret.token(for: id))/"
            let (feed, manifest, page) = (Array("feed \(id)".utf8), Array("{}".utf8), Array("<p>\(id)</p>".utf8))
            files[folder + id + ".ics"] = feed
            files[folder + id + ".json"] = manifest
            files[folder + "index.html"] = page
            feeds.append(
                ShardManifest.Feed(
                    subscriber: id, epoch: 0, path: folder + id + ".ics", sha256: Digest.sha256(feed), size: feed.count,
                    manifest: folder + id + ".json", manifestSHA256: Digest.sha256(manifest), manifestSize: manifest.count,
                    events: 1, changed: true))
            pages.append(ShardManifest.Page(path: folder + "index.html", sha256: Digest.sha256(page), size: page.count))
        }
        let shard = ShardManifest(
            format: ShardManifest.currentFormat, generator: Calgen.generator, shard: 1, of: 1, inputs: ["shards": "1"],
            feeds: feeds, pages: pages)
        return (shard, files)
    }

    @Test func aSignedListingReadsBackAndNoChangedByteDoes() throws {
        let (shard, _) = Self.shard(["a", "b"])
        let bytes = shard.signed(key: Self.key)
        let read = try ShardManifest.parse(bytes, file: "s/shard.json", key: Self.key, rebuild: Self.rebuild)
        #expect(read.feeds == shard.feeds && read.pages == shard.pages)
        // Every byte changed, one at a time (a sample of positions), and the whole under another key.
        for index in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(throws: ContentErrors.self) {
                try ShardManifest.parse(changed, file: "s/shard.json", key: Self.key, rebuild: Self.rebuild)
            }
        }
        let other = ShardManifest.key(secret: try FeedSecret("another-secret-0123456789"))
        #expect(throws: ContentErrors.self) {
            try ShardManifest.parse(bytes, file: "s/shard.json", key: other, rebuild: Self.rebuild)
        }
        // The same value, spelled otherwise (another order, spacing or escape), is refused too.
        let spaced = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\" : ", with: "\": ").utf8)
        #expect(throws: ContentErrors.self) {
            try ShardManifest.parse(spaced, file: "s/shard.json", key: Self.key, rebuild: Self.rebuild)
        }
    }

    @Test func aListingHoldsItsSubscribersFilesAndNothingElse() {
        let (shard, files) = Self.shard(["a", "b"])
        let (listing, problems) = ShardListing.check(
            shard, folder: "s", subscribers: ["a", "b"], secret: Self.secret, reserved: [], rebuild: Self.rebuild)
        #expect(problems.isEmpty)
        #expect(Set(listing.files.map(\.path)) == Set(files.keys))
        // A subscriber of another shard, a page left out, a page of no feed, a moved feed.
        var other = shard
        other.pages.removeFirst()
        other.pages.append(ShardManifest.Page(path: "index.html", sha256: String(repeating: "0", count: 64), size: 1))
        other.feeds[1].path = "feeds/holidays.ics"
        let (_, found) = ShardListing.check(
            other, folder: "s", subscribers: ["a"], secret: Self.secret, reserved: [], rebuild: Self.rebuild)
        let messages = found.map(\.message).joined(separator: "\n")
        #expect(messages.contains("whom this build does not give shard 1/1"), "\(messages)")
        #expect(messages.contains("the listing is incomplete"), "\(messages)")
        #expect(messages.contains("a page that is not the page of a feed"), "\(messages)")
    }

    @Test func aFolderHoldsRegularFilesOfOneLinkAndTheListedOnesAlone() throws {
        let (shard, files) = Self.shard(["a"])
        let (listing, _) = ShardListing.check(
            shard, folder: "s", subscribers: ["a"], secret: Self.secret, reserved: [], rebuild: Self.rebuild)
        var tree = MemorySourceTree(root: "s", files: files)
        tree.files[ShardManifest.path] = shard.signed(key: Self.key)
        #expect(listing.problems(of: try tree.entries(), shard: "shard 1/1", folder: "s", rebuild: Self.rebuild).isEmpty)
        let feed = listing.files[0].path
        tree.files["extra.html"] = Array("<script>".utf8)
        tree.others[feed] = SourceEntry(path: feed, kind: .link, size: 11, links: 1)
        tree.others[listing.files[1].path] = SourceEntry(path: listing.files[1].path, kind: .file, size: 2, links: 2)
        let found = listing.problems(of: try tree.entries(), shard: "shard 1/1", folder: "s", rebuild: Self.rebuild)
        let messages = found.map { $0.file + ": " + $0.message }.joined(separator: "\n")
        #expect(found.count == 3, "\(messages)")
        #expect(messages.contains("extra.html: shard 1/1: is not listed in shard.json"), "\(messages)")
        #expect(messages.contains("is a symbolic link"), "\(messages)")
        #expect(messages.contains("has 2 hard links"), "\(messages)")
        #expect(!messages.contains(Self.secret.token(for: "a")), "a token was printed")
        #expect(throws: SourceTreeError.self) { try tree.read(feed, limit: 100) }
    }

    @Test func manyDiagnosticsMakeABoundedReport() {
        let many = (0..<200_000).map { Diagnostic(file: "s/shard.json", message: "bogus \($0)") }
        let digest = DiagnosticDigest(many + [Diagnostic(file: "other", message: "one")])
        #expect(digest.shown.count == 11)
        #expect(digest.omittedLines == ["… and 199,990 more in s/shard.json"])
        #expect(DiagnosticDigest.grouped(1_234_567) == "1,234,567" && DiagnosticDigest.grouped(999) == "999")
    }
}
