import CalgenModel
import CalgenSupport
import Foundation

/// A sink that passes every file on to another and keeps the SHA-256 of the bytes stored, by
/// path: a shard lists each file it hands to the assembly with the digest of what it wrote, and a
/// build records the digest of each file it staged.
package final class DigestingSink: OutputSink, @unchecked Sendable {
    private let sink: any OutputSink
    private var digests: [String: String] = [:]
    private let lock = NSLock()
    /// Whether a path's bytes are digested.
    private let digesting: @Sendable (String) -> Bool

    package init(_ sink: any OutputSink, digesting: @escaping @Sendable (String) -> Bool = { _ in true }) {
        self.sink = sink
        self.digesting = digesting
    }

    package func store(_ path: String, _ bytes: [UInt8]) throws(OutputError) -> PlannedFile {
        guard digesting(path) else { return try sink.store(path, bytes) }
        let digest = Digest.sha256(bytes)
        let planned = try sink.store(path, bytes)
        lock.lock()
        defer { lock.unlock() }
        digests[path] = digest
        return planned
    }

    /// The digest of the bytes stored at `path`, when they went through this sink.
    package func sha256(of path: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return digests[path]
    }
}
