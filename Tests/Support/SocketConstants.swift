#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The socket constants the test clients and servers use, with the same type on Linux and macOS.
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
}
