import CalgenCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A feed manifest of the previous build: the head read at once, the whole on demand.
struct PreviousFeed: Sendable {
    /// The manifest file.
    let file: String
    /// Its size in bytes.
    let size: Int
    /// The fields before the events, which tell whether the feed can be kept as it is.
    let head: FeedManifest.Head?

    /// Reads the first bytes of the manifest; `nil` when the file cannot be read.
    init?(file: String) {
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 0 else { return nil }
        self.file = file
        size = Int(info.st_size)
        // A head with values calgen never writes is no head: the feed is rendered again, and
        // reading its whole manifest reports what is wrong.
        head = FeedManifest.Head(prefix: buffer[..<count]).flatMap { $0.isValid ? $0 : nil }
    }

    /// Whether the whole manifest is still what a build wrote: its head reads with values calgen
    /// writes and its `integrity` digest matches the rest. A feed is kept as it is only when its
    /// manifest is intact, and then nothing of the manifest but its checked head reaches the new
    /// build (the files stay as they were published), so the rest is not parsed: hashing costs a
    /// fraction of reading it as JSON. One that was damaged (or written before manifests had a
    /// digest) is read in full, every value checked, and its feed rendered again.
    func isIntact() -> Bool {
        guard head != nil, let data = FileManager.default.contents(atPath: file), data.count == size else { return false }
        return FeedManifest.integrity(of: Array(data)) == .intact
    }

    /// The whole manifest and its bytes; a manifest that does not follow the schema is an error.
    func load() throws(ContentErrors) -> (manifest: FeedManifest, bytes: [UInt8]) {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ContentErrors([
                Diagnostic(file: file, message: "the previous feed manifest cannot be read", fix: PreviousOutput.fix)
            ])
        }
        let bytes = Array(data)
        return (try FeedManifest.validated(bytes: bytes, file: file), bytes)
    }
}
