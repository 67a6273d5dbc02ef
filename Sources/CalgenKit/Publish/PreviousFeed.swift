import CalgenCore
import Foundation
import Glibc

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
        head = FeedManifest.Head(prefix: buffer[..<count])
    }

    /// Whether the whole manifest is still what a build wrote: its head reads, its version is in
    /// range and its `integrity` digest matches the rest. A feed is kept as it is only when its
    /// manifest is intact; one that was damaged (or written before manifests had a digest) is
    /// read in full and its feed rendered again, which reports any damage.
    func isIntact() -> Bool {
        guard let head, (1..<Limits.manifestNumber).contains(head.version),
            let data = FileManager.default.contents(atPath: file), data.count == size
        else { return false }
        return FeedManifest.integrity(of: Array(data)) == .intact
    }

    /// The whole manifest and its bytes; a manifest that does not follow the schema is an error.
    func load() throws(ContentErrors) -> (manifest: FeedManifest, bytes: [UInt8]) {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ContentErrors([
                Diagnostic(file: file, message: "the previous feed manifest cannot be read", fix: PreviousOutput.fix)
            ])
        }
        if FeedManifest.integrity(of: Array(data)) == .damaged {
            throw ContentErrors([
                Diagnostic(
                    file: file, location: .jsonPath("integrity"),
                    message: "the previous feed manifest was changed after calgen wrote it: its integrity digest does not match",
                    fix: "restore the published file, or remove it to start this feed's event history (sequences, stamps) again")
            ])
        }
        let manifest = try PreviousOutput.decode(FeedManifest.self, Array(data), file: file)
        func problem(_ path: String, _ message: String) -> ContentErrors {
            ContentErrors([
                Diagnostic(
                    file: file, location: .jsonPath(path),
                    message: "the previous feed manifest does not follow the schema: \(message)",
                    fix: PreviousOutput.fix)
            ])
        }
        guard (1..<Limits.manifestNumber).contains(manifest.version) else { throw problem("version", "out of range") }
        if let i = manifest.events.firstIndex(where: { !(0..<Limits.manifestNumber).contains($0.sequence) }) {
            throw problem("events[\(i)].sequence", "out of range (0 to \(Limits.manifestNumber - 1))")
        }
        return (manifest, Array(data))
    }
}
