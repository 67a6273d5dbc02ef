import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written whole beside the one it will replace, under a name no one could have prepared:
/// `.<final>.<tag>-<random>` (one leading dot), created with `O_CREAT | O_EXCL | O_NOFOLLOW` in a folder opened
/// once, so that a file or a symbolic link planted at a predictable name is never opened (another
/// name is drawn), then synced to disk. The caller renames it over the final name with
/// `renameat` through the same folder descriptor, or removes it.
package enum ExclusiveTemporaryFile {
    /// A failed system call, with its reason.
    package struct Failure: Error {
        package let reason: String
        init(_ call: String) { reason = call + ": " + String(cString: strerror(errno)) }
        init(reason: String) { self.reason = reason }
    }

    /// Creates a new file holding `bytes` in the folder `folder` (a descriptor) beside `final`, and
    /// returns its name. `names` draws the random part (tests choose it).
    package static func create(
        _ bytes: [UInt8], in folder: Int32, beside final: String, tag: String, mode: mode_t = 0o644,
        names: () -> String = { String(UInt64.random(in: .min ... .max), radix: 16) }
    ) throws(Failure) -> String {
        var fd: Int32 = -1
        var name = ""
        for _ in 0..<16 {
            name = (final.hasPrefix(".") ? "" : ".") + "\(final).\(tag)-" + names()
            fd = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else {
            throw errno == EEXIST ? Failure(reason: "no unused temporary name beside it") : Failure("open \(name)")
        }
        var ok = true
        var failure = Failure(reason: "")
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    ok = false
                    failure = Failure("write \(name)")
                    return
                }
                offset += n
            }
        }
        if ok && fsync(fd) != 0 {
            ok = false
            failure = Failure("fsync \(name)")
        }
        if close(fd) != 0 && ok {
            ok = false
            failure = Failure("close \(name)")
        }
        guard ok else {
            unlinkat(folder, name, 0)
            throw failure
        }
        return name
    }

    /// Replaces the file at `path` by `bytes` whole or not at all: a temporary file made by
    /// `create` in `path`'s folder, renamed over `path` (which, a symbolic link or not, is
    /// replaced and never followed). Returns whether the file was replaced.
    @discardableResult
    package static func replace(_ path: String, with bytes: [UInt8], tag: String, mode: mode_t = 0o644) -> Bool {
        let url = URL(fileURLWithPath: path)
        let final = url.lastPathComponent
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return false }
        defer { close(folder) }
        guard let name = try? create(bytes, in: folder, beside: final, tag: tag, mode: mode) else { return false }
        guard renameat(folder, name, folder, final) == 0 else {
            unlinkat(folder, name, 0)
            return false
        }
        return true
    }
}
