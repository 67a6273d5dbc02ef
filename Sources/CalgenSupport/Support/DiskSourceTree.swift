import CCalgenSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tree on disk below `root` (the root itself may be a link the user gave; no folder below it
/// is entered through one). Every folder on the way to a file is opened relative to its parent
/// with `O_NOFOLLOW`, and the file itself too, then checked on the opened descriptor (`fstat`): a
/// pipe, a device, a file with more than one link (`singleLink`) or over its limit is refused,
/// and the bytes read are those of the file checked. A link to a single file is read only with
/// `fileLinks`, and only when its target, every link resolved, lies inside the root.
package struct DiskSourceTree: SourceTree {
    package let root: String
    /// Refuse regular files with more than one hard link.
    var singleLink = false
    /// Read a link to a single file whose target lies inside the root (content and templates:
    /// a publisher may link `site.yml` to a shared one); without it every link is refused.
    var fileLinks = false

    package init(root: String, singleLink: Bool = false, fileLinks: Bool = false) {
        (self.root, self.singleLink, self.fileLinks) = (root, singleLink, fileLinks)
    }

    package func list(_ folder: String) throws(SourceTreeError) -> [SourceEntry]? {
        let fd: Int32
        do throws(SourceTreeError) {
            fd = try open(folder: folder)
        } catch  where error.problem == .missing {
            return nil
        }
        guard let stream = fdopendir(fd) else {
            close(fd)
            throw SourceTreeError(path: folder.isEmpty ? "." : folder, problem: .unreadable("it cannot be listed"))
        }
        defer { closedir(stream) }
        let prefix = folder.isEmpty ? "" : folder + "/"
        var names = [String]()
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        var entries = [SourceEntry]()
        for name in names.sorted() {
            var info = stat()
            guard fstatat(dirfd(stream), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                if errno == ENOENT { continue }  // removed since it was listed
                throw SourceTreeError(path: prefix + name, problem: .unreadable(String(cString: strerror(errno))))
            }
            var entry = SourceEntry(
                path: prefix + name, kind: Self.kind(info), size: Int(info.st_size), links: Int(info.st_nlink),
                stamp: FileStamp.of(info))
            if entry.kind == .link {
                var target = stat()
                if fstatat(dirfd(stream), name, &target, 0) == 0 { entry.target = Self.kind(target) }
            }
            entries.append(entry)
        }
        return entries
    }

    package func read(_ path: String, limit: Int) throws(SourceTreeError) -> [UInt8] {
        let (fd, size) = try opened(path, limit: limit)
        defer { close(fd) }
        return try Self.bytes(of: fd, size: size, path: path, limit: limit)
    }

    package func prefix(_ path: String, count: Int) throws(SourceTreeError) -> (bytes: [UInt8], size: Int) {
        let (fd, size) = try opened(path, limit: .max)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: min(size, count))
        bytes.removeSubrange(try Self.fill(&bytes, from: fd, path: path)...)
        return (bytes, size)
    }

    /// The regular file at `path`, opened once it and every folder on the way passed the tree's
    /// rules, and its size.
    private func opened(_ path: String, limit: Int) throws(SourceTreeError) -> (fd: Int32, size: Int) {
        let parts = try Self.components(of: path)
        if let direct = openedDirectly(path, limit: limit) { return direct }
        let folder = try open(folder: parts.dropLast().joined(separator: "/"), reading: path)
        defer { close(folder) }
        let name = String(parts.last!)
        // The kind first, without opening: opening a device may itself do something.
        var before = stat()
        guard fstatat(folder, name, &before, AT_SYMLINK_NOFOLLOW) == 0 else {
            throw SourceTreeError(path: path, problem: .missing)
        }
        if fileLinks && Self.kind(before) == .link { return try openedLink(path, limit: limit) }
        let fd = try openChecked(before, at: folder, name, path: path, limit: limit)
        return (fd, Int(before.st_size))
    }

    /// The regular file at `path` opened in one call where the system can (`openat2`, below
    /// the root and through no link), when it passes the tree's rules on the way in and once
    /// open; `nil` for anything else (a link, a pipe, a file over its limit, a system without
    /// the call), which the walk one component at a time then opens or tells precisely. A file
    /// of 10,000 folders below `feeds/` costs seven system calls instead of twelve.
    private func openedDirectly(_ path: String, limit: Int) -> (fd: Int32, size: Int)? {
        let rootFD = SystemCall.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return nil }
        defer { close(rootFD) }
        // The kind first, without opening (this look-up may pass through a link: then the open
        // below fails, or finds another file than this one, and the walk decides).
        var before = stat()
        guard fstatat(rootFD, path, &before, AT_SYMLINK_NOFOLLOW) == 0, (try? check(before, path: path, limit: limit)) != nil
        else { return nil }
        let fd = calgen_open_beneath(rootFD, path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_dev == before.st_dev, info.st_ino == before.st_ino,
            (try? check(info, path: path, limit: limit)) != nil
        else {
            close(fd)
            return nil
        }
        return (fd, Int(before.st_size))
    }

    /// Opens the folder `folder` (relative; `""` is the root) one component at a time, never
    /// through a link. `reading` names the file being read, for messages.
    private func open(folder: String, reading: String? = nil) throws(SourceTreeError) -> Int32 {
        let path = reading ?? folder
        var fd = SystemCall.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw SourceTreeError(
                path: path,
                problem: errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        for part in folder.split(separator: "/") {
            var info = stat()
            guard fstatat(fd, String(part), &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                close(fd)
                throw SourceTreeError(path: path, problem: .missing)
            }
            guard Self.kind(info) == .folder else {
                close(fd)
                throw SourceTreeError(path: path, problem: .below(String(part), Self.kind(info)))
            }
            let next = openat(fd, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(fd)
            guard next >= 0 else { throw SourceTreeError(path: path, problem: .unreadable(String(cString: strerror(errno)))) }
            fd = next
        }
        return fd
    }

    /// A link to a single file: opened when its target, every link resolved, lies inside the root.
    private func openedLink(_ path: String, limit: Int) throws(SourceTreeError) -> (fd: Int32, size: Int) {
        guard let target = RealPath.of(root + "/" + path) else { throw SourceTreeError(path: path, problem: .missing) }
        guard let inside = RealPath.of(root), RealPath.isSameOrAncestor(inside, of: target) else {
            throw SourceTreeError(path: path, problem: .outside(target))
        }
        var before = stat()
        guard lstat(target, &before) == 0 else { throw SourceTreeError(path: path, problem: .missing) }
        return (try openChecked(before, at: AT_FDCWD, target, path: path, limit: limit), Int(before.st_size))
    }

    /// Opens the entry `name` of the folder `folder` whose `lstat` is `before`, once the entry and
    /// then the opened file pass the tree's rules.
    private func openChecked(
        _ before: stat, at folder: Int32, _ name: String, path: String, limit: Int
    ) throws(SourceTreeError) -> Int32 {
        try check(before, path: path, limit: limit)
        let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw SourceTreeError(path: path, problem: .unreadable(String(cString: strerror(errno)))) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_dev == before.st_dev, info.st_ino == before.st_ino else {
            close(fd)
            throw SourceTreeError(path: path, problem: .changed)
        }
        do throws(SourceTreeError) {
            try check(info, path: path, limit: limit)
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// The bytes of the open file, which `fstat` gave `size`: at most `limit + 1` are read, so a
    /// file that grows while it is read is caught.
    private static func bytes(of fd: Int32, size: Int, path: String, limit: Int) throws(SourceTreeError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: min(size, limit) + 1)
        let count = try fill(&bytes, from: fd, path: path)
        guard count <= limit else { throw SourceTreeError(path: path, problem: .tooLarge(count, limit: limit)) }
        guard count == size else { throw SourceTreeError(path: path, problem: .changed) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Reads from the open file into `bytes` until they are full or the file ends; the count read.
    private static func fill(_ bytes: inout [UInt8], from fd: Int32, path: String) throws(SourceTreeError) -> Int {
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw in SystemCall.read(fd, raw.baseAddress! + count, raw.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw SourceTreeError(path: path, problem: .unreadable(String(cString: strerror(errno)))) }
            if n == 0 { break }
            count += n
        }
        return count
    }

    private func check(_ info: stat, path: String, limit: Int) throws(SourceTreeError) {
        let kind = DiskSourceTree.kind(info)
        guard kind == .file else { throw SourceTreeError(path: path, problem: .notFile(kind)) }
        guard !singleLink || info.st_nlink == 1 else {
            throw SourceTreeError(path: path, problem: .hardLinks(Int(info.st_nlink)))
        }
        guard Int(info.st_size) <= limit else {
            throw SourceTreeError(path: path, problem: .tooLarge(Int(info.st_size), limit: limit))
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
