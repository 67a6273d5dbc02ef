import Testing

@testable import CalgenSupport

/// The allocator settings every command makes when it starts.
@Suite struct FreedMemoryTests {
    @Test func madeWhereTheCLibraryIsGlibc() {
        #if canImport(Glibc)
            #expect(FreedMemory.keepForReuse())
        #else
            #expect(!FreedMemory.keepForReuse())
        #endif
        // Memory freed and asked for again after the settings: the allocator still works.
        var buffers = [[UInt8]]()
        for size in [1, 4096, 200_000, 40_000_000] { buffers.append([UInt8](repeating: 7, count: size)) }
        #expect(buffers.map(\.count) == [1, 4096, 200_000, 40_000_000])
        buffers.removeAll()
        #expect([UInt8](repeating: 1, count: 300_000).allSatisfy { $0 == 1 })
    }
}
