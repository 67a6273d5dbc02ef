import CalgenCore
import Foundation

/// The head of one feed manifest of the previous build, read when the previous output is loaded;
/// the whole manifest is read from the `FeedManifestStore` when it is needed.
struct PreviousFeed: Sendable {
    /// The manifest's path below the site (`feeds/<token>/<id>.json`).
    let path: String
    /// Its size in bytes.
    let size: Int
    /// The fields before the events, which tell whether the feed can be kept as it is. A head
    /// with values calgen never writes is no head: the feed is rendered again, and reading its
    /// whole manifest reports what is wrong.
    let head: FeedManifest.Head?

    init(path: String, size: Int, prefix: ArraySlice<UInt8>) {
        self.path = path
        self.size = size
        head = FeedManifest.Head(prefix: prefix).flatMap { $0.isValid ? $0 : nil }
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
