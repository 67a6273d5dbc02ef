#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The regular files below a directory with their sizes, read with `readdir` and `fstatat`:
/// an output holds tens of thousands of files, which Foundation's enumerator walks slowly.
package enum FileTree {
    /// Paths relative to `root`, in no particular order; `nil` when `root` cannot be read.
    package static func files(under root: String) -> [(path: String, size: Int)]? {
        statuses(under: root)?.map { ($0.path, Int($0.status.st_size)) }
    }

    /// The same with each entry's whole `lstat`, for fingerprints of inputs.
    package static func statuses(under root: String) -> [(path: String, status: stat)]? {
        entries(under: root)?.files
    }

    /// Every entry below `root` with its whole `lstat`, and every folder (parents first).
    package static func entries(under root: String) -> (files: [(path: String, status: stat)], folders: [String])? {
        listing(root, as: StatusListing.self).map { ($0.files, $0.folders) }
    }

    /// The listing of every folder below `root`, folders parents first: the first two levels
    /// here, the folders below them walked on all cores (an output keeps ten thousand folders in
    /// `feeds/`); `nil` when one cannot be listed.
    package static func listing<Listing: TreeListing>(_ root: String, as: Listing.Type) -> Listing? {
        var listing = Listing()
        var pending = [""]
        for _ in 0..<2 {
            var next = [String]()
            for prefix in pending {
                guard listing.add(root + "/" + prefix, prefix: prefix, folders: &next) else { return nil }
            }
            listing.folders += next
            pending = next.map { $0 + "/" }
        }
        let parts = ParallelMap.map(pending, chunksOf: 64) { chunk -> Listing? in
            var part = Listing()
            for prefix in chunk {
                guard walk(root + "/" + prefix, prefix: prefix, into: &part) else { return nil }
            }
            return part
        }
        for part in parts {
            guard let part else { return nil }
            listing.append(part)
        }
        return listing
    }

    /// Every entry below `directory`, recursively, into `listing`: folders parents first.
    package static func walk<Listing: TreeListing>(_ directory: String, prefix: String, into listing: inout Listing) -> Bool {
        var below = [String]()
        guard listing.add(directory, prefix: prefix, folders: &below) else { return false }
        for folder in below {
            listing.folders.append(folder)
            guard walk(directory + "/" + folder.dropFirst(prefix.count), prefix: folder + "/", into: &listing) else {
                return false
            }
        }
        return true
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
}

/// What a walk of a tree (`FileTree.listing`) gathers, folder by folder, on several threads.
package protocol TreeListing: Sendable {
    init()
    /// Every folder listed so far, relative to the root.
    var folders: [String] { get set }
    /// Adds the entries of the folder at `directory` (`prefix` its path relative to the root,
    /// with a trailing slash, or empty), the paths of its folders into `below`; false when it
    /// cannot be listed.
    mutating func add(_ directory: String, prefix: String, folders below: inout [String]) -> Bool
    /// Adds what another part of the walk gathered.
    mutating func append(_ part: Self)
}

/// Every entry with its whole `lstat`.
package struct StatusListing: TreeListing {
    package var files: [(path: String, status: stat)] = []
    package var folders: [String] = []

    package init() {}

    package mutating func add(_ directory: String, prefix: String, folders below: inout [String]) -> Bool {
        FileTree.list(directory, prefix: prefix, into: &files, folders: &below)
    }

    package mutating func append(_ part: StatusListing) {
        files += part.files
        folders += part.folders
    }
}
