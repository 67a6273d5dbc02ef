import CalgenModel
import CalgenSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An earlier output reused as the staging directory of a build: most of its files are hard
/// links to the very files the current output holds, so a build that changes a few files only
/// replaces those instead of linking tens of thousands again (and the tree the swap retires is
/// moved aside for the next build to reuse, never removed file by file).
///
/// Nothing in it is trusted. When it is taken, everything in it that is not a directory or a
/// regular file (a symbolic link, a pipe) is removed, so that no write can go through a link.
/// A file is kept only where it is the same inode as the output's file at that path; any other
/// file there is replaced, and a file no planned path names is removed. A file in it is never
/// written: new bytes always go into a new file (`StagedOutput.writeFile` removes the name
/// first), since its inode may be the live output's.
package struct RecycledTree: Sendable {
    /// Where a regular file lies on the disk: the same device and inode are the same file.
    package struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }

        init(device: UInt64, inode: UInt64) {
            (self.device, self.inode) = (device, inode)
        }

        /// The identity a `BuildRecord.Stamp` names (its numbers are the `lstat`'s, as signed).
        package init(device: Int64, inode: Int64) {
            self.device = UInt64(bitPattern: device)
            self.inode = UInt64(bitPattern: inode)
        }
    }

    /// Every regular file below the root, by path relative to it.
    let files: [String: Identity]
    /// Every folder below the root, relative to it.
    let folders: [String]

    /// Takes the tree at `root` (a directory, not a link: the caller checked it with `lstat`);
    /// `nil` when it cannot be read or cleaned whole (then it is not reused).
    /// With `output`, the retired record beside it lists the tree when the tree still shows it
    /// (`RetiredRecord`): then nothing in it is walked.
    static func take(_ root: String, output: String? = nil) -> RecycledTree? {
        if let output, let listing = RetiredRecord.listing(of: root, output: output) {
            return RecycledTree(files: listing.files, folders: listing.folders)
        }
        if let listing = DirectoryListing.read(root) {
            for path in listing.others {
                guard unlink(root + "/" + path) == 0 else { return nil }
            }
            return RecycledTree(files: listing.files, folders: listing.folders)
        }
        guard let (entries, folders) = FileTree.entries(under: root) else { return nil }
        var files = [String: Identity]()
        files.reserveCapacity(entries.count)
        for entry in entries {
            if entry.status.st_mode & S_IFMT == S_IFREG {
                files[entry.path] = Identity(entry.status)
            } else {
                guard unlink(root + "/" + entry.path) == 0 else { return nil }
            }
        }
        return RecycledTree(files: files, folders: folders)
    }

    /// Removes, below `root`, the files and folders of this tree that `planned` (the paths of
    /// every file of the next output, sorted) does not name, deepest folders last. `found` is how
    /// many of them this tree holds: when that is all of its files, none is to be removed.
    func removeUnplanned(below root: String, planned: [String], found: Int) throws(OutputError) {
        if found < files.count {
            let keep = Set(planned)
            let extra = files.keys.filter { !keep.contains($0) }.map { root + "/" + $0 }
            let failed = ParallelMap.map(extra, chunksOf: 256) { chunk in
                chunk.first { unlink($0) != 0 && errno != ENOENT }
            }
            if let path = failed.compactMap({ $0 }).first {
                throw OutputError(path: path, reason: "cannot remove a file of the reused staging directory")
            }
        }
        let needed = FolderNames.of(planned, withParents: true)
        for folder in folders.filter({ !needed.contains($0) }).sorted(by: { $0.count > $1.count }) {
            let path = root + "/" + folder
            if rmdir(path) != 0 && errno != ENOENT { FileTree.remove(path) }
        }
    }
}
