#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tree of files that a build reads and did not write itself: listed, and read, under one
/// root, and never outside it. On disk (`DiskSourceTree`) no symbolic link is followed below
/// the root, and only regular files are read (never a pipe, a device or a socket); a tree may
/// also refuse files with more than one hard link, which could be a file outside it. In memory
/// (`MemorySourceTree`) for tests and fuzzing.
protocol SourceTree: Sendable {
    /// The root as the user names it, for messages.
    var root: String { get }

    /// Every entry below the root with its kind, size and links, parents before children;
    /// folders are entered, links are not followed.
    func entries() throws(SourceTreeError) -> [SourceEntry]

    /// The bytes of the regular file at `path` (relative, `/`-separated), at most `limit` of them.
    func read(_ path: String, limit: Int) throws(SourceTreeError) -> [UInt8]
}

/// One entry of a `SourceTree`.
struct SourceEntry: Equatable, Sendable {
    /// What an entry is.
    enum Kind: String, Sendable {
        case file = "a regular file"
        case folder = "a folder"
        case link = "a symbolic link"
        case fifo = "a named pipe (FIFO)"
        case device = "a device"
        case socket = "a socket"
        case other = "not a regular file"
    }

    /// Relative to the root, `/`-separated.
    let path: String
    let kind: Kind
    let size: Int
    /// Hard links to the entry's file.
    let links: Int
}

/// Why a tree's entry cannot be listed or read.
struct SourceTreeError: Error, Equatable, Sendable {
    /// Relative to the root.
    let path: String
    let reason: String
}

extension SourceTree {
    /// Refuses a relative path that leaves the root or names it: empty, absolute, `.` or `..`
    /// components, or a NUL.
    static func components(of path: String) throws(SourceTreeError) -> [Substring] {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.utf8.contains(0) })
        else { throw SourceTreeError(path: path, reason: "is not a path inside the folder") }
        return parts
    }
}

/// A tree on disk below `root` (the root itself may be a link the user gave; nothing below it is
/// followed). Every folder on the way to a file is opened relative to its parent with
/// `O_NOFOLLOW`, and the file itself too, then checked on the opened descriptor (`fstat`): a
/// link, a pipe, a device, a file with more than one link (`singleLink`) or over its limit is
/// refused, and the bytes read are those of the file checked.
struct DiskSourceTree: SourceTree {
    let root: String
    /// Refuse regular files with more than one hard link.
    var singleLink = false

