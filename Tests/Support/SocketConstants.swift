#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The socket constants and the loopback addressing the test clients and servers use, the same
/// on Linux and macOS.
public enum SocketConstants {
    #if canImport(Glibc)
        /// `SOCK_STREAM`.
        public static let stream = Int32(SOCK_STREAM.rawValue)
        /// `MSG_NOSIGNAL`: a write to a closed connection fails instead of raising SIGPIPE.
        public static let noSignal = Int32(MSG_NOSIGNAL)
    #elseif canImport(Darwin)
        public static let stream = SOCK_STREAM
        /// macOS has no `MSG_NOSIGNAL`: `ignoreBrokenPipes` sets `SO_NOSIGPIPE` on the socket.
        public static let noSignal: Int32 = 0
    #endif

    /// Makes a write to a connection the other side closed fail instead of raising SIGPIPE:
    /// `SO_NOSIGPIPE` on macOS; on Linux every send passes `noSignal`.
    public static func ignoreBrokenPipes(_ fd: Int32) {
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// A TCP socket that a closed connection cannot stop with SIGPIPE.
    public static func streamSocket() -> Int32 {
        let fd = socket(AF_INET, stream, 0)
        ignoreBrokenPipes(fd)
        return fd
    }

    /// Calls `body` with 127.0.0.1:`port` as a socket address and its length, for `connect` or
    /// `bind` (port 0: any free port).
    public static func withLoopback<Result>(port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}
