import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A new directory that only this user can open, for what must not be read by other users of
/// the machine: `calgen serve` builds personal feeds, whose paths are their secret, into one, and
/// `--previous-site` downloads their manifests into one.
public enum PrivateDirectory {
    /// Why the directory could not be made; the reason is the system's.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Creates `<parent>/<prefix>XXXXXX` with a name no one could have taken before (mkdtemp)
    /// and mode 0700, and checks that it is a directory of this user with exactly that mode.
    public static func create(in parent: String, prefix: String) throws(Failure) -> String {
        var template = ((parent.hasSuffix("/") ? parent : parent + "/") + prefix + "XXXXXX").utf8CString
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw Failure(description: "cannot create a private directory in \(parent): \(String(cString: strerror(errno)))")
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid(),
            info.st_mode & 0o7777 == 0o700
        else {
            rmdir(path)
            throw Failure(description: "\(path) is not a private directory (mode 0700 of this user)")
        }
        return path
    }
}
