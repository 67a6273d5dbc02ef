#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `open(2)`, `read(2)`, `write(2)` and `link(2)` under names that no member of a type hides
/// (`SourceTree.read`, `StagedOutput`'s writers).
package enum SystemCall {
    static func open(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.open(path, flags)
        #elseif canImport(Darwin)
            Darwin.open(path, flags)
        #endif
    }

    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(fd, buffer, count)
        #elseif canImport(Darwin)
            Darwin.read(fd, buffer, count)
        #endif
    }

    /// `write(2)`.
    package static func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(fd, bytes, count)
        #elseif canImport(Darwin)
            Darwin.write(fd, bytes, count)
        #endif
    }

    /// `link(2)`.
    package static func link(_ source: String, _ target: String) -> Int32 {
        #if canImport(Glibc)
            Glibc.link(source, target)
        #elseif canImport(Darwin)
            Darwin.link(source, target)
        #endif
    }
}
