#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The regular files below a directory with their sizes, read with `readdir` and `fstatat`:
/// an output holds tens of thousands of files, which Foundation's enumerator walks slowly.
enum FileTree {
    /// Paths relative to `root`, in no particular order; `nil` when `root` cannot be read.
    static func files(under root: String) -> [(path: String, size: Int)]? {
        statuses(under: root)?.map { ($0.path, Int($0.status.st_size)) }
    }

    /// The same with each entry's whole `lstat`, for fingerprints of inputs.
    static func statuses(under root: String) -> [(path: String, status: stat)]? {
        entries(under: root)?.files
    }

    /// Every entry below `root` with its whole `lstat`, and every folder (parents first). The
    /// first two levels are listed here, the folders below them walked on all cores (an output
    /// keeps ten thousand folders in `feeds/`).
    static func entries(under root: String) -> (files: [(path: String, status: stat)], folders: [String])? {
        var files: [(path: String, status: stat)] = []
        var folders = [String]()
        var pending = [""]
        for _ in 0..<2 {
            var next = [String]()
            for prefix in pending {
                guard list(root + "/" + prefix, prefix: prefix, into: &files, folders: &next) else { return nil }
            }
            folders += next
            pending = next.map { $0 + "/" }
        }
        let below = ParallelMap.map(pending, chunksOf: 64) {
            chunk -> (files: [(path: String, status: stat)], folders: [String])? in
            var files: [(path: String, status: stat)] = []
            var folders = [String]()
            for prefix in chunk {
                guard walk(root + "/" + prefix, prefix: prefix, into: &files, folders: &folders) else { return nil }
            }
            return (files, folders)
        }
        for part in below {
            guard let part else { return nil }
            files += part.files
            folders += part.folders
        }
        return (files, folders)
    }

    /// The entries of one folder: files (and links, pipes, devices) into `files`, the paths of
    /// its folders into `folders`.
    static func list(
        _ directory: String, prefix: String, into files: inout [(path: String, status: stat)], folders: inout [String]
    ) -> Bool {
        guard let stream = opendir(directory) else { return false }
        defer { closedir(stream) }
        let fd = dirfd(stream)
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: folders.append(prefix + name)
            // Links, pipes and devices are listed too (never followed): a build's inputs must see
            // them, and removing a tree must remove them.
            default: files.append((prefix + name, info))
            }
        }
        return true
    }

    /// Every entry below `directory`, recursively: files into `files`, folders (parents first)
    /// into `all`.
    static func walk(
        _ directory: String, prefix: String, into files: inout [(path: String, status: stat)], folders all: inout [String]
    ) -> Bool {
        var folders = [String]()
        guard list(directory, prefix: prefix, into: &files, folders: &folders) else { return false }
        for folder in folders {
            all.append(folder)
            guard walk(directory + "/" + folder.dropFirst(prefix.count), prefix: folder + "/", into: &files, folders: &all)
            else { return false }
        }
        return true
    }
}
