import CalgenCore
import CalgenModel
import CalgenSupport
import Foundation

/// The head of one feed manifest of the previous build, read when the previous output is loaded;
/// the whole manifest is read from the `FeedManifestStore` when it is needed.
package struct PreviousFeed: Sendable {
    /// The manifest's path below the site (`feeds/<token>/<id>.json`).
    package let path: String
    /// Its size in bytes.
    package let size: Int
    /// The fields before the events, which tell whether the feed can be kept as it is. A head
    /// with values calgen never writes is no head: the feed is rendered again, and reading its
    /// whole manifest reports what is wrong.
    package let head: FeedManifest.Head?

    init(path: String, size: Int, prefix: ArraySlice<UInt8>) {
        self.path = path
        self.size = size
        head = FeedManifest.Head(prefix: prefix).flatMap { $0.isValid ? $0 : nil }
    }

    /// A manifest the output's `BuildRecord` vouches for, its head taken from the record: the
    /// inputs are the manifest's key there, the digest and size those of its feed.
    init(path: String, size: Int, head: FeedManifest.Head) {
        self.path = path
        self.size = size
        self.head = head.isValid ? head : nil
    }

    /// The head of the manifest at `path` as `record` vouches for it (the manifest and its feed
    /// both shown as recorded, the manifest with a key); `nil` when it does not.
    static func recorded(_ path: String, in vouched: [String: BuildRecord.Artifact]) -> PreviousFeed? {
        guard let manifest = vouched[path], let inputs = manifest.key,
            let feed = vouched[FeedPath.feed(ofManifest: path)], let sha256 = feed.sha256
        else { return nil }
        return PreviousFeed(
            path: path, size: Int(manifest.stamp.size),
            head: FeedManifest.Head(inputs: inputs, sha256: sha256, size: Int(feed.stamp.size)))
    }

    /// How many bytes of a manifest hold its head.
    static let headBytes = 1024

    /// Reads the head of the manifest at `path` in `tree`; `nil` when it cannot be read (it is
    /// missing, or no regular file: a pipe is never opened).
    static func readHead(in tree: any SourceTree, path: String) -> PreviousFeed? {
        guard let head = try? tree.prefix(path, count: headBytes) else { return nil }
        return PreviousFeed(path: path, size: head.size, prefix: head.bytes[...])
    }
}
