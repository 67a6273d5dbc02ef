import CalgenCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The head of one feed manifest of the previous build, read when the previous output is loaded;
/// the whole manifest is read from the `FeedManifestStore` when it is needed.
struct PreviousFeed: Sendable {
    /// The manifest's path below the site (`feeds/<token>/<id>.json`).
    let path: String
    /// Its size in bytes.
    let size: Int
    /// The fields before the events, which tell whether the feed can be kept as it is. A head
    /// with values calgen never writes is no head: the feed is rendered again, and reading its
    /// whole manifest reports what is wrong.
    let head: FeedManifest.Head?

    init(path: String, size: Int, prefix: ArraySlice<UInt8>) {
        self.path = path
        self.size = size
        head = FeedManifest.Head(prefix: prefix).flatMap { $0.isValid ? $0 : nil }
    }

    /// How many bytes of a manifest hold its head.
    static let headBytes = 1024

    /// Reads the head of a manifest file; `nil` when the file cannot be read.
    static func readHead(file: String, path: String) -> PreviousFeed? {
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: headBytes)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 0 else { return nil }
        return PreviousFeed(path: path, size: Int(info.st_size), prefix: buffer[..<count])
    }
}
