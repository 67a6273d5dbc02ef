import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for the preview of `calgen serve`: GET and HEAD, keep-
/// alive and pipelined requests answered in order on one connection, and limits so that no
/// client can make it work for long, hold much memory or keep others out:
///
/// - a request head of at most 16 KiB (a request line over 8 KiB: 414; else 431), a body of at
///   most 1 MiB (413), parsed by `HTTPRequestHead.parse`;
/// - a request must be complete `requestTimeout` after the server began waiting for it, however
///   its bytes trickle in (else 408 and the connection is closed); a connection with nothing to
///   say is closed after `idleTimeout`; an answer the client does not read within
///   `writeTimeout` is abandoned with its connection;
/// - `maxConnections` at once, a thread each. When all are taken, a new client takes the slot of
///   the connection that has waited longest for a request or for its reader (the slow ones);
///   only when every connection is busy answering does it get 503.
///
/// Sockets are nonblocking; every wait is a `poll` with the time left to its deadline.
final class LoopbackHTTPServer: @unchecked Sendable {
    /// One request as the handler sees it.
    struct Request {
        var method: String
        var target: String
        /// The host the request names (`HTTPRequestHead.namedHost`), `nil` when it names none.
        var host: String? = nil
    }

    /// One response: status, headers (`Name: value`) and body.
    struct Response {
        var status: Int
        var headers: [String]
        var body: [UInt8]
    }

    /// The bounds on connections and their time.
    struct Limits: Sendable {
        /// Connections served at once.
        var maxConnections = 64
        /// From the moment the server waits for a request to the end of its head and body.
        var requestTimeout = Duration.seconds(10)
        /// How long a connection may stay open without sending a byte of a request.
        var idleTimeout = Duration.seconds(5)
        /// From the first byte of an answer to its last.
        var writeTimeout = Duration.seconds(10)

        static let standard = Limits()
    }

    static let busy = Response(
        status: 503, headers: ["Content-Type: text/plain; charset=utf-8", "Retry-After: 1"], body: Array("busy\n".utf8))

    /// What a connection is doing: the slow phases are the ones a new client may cut short.
    enum Phase {
        /// Waiting for (the rest of) a request.
        case waiting
        /// In the handler.
        case answering
        /// Writing the answer.
        case writing
    }

    private struct Connection {
        let fd: Int32
        var phase: Phase
        var since: ContinuousClock.Instant
    }

    private struct Registry {
        var open: [Int: Connection] = [:]
        var next = 0
        var evicted = 0
        var stopped = false
        /// Whether the accepting thread runs: then it, not `stop`, closes the listening socket.
        var accepting = false
        /// Whether the listening socket was closed (by the accepting thread as it ends, or by
        /// `stop` when none runs), under this lock: never closed or shut down twice.
        var listenerClosed = false
    }

    /// The open connections. A connection's socket is shut down (by eviction or `stop`) only
    /// while it is registered, and closed by its own thread only after it has left, both under
    /// this lock, so a descriptor is never touched after the system has reused its number.
    private let registry = Mutex(Registry())

    private let listener: Int32
    /// The port it listens on (the one the system chose when asked for 0).
    let port: Int
    let limits: Limits
    private let handler: @Sendable (Request) -> Response

