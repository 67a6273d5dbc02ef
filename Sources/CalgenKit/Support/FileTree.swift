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
        var files: [(path: String, status: stat)] = []
        var folders = [String]()
        guard walk(root, prefix: "", into: &files, folders: &folders) else { return nil }
        return files
    }

    static func walk(
        _ directory: String, prefix: String, into files: inout [(path: String, status: stat)], folders all: inout [String]
    ) -> Bool {
        guard let stream = opendir(directory) else { return false }
        defer { closedir(stream) }
        let fd = dirfd(stream)
        var folders = [String]()
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: folders.append(name)
            // Links, pipes and devices are listed too (never followed): a build's inputs must see
            // them, and removing a tree must remove them.
            default: files.append((prefix + name, info))
            }
        }
        for folder in folders {
            all.append(prefix + folder)
            guard walk(directory + "/" + folder, prefix: prefix + folder + "/", into: &files, folders: &all) else { return false }
        }
        return true
    }
}
