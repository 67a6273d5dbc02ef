import CalgenSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The SHA-256 of each input file the last build hashed, with the `lstat` it had then (device,
/// inode, size, modification and change times to the nanosecond), kept in the output's
/// `BuildRecord`. A file whose `lstat` is still the recorded one
/// is not read again: its recorded digest stands for its bytes.
///
/// A file is recorded only when its stamp may be trusted (`FileStamp.isSettled`: its change time
/// lies `FileStamp.settled` seconds before the moment it was examined). Anything else (a newer
/// file, a name with a tab or line break, an unreadable file) is simply read and hashed every time.
package struct InputFingerprints: Sendable, Equatable {
    /// One file's `lstat` when it was hashed, and the digest.
    struct Entry: Sendable, Equatable {
        var stat: [Int64]
        var digest: String
    }

    /// By `label<TAB>path` (`content`/`templates`, the path relative to that directory).
    var entries: [String: Entry] = [:]

    /// The recorded digest of `label`/`path` when its `lstat` is still `info`.
    func digest(_ label: String, _ path: String, _ info: stat) -> String? {
        guard let entry = entries[label + "\t" + path], entry.stat == FileStamp.of(info) else { return nil }
        return entry.digest
    }
}

extension InputFingerprints {
    /// What the record vouches for of the content files listed now with `stamps` (by path below
    /// the content folder): for each file whose recorded fingerprint still has that stamp and
    /// names the digest `recorded` gives for its path, what `read` makes of it, on all cores. A
    /// file `recorded` knows nothing of, or `read` gives nothing for, is left out: it is read.
    func unchanged<Known: Sendable>(
        _ stamps: [String: [Int64]], recorded: (String) -> String?, read: @escaping @Sendable (String) -> Known?
    ) -> [String: Known] {
        let paths = stamps.compactMap { path, stamp -> String? in
            guard let digest = recorded(path), let print = entries["content\t" + path], print.stat == stamp,
                print.digest == digest
            else { return nil }
            return path
        }
        let known = ParallelMap.map(paths, chunksOf: 256) { chunk in chunk.map { path in read(path).map { (path, $0) } } }
        var unchanged = [String: Known](minimumCapacity: paths.count)
        for chunk in known { for case (let path, let value)? in chunk { unchanged[path] = value } }
        return unchanged
    }
}
