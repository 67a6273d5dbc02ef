#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's `lstat` as far as any change of the file changes it (device, inode, size, and the
/// modification and change times to the nanosecond), and whether it may stand for the file's
/// bytes.
///
/// The change time cannot be set by anyone but the kernel, which sets it to the clock's time on
/// every change of the file (rewritten, replaced, renamed over, touched, `cp -p`). A stamp is
/// trusted only when the change time lies `settled` seconds before the moment the file was
/// examined: a change after that moment gives it a later change time, even on a file system whose
/// clock ticks coarsely, so the file can never look as it was.
package enum FileStamp {
    /// How long before it is examined a file must have last changed for its stamp to be trusted.
    static let settled: Int64 = 2

    /// The fields of an `lstat` that any change of the file changes.
    package static func of(_ info: stat) -> [Int64] {
        let (modified, changed) = times(info)
        return [Int64(info.st_dev), Int64(bitPattern: UInt64(info.st_ino)), Int64(info.st_size), modified, changed]
    }

    /// The modification and change times of an `lstat`, in nanoseconds since 1970.
    package static func times(_ info: stat) -> (modified: Int64, changed: Int64) {
        #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        return (
            Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
            Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec)
        )
    }

    /// Whether a file with this `lstat`, examined at `now` (seconds since 1970), may be recorded.
    package static func isSettled(_ info: stat, now: Int64) -> Bool {
        #if canImport(Darwin)
            let changed = Int64(info.st_ctimespec.tv_sec)
        #else
            let changed = Int64(info.st_ctim.tv_sec)
        #endif
        return changed < now - settled
    }

    /// `stamp` (of a regular file, examined at `now`) when it may be trusted, else nil.
    package static func settled(_ stamp: [Int64], now: Int64) -> [Int64]? {
        stamp.count == 5 && stamp[4] / 1_000_000_000 < now - settled ? stamp : nil
    }
}
