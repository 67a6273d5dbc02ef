/// One file of the next output, and where its bytes come from.
package struct PlannedFile: Sendable {
    /// Where the bytes of a planned file come from.
    package enum Source: Sendable {
        /// New bytes, to write.
        case bytes([UInt8])
        /// The bytes of the previous output's file: hard-linked from there (same inode, so its
        /// modification time stays and sync tools skip it), or written when that file is gone.
        case unchanged([UInt8])
        /// A file of the previous output that was not even rendered again: hard-linked.
        case kept
        /// Already written into the staging directory while rendering (personal feeds, which
        /// are too many to hold in memory).
        case staged
    }

    /// The path below the output directory.
    package let path: String
    package let size: Int
    package let source: Source

    package init(path: String, size: Int, source: Source) {
        self.path = path
        self.size = size
        self.source = source
    }

    /// A file held in memory: unchanged when it has the previous output's bytes.
    package init(_ file: OutputFile, unchanged: Bool) {
        self.init(path: file.path, size: file.bytes.count, source: unchanged ? .unchanged(file.bytes) : .bytes(file.bytes))
    }

    /// The bytes, when they are in memory.
    package var bytes: [UInt8]? {
        switch source {
        case .bytes(let bytes), .unchanged(let bytes): bytes
        case .kept, .staged: nil
        }
    }
}