    func entries() throws(SourceTreeError) -> [SourceEntry] {
        let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw SourceTreeError(path: ".", reason: "cannot be opened: \(String(cString: strerror(errno)))") }
        var entries = [SourceEntry]()
        try walk(fd, prefix: "", into: &entries)
        return entries
    }

    /// Lists the folder open at `fd` (and closes it), entering its folders.
    private func walk(_ fd: Int32, prefix: String, into entries: inout [SourceEntry]) throws(SourceTreeError) {
        guard let stream = fdopendir(fd) else {
            close(fd)
            throw SourceTreeError(path: prefix.isEmpty ? "." : prefix, reason: "cannot be listed")
        }
        defer { closedir(stream) }
        var folders = [String]()
        var names = [String]()
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        for name in names.sorted() {
            var info = stat()
            guard fstatat(dirfd(stream), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                throw SourceTreeError(path: prefix + name, reason: "cannot be read: \(String(cString: strerror(errno)))")
            }
            let kind = DiskSourceTree.kind(info)
            entries.append(
                SourceEntry(path: prefix + name, kind: kind, size: Int(info.st_size), links: Int(info.st_nlink)))
            if kind == .folder { folders.append(name) }
        }
        for name in folders {
            let child = openat(dirfd(stream), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0 else {
                throw SourceTreeError(path: prefix + name, reason: "cannot be opened: \(String(cString: strerror(errno)))")
            }
            try walk(child, prefix: prefix + name + "/", into: &entries)
        }
    }

    func read(_ path: String, limit: Int) throws(SourceTreeError) -> [UInt8] {
        let parts = try Self.components(of: path)
        func refuse(_ reason: String) -> SourceTreeError { SourceTreeError(path: path, reason: reason) }
        var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw refuse("cannot be read: the folder \(root) cannot be opened") }
        defer { close(folder) }
        for part in parts.dropLast() {
            var info = stat()
            guard fstatat(folder, String(part), &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw refuse("is missing") }
            guard DiskSourceTree.kind(info) == .folder else {
                throw refuse("lies below \(part), which is \(DiskSourceTree.kind(info).rawValue), not a folder")
            }
            let next = openat(folder, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { throw refuse("cannot be read: \(String(cString: strerror(errno)))") }
            close(folder)
            folder = next
        }
        let name = String(parts.last!)
        // The kind first, without opening: opening a device may itself do something.
        var before = stat()
        guard fstatat(folder, name, &before, AT_SYMLINK_NOFOLLOW) == 0 else { throw refuse("is missing") }
        try check(before, path: path, limit: limit)
        let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw refuse("cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_dev == before.st_dev, info.st_ino == before.st_ino else {
            throw refuse("was replaced while it was read")
        }
        try check(info, path: path, limit: limit)
        // At most `limit + 1` bytes: a file that grows while it is read is caught.
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), limit) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw in systemRead(fd, raw.baseAddress! + count, raw.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw refuse("cannot be read: \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            count += n
        }
        guard count <= limit, count == Int(info.st_size) else { throw refuse("changed size while it was read") }
        bytes.removeSubrange(count...)
        return bytes
    }

    private func check(_ info: stat, path: String, limit: Int) throws(SourceTreeError) {
        let kind = DiskSourceTree.kind(info)
        guard kind == .file else { throw SourceTreeError(path: path, reason: "is \(kind.rawValue), not a regular file") }
        guard !singleLink || info.st_nlink == 1 else {
            throw SourceTreeError(
                path: path, reason: "has \(info.st_nlink) hard links: it may be a file outside the folder")
        }
        guard Int(info.st_size) <= limit else {
            throw SourceTreeError(path: path, reason: "has \(info.st_size) bytes, more than the \(limit) allowed")
        }
    }

    static func kind(_ info: stat) -> SourceEntry.Kind {
        switch info.st_mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .folder
        case S_IFLNK: .link
        case S_IFIFO: .fifo
        case S_IFCHR, S_IFBLK: .device
        case S_IFSOCK: .socket
        default: .other
        }
    }
}

/// A tree in memory: regular files by path, and entries of other kinds, for tests and fuzzing.
struct MemorySourceTree: SourceTree {
    let root: String
    var files: [String: [UInt8]]
    /// Entries that are no regular file with one link (a link, a pipe, a hard-linked file), by path.
    var others: [String: SourceEntry] = [:]

    func entries() -> [SourceEntry] {
        var entries = [String: SourceEntry]()
        for (path, bytes) in files { entries[path] = SourceEntry(path: path, kind: .file, size: bytes.count, links: 1) }
        for (path, entry) in others { entries[path] = entry }
        for path in Array(entries.keys) {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                let folder = parts.joined(separator: "/")
                if entries[folder] == nil { entries[folder] = SourceEntry(path: folder, kind: .folder, size: 0, links: 1) }
                parts = parts.dropLast()
            }
        }
        return entries.values.sorted { $0.path < $1.path }
    }

    func read(_ path: String, limit: Int) throws(SourceTreeError) -> [UInt8] {
        _ = try Self.components(of: path)
        if let other = others[path] {
            guard other.kind == .file else {
                throw SourceTreeError(path: path, reason: "is \(other.kind.rawValue), not a regular file")
            }
            throw SourceTreeError(path: path, reason: "has \(other.links) hard links: it may be a file outside the folder")
        }
        guard let bytes = files[path] else { throw SourceTreeError(path: path, reason: "is missing") }
        guard bytes.count <= limit else {
            throw SourceTreeError(path: path, reason: "has \(bytes.count) bytes, more than the \(limit) allowed")
        }
        return bytes
    }
}

/// `read(2)` under a name that no member hides.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
    #elseif canImport(Darwin)
        Darwin.read(fd, buffer, count)
    #endif
}
