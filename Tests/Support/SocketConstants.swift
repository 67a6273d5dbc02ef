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
        /// macOS has no `MSG_NOSIGNAL`; its sockets are set `SO_NOSIGPIPE` instead.
        public static let noSignal: Int32 = 0
    #endif
}
