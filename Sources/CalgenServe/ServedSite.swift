import Foundation

/// The files `calgen serve` answers with: a built folder, or a site held in memory.
public protocol ServedSite: Sendable {
    /// The bytes of the file at `path`, relative to the site (`2026/index.html`), or nil.
    func file(_ path: String) -> [UInt8]?

    /// Whether `path`, relative to the site (`2026`; empty for the site itself), is a folder.
    func isFolder(_ path: String) -> Bool
}

/// The files of a folder on the disk.
public struct DiskSite: ServedSite {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    public func file(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: full(path)).map { Array($0) }
    }

    public func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: full(path), isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private func full(_ path: String) -> String { path.isEmpty ? root : root + "/" + path }
}
