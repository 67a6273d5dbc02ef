/// A tree of files that a build reads and did not write itself: listed, and read, under one
/// root, and never outside it. Content, templates and shard folders are read through one. On
/// disk (`DiskSourceTree`) no folder is entered through a symbolic link below the root, and only
/// regular files are read (never a pipe, a device or a socket); a tree may follow a link to a
/// single file whose target lies inside the root, and may refuse files with more than one hard
/// link, which could be a file outside it. In memory (`MemorySourceTree`) for tests and fuzzing.
package protocol SourceTree: Sendable {
    /// The root as the user names it, for messages.
    var root: String { get }

    /// The entries directly in `folder` (relative, `/`-separated; `""` is the root), sorted by
    /// path; `nil` when there is no such folder. A `folder` that is a link, or lies below one,
    /// is refused: no folder is read through a link.
    func list(_ folder: String) throws(SourceTreeError) -> [SourceEntry]?

    /// The bytes of the regular file at `path` (relative, `/`-separated), at most `limit` of them.
    func read(_ path: String, limit: Int) throws(SourceTreeError) -> [UInt8]

    /// The first `count` bytes of the regular file at `path` and its whole size, under the same
    /// rules as `read` but for the size limit: the head of a file (a feed manifest's fields
    /// before its events, a manifest's generator) without reading the rest.
    func prefix(_ path: String, count: Int) throws(SourceTreeError) -> (bytes: [UInt8], size: Int)
}

/// One entry of a `SourceTree`.
package struct SourceEntry: Equatable, Sendable {
    /// What an entry is.
    package enum Kind: String, Sendable {
        case file = "a regular file"
        case folder = "a folder"
        case link = "a symbolic link"
        case fifo = "a named pipe (FIFO)"
        case device = "a device"
        case socket = "a socket"
        case other = "not a regular file"
    }

    /// Relative to the root, `/`-separated.
    package let path: String
    package let kind: Kind
    package let size: Int
    /// Hard links to the entry's file.
    package let links: Int
    /// For a link, what its target is (`nil`: it leads nowhere, or it is no link).
    var target: Kind? = nil
    /// The entry's `FileStamp` on disk (`nil` in memory), taken when it was listed.
    package var stamp: [Int64]? = nil

    /// The entry's name, the last component of its path.
    package var name: Substring { path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? Substring(path) }

    /// Whether the entry is a folder, or a link to one (which is refused, never entered).
    package var isFolderLink: Bool { kind == .link && target == .folder }

    /// The stamps of the regular files among `entries` that have one, by path: what a build's
    /// record is asked to vouch for.
    package static func fileStamps(_ entries: [SourceEntry]) -> [String: [Int64]] {
        var stamps = [String: [Int64]]()
        for entry in entries where entry.kind == .file { stamps[entry.path] = entry.stamp }
        return stamps
    }
}

extension SourceTree {
    /// Every entry below `folder` (`""`: the whole tree), parents before children, sorted within
    /// each folder; `nil` when there is no such folder. Links are listed, never entered.
    package func walk(_ folder: String = "") throws(SourceTreeError) -> [SourceEntry]? {
        guard let entries = try list(folder) else { return nil }
        var all = [SourceEntry]()
        for entry in entries {
            all.append(entry)
            if entry.kind == .folder, let below = try walk(entry.path) { all += below }
        }
        return all
    }

    /// Every entry of the tree, parents before children.
    package func entries() throws(SourceTreeError) -> [SourceEntry] {
        try walk() ?? []
    }

    /// Refuses a relative path that leaves the root or names it: empty, absolute, `.` or `..`
    /// components, or a NUL.
    static func components(of path: String) throws(SourceTreeError) -> [Substring] {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.utf8.contains(0) })
        else { throw SourceTreeError(path: path, problem: .notInside) }
        return parts
    }
}
