import CalgenSupport
import Foundation

/// Where the whole manifests of the previous build's feeds are read from: only when a feed is
/// rendered again (its events keep their `SEQUENCE`) or checked before it is kept as it is.
/// The heads of all of them are read once, when the previous output is loaded.
package protocol FeedManifestStore: Sendable {
    /// The bytes of the manifest at `path` below the site (`feeds/<token>/<id>.json`); `nil`
    /// when it cannot be read.
    func bytes(of path: String) -> [UInt8]?
    /// How messages name that manifest.
    func file(of path: String) -> String
}

/// The feed manifests of an output directory, or of the folder of `--previous-manifest`, read
/// through its tree: regular files within the feed manifest's limit, no folder through a link.
struct DiskFeedManifestStore: FeedManifestStore {
    let tree: DiskSourceTree

    /// The folder the site's paths start from.
    init(root: String) {
        tree = DiskSourceTree(root: root)
    }

    func bytes(of path: String) -> [UInt8]? {
        try? tree.read(path, limit: ManifestLimits.feedManifestBytes)
    }

    func file(of path: String) -> String { tree.root + "/" + path }
}

/// The feed manifests of a build held in memory.
struct MemoryFeedManifestStore: FeedManifestStore {
    let files: [String: [UInt8]]

    func bytes(of path: String) -> [UInt8]? { files[path] }

    func file(of path: String) -> String { path }
}
