import CalgenSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileTree {
    /// Removes a directory and everything below it, unlinking files on all cores (or, for a
    /// removal in the background, on the calling thread alone): removing an old output of tens
    /// of thousands of files one by one takes seconds.
    static func remove(_ root: String, onAllCores: Bool = true) {
        var listing = StatusListing()
        _ = walk(root, prefix: "", into: &listing)
        let paths = listing.files.map { root + "/" + $0.path }
        if onAllCores {
            _ = ParallelMap.map(paths, chunksOf: 256) { chunk in
                for path in chunk { unlink(path) }
            }
        } else {
            for path in paths { unlink(path) }
        }
        // Deepest first, so that every folder is empty when its turn comes.
        for folder in listing.folders.sorted(by: { $0.count > $1.count }) { rmdir(root + "/" + folder) }
        rmdir(root)
    }
}