    /// Binds to 127.0.0.1:`port` and listens; throws when the port cannot be used.
    init(port: UInt16, limits: Limits = .standard, handler: @escaping @Sendable (Request) -> Response) throws(DevServerError) {
        let fd = socket(AF_INET, LoopbackHTTPServer.streamType, 0)
        guard fd >= 0 else {
            throw .socket("cannot open a socket: \(LoopbackHTTPServer.errorText())")
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let reason = LoopbackHTTPServer.errorText()
            close(fd)
            throw .socket("cannot listen: \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        self.limits = limits
        self.handler = handler
    }

    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let streamType = SOCK_STREAM
        private static let noSignal: Int32 = 0
    #endif

    static func errorText() -> String { String(cString: strerror(errno)) }

    /// How many connections are open, and how many were cut short to make room (for tests).
    var statistics: (open: Int, evicted: Int) { registry.withLock { ($0.open.count, $0.evicted) } }

    /// Accepts connections on a thread of its own until `stop()`.
    func start() {
        registry.withLock { $0.accepting = true }
        let thread = Thread { [self] in
            // The listening socket is closed here, once this thread accepts no more: closed by
            // `stop` while this thread was between two `accept`s, its number could be reused by
            // another descriptor (another server's socket, whose connections this loop would take).
            defer {
                registry.withLock { registry in
                    registry.accepting = false
                    if !registry.listenerClosed {
                        close(listener)
                        registry.listenerClosed = true
                    }
                }
            }
            while !registry.withLock({ $0.stopped }) {
                let fd = accept(listener, nil, nil)
                if fd < 0 {
                    if registry.withLock({ $0.stopped }) { return }
                    switch errno {
                    case EINTR, ECONNABORTED, EPROTO: continue
                    case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                        // Out of descriptors or memory for now: try again in a moment.
                        usleep(100_000)
                        continue
                    default: return
                    }
                }
                LoopbackHTTPServer.prepare(fd)
                guard let id = admit(fd) else {
                    _ = LoopbackHTTPServer.busy.serialized(head: false, close: true).withUnsafeBytes {
                        LoopbackHTTPServer.sendSome(fd, $0)
                    }
                    close(fd)
                    continue
                }
                let worker = Thread { [self] in
                    serve(fd, id: id)
                    registry.withLock { registry in
                        registry.open[id] = nil
                        close(fd)
                    }
                }
                worker.stackSize = 1 << 20
                worker.start()
            }
        }
        thread.start()
    }

    /// Nonblocking, closed on exec, no SIGPIPE.
    private static func prepare(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Registers a new connection, making room by cutting the slowest one short when all slots
    /// are taken; nil when every connection is busy answering.
    private func admit(_ fd: Int32) -> Int? {
        registry.withLock { registry -> Int? in
            if registry.stopped { return nil }
            if registry.open.count >= limits.maxConnections {
                guard
                    let (victim, connection) = registry.open.filter({ $0.value.phase != .answering })
                        .min(by: { $0.value.since < $1.value.since })
                else { return nil }
                shutdown(connection.fd, Int32(SHUT_RDWR))
                registry.open[victim] = nil
                registry.evicted += 1
            }
            let id = registry.next
            registry.next += 1
            registry.open[id] = Connection(fd: fd, phase: .waiting, since: .now)
            return id
        }
    }

    private func enter(_ phase: Phase, id: Int) {
        registry.withLock {
            $0.open[id]?.phase = phase
            $0.open[id]?.since = .now
        }
    }

    /// Stops accepting connections and ends the open ones.
    func stop() {
        registry.withLock { registry in
            guard !registry.stopped else { return }
            registry.stopped = true
            for connection in registry.open.values { shutdown(connection.fd, Int32(SHUT_RDWR)) }
            registry.open = [:]
            // The waiting `accept` returns, and its thread closes the socket; with no such
            // thread, it is closed here. Never twice: a second `close` could close a
            // descriptor that reused the number.
            guard !registry.listenerClosed else { return }
            shutdown(listener, Int32(SHUT_RDWR))
            if !registry.accepting {
                close(listener)
                registry.listenerClosed = true
            }
        }
    }

    /// Answers the requests of one connection, in order, until it closes, asks to, or runs out
    /// of time.
    private func serve(_ fd: Int32, id: Int) {
        var buffer = [UInt8]()
        var scanned = 0
        var waitingSince = ContinuousClock.now
        while true {
            // Every complete request already received is answered before reading more.
            if let end = HTTPRequestHead.end(of: buffer, from: &scanned) {
                let head: HTTPRequestHead
                do {
                    head = try HTTPRequestHead.parse(Array(buffer[..<end]))
                } catch {
                    refuse(fd, error.status)
                    return
                }
                // A body (GET and HEAD have none in practice) is read and dropped.
                while buffer.count < end + head.contentLength {
                    switch receive(fd, into: &buffer, until: waitingSince + limits.requestTimeout) {
                    case .received: continue
                    case .closed: return
                    case .timedOut:
                        refuse(fd, 408)
                        return
                    }
                }
                buffer.removeFirst(end + head.contentLength)
                scanned = 0
                enter(.answering, id: id)
                let response = handler(Request(method: head.method, target: head.target, host: head.namedHost))
                enter(.writing, id: id)
                // A large body is sent as it is, not copied behind the header lines.
                let withoutBody = head.method == "HEAD" || response.body.count > 64 * 1024
                let deadline = ContinuousClock.now + limits.writeTimeout
                guard write(fd, response.serialized(head: withoutBody, close: !head.keepAlive), until: deadline),
                    head.method == "HEAD" || !withoutBody || write(fd, response.body, until: deadline), head.keepAlive
                else { return }
                enter(.waiting, id: id)
                waitingSince = .now
                continue
            }
            // No complete head yet: refuse one that is already too long, else read on.
            let lineEnd = buffer.firstIndex(of: 0x0A) ?? buffer.count
            if lineEnd > HTTPRequestHead.maxRequestLine + 2 {
                refuse(fd, 414)
                return
            }
            if buffer.count > HTTPRequestHead.maxHead {
                refuse(fd, 431)
                return
            }
            let deadline =
                waitingSince + (buffer.isEmpty ? min(limits.idleTimeout, limits.requestTimeout) : limits.requestTimeout)
            switch receive(fd, into: &buffer, until: deadline) {
            case .received: continue
            case .closed: return
            case .timedOut:
                // A request begun and not finished in time is told so; an idle connection is just closed.
                if !buffer.isEmpty { refuse(fd, 408) }
                return
            }
        }
    }

    enum Received { case received, closed, timedOut }

    /// Reads what has arrived, waiting for it at most until `deadline`.
    private func receive(_ fd: Int32, into buffer: inout [UInt8], until deadline: ContinuousClock.Instant) -> Received {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n > 0 {
                buffer += chunk[..<n]
                return .received
            }
            if n == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK:
                guard LoopbackHTTPServer.wait(fd, for: Int16(POLLIN), until: deadline) else { return .timedOut }
            default: return .closed
            }
        }
    }

    /// Writes all of `bytes` by `deadline`; `false` when the connection is gone or too slow.
    private func write(_ fd: Int32, _ bytes: [UInt8], until deadline: ContinuousClock.Instant) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { LoopbackHTTPServer.sendSome(fd, $0) }
            if n > 0 {
                sent += n
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK:
                guard LoopbackHTTPServer.wait(fd, for: Int16(POLLOUT), until: deadline) else { return false }
            default: return false
            }
        }
        return true
    }

    /// One nonblocking `send`.
    private static func sendSome(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
            Glibc.send(fd, bytes.baseAddress, bytes.count, noSignal | Int32(MSG_DONTWAIT))
        #else
            Darwin.send(fd, bytes.baseAddress, bytes.count, noSignal | MSG_DONTWAIT)
        #endif
    }

    /// Waits until `fd` is ready for `events` or the deadline passes (`false`).
    private static func wait(_ fd: Int32, for events: Int16, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let left = deadline - .now
            guard left > .zero else { return false }
            let milliseconds = Int32(min(60_000, (left / .milliseconds(1)).rounded(.up)))
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return false }
        }
    }

    /// Answers a request that cannot be served with `status` and ends the connection: what is
    /// left of the request is read and dropped for a moment, so that the client, still
    /// sending, sees the answer rather than a reset.
    private func refuse(_ fd: Int32, _ status: Int) {
        let bytes = LoopbackHTTPServer.plain(status).serialized(head: false, close: true)
        guard write(fd, bytes, until: .now + .seconds(1)) else { return }
        shutdown(fd, Int32(SHUT_WR))
        var drained = [UInt8]()
        let deadline = ContinuousClock.now + .seconds(1)
        while drained.count < HTTPRequestHead.maxBody, receive(fd, into: &drained, until: deadline) == .received {
            drained.removeAll(keepingCapacity: true)
        }
    }

    static func plain(_ status: Int) -> Response {
        Response(status: status, headers: ["Content-Type: text/plain; charset=utf-8"], body: Array("\(phrase(status))\n".utf8))
    }

    static func phrase(_ status: Int) -> String {
        [
            200: "OK", 301: "Moved Permanently", 302: "Found", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed",
            408: "Request Timeout", 413: "Content Too Large", 414: "URI Too Long", 431: "Request Header Fields Too Large",
            501: "Not Implemented", 503: "Service Unavailable", 505: "HTTP Version Not Supported",
        ][status] ?? "Status"
    }
}

extension LoopbackHTTPServer.Response {
    /// The response as sent: status line, headers, `Content-Length`, and the body unless `head`.
    func serialized(head: Bool, close: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(LoopbackHTTPServer.phrase(status))\r\n"
        for header in headers { text += header + "\r\n" }
        text += "Content-Length: \(body.count)\r\n"
        text += close ? "Connection: close\r\n\r\n" : "\r\n"
        var bytes = Array(text.utf8)
        if !head { bytes += body }
        return bytes
    }
}
