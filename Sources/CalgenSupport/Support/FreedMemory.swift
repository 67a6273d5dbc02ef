import CCalgenSystem

/// What the C allocator does with the memory a build frees, set once when a command starts.
public enum FreedMemory {
    /// How much freed memory each of glibc's heaps keeps for the next allocations, and how much
    /// more it takes from the kernel each time it grows: 16 MB.
    static let keptBytes: Int32 = 16 << 20
    /// Blocks from this size on are mapped on their own (glibc's default is 128 KB, which it
    /// raises by itself only while nothing is set): 32 MB.
    static let ownMappingBytes: Int32 = 32 << 20

    /// Keeps freed memory for reuse instead of handing it back to the kernel at once. A build
    /// frees a feed's buffers (hundreds of KB) for every subscriber and makes the next feed's
    /// right after; by default glibc gives the freed top of its heap back to the kernel, and
    /// the next feed's pages are faulted in and zeroed again, one fault for each 4 KB written
    /// (75,000 for M's feeds rendered twice, 3,000 with this; about a tenth of the feeds' CPU
    /// time). Nothing that is written changes. Does nothing where the C library is not glibc.
    /// Returns whether the settings were made.
    @discardableResult
    public static func keepForReuse() -> Bool {
        calgen_keep_freed_memory(keptBytes, ownMappingBytes) == 1
    }
}
