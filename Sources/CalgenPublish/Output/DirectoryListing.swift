import CCalgenSystem
import CalgenSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tree's entries read from its directory listings alone: each entry's kind and inode as
/// `readdir` gives them (`d_type`, `d_ino`), each folder's device from one `fstat` of it. An
/// earlier output reused for staging holds tens of thousands of files: this takes one
/// `getdents` for many entries where an `lstat` of each took one system call apiece.
///
/// Only on the file systems where a listing's inode is the file's own (`lstat`'s `st_ino`):
/// ext4, XFS, Btrfs and tmpfs on Linux. Elsewhere (an overlay file system may number a
/// listing's entries otherwise, and a reused file is kept only where it is the very inode the
/// output holds) there is no listing, and the tree is walked with an `lstat` of every entry.
struct DirectoryListing: TreeListing {
    /// Every regular file below the root, by path relative to it.
    var files: [String: RecycledTree.Identity] = [:]
    /// Every entry that is neither a regular file nor a folder (a link, a pipe), relative to it.
    var others: [String] = []
    /// Every folder below the root, relative to it.
    var folders: [String] = []

    /// The listing of the tree at `root`; `nil` when it cannot be read whole, or its file system
    /// is not one where listings give inodes that can be trusted.
    static func read(_ root: String) -> DirectoryListing? {
        guard listsInodes(root) else { return nil }
        return FileTree.listing(root, as: DirectoryListing.self)
    }

    mutating func append(_ part: DirectoryListing) {
        files.merge(part.files) { first, _ in first }
        others += part.others
        folders += part.folders
    }

    /// Adds the entries of one folder, its folders' paths into `below`.
    mutating func add(_ directory: String, prefix: String, folders below: inout [String]) -> Bool {
        guard let stream = opendir(directory) else { return false }
        defer { closedir(stream) }
        let fd = dirfd(stream)
        var folder = stat()
        guard fstat(fd, &folder) == 0 else { return false }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            var kind = Int(entry.pointee.d_type)
            var identity = RecycledTree.Identity(device: UInt64(folder.st_dev), inode: UInt64(entry.pointee.d_ino))
            if kind == Int(DT_UNKNOWN) {
                // A listing that does not tell the kind: the entry is examined.
                var info = stat()
                guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: kind = Int(DT_DIR)
                case S_IFREG: kind = Int(DT_REG)
                default: kind = Int(DT_LNK)
                }
                identity = RecycledTree.Identity(info)
            }
            switch kind {
            case Int(DT_DIR): below.append(prefix + name)
            case Int(DT_REG): files[prefix + name] = identity
            default: others.append(prefix + name)
            }
        }
        return true
    }

    /// Whether the file system of `root` is one whose listings give each entry's own inode.
    private static func listsInodes(_ root: String) -> Bool {
        calgen_listing_gives_inodes(root) == 1
    }
}
