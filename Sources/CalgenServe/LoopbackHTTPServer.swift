import Foundation
import Glibc
import Synchronization

/// A small HTTP/1.1 server on 127.0.0.1 for the preview of `calgen serve`: GET and HEAD, keep-
/// alive and pipelined requests answered in order on one connection, and the limits common
/// servers set (a request line of at most 8 KiB, else 414; headers of at most 32 KiB, else 431;
/// a body of at most 1 MiB, else 413), so that no client can make it work for long or hold much
/// memory. Each connection has a thread of its own; an idle one is closed after 30 seconds.
final class LoopbackHTTPServer: @unchecked Sendable {
    /// One request as the handler sees it.
    struct Request {
        var method: String
        var target: String
    }

    /// One response: status, headers (`Name: value`) and body.
    struct Response {
        var status: Int
        var headers: [String]
        var body: [UInt8]
    }

    static let maxRequestLine = 8 * 1024
    static let maxHeaders = 32 * 1024
    static let maxBody = 1024 * 1024
    /// Connections served at once; more get 503 with `Retry-After`.
    static let maxConnections = 64
    static let busy = Response(
        status: 503, headers: ["Content-Type: text/plain; charset=utf-8", "Retry-After: 1"], body: Array("busy\n".utf8))

    /// How many connections are open.
    private let connections = Mutex(0)

    private let listener: Int32
    /// The port it listens on (the one the system chose when asked for 0).
    let port: Int
    private let handler: @Sendable (Request) -> Response

    /// Binds to 127.0.0.1:`port` and listens; throws when the port cannot be used.
    init(port: UInt16, handler: @escaping @Sendable (Request) -> Response) throws(DevServerError) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else {
            throw .socket("cannot open a socket: \(LoopbackHTTPServer.errorText())")
        }
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
        self.handler = handler
    }

    static func errorText() -> String { String(cString: strerror(errno)) }

    /// Accepts connections on a thread of its own until `stop()`.
    func start() {
        let thread = Thread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    return
                }
                var timeout = timeval(tv_sec: 30, tv_usec: 0)
                setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                // A thread a connection, up to a bound: past it, a client is told to come back.
                let admitted = connections.withLock { open -> Bool in
                    guard open < LoopbackHTTPServer.maxConnections else { return false }
                    open += 1
                    return true
                }
                guard admitted else {
                    send(connection, LoopbackHTTPServer.busy, head: false, close: true)
                    close(connection)
                    continue
                }
                let worker = Thread { [self] in
                    serve(connection)
                    connections.withLock { $0 -= 1 }
                }
                worker.stackSize = 1 << 20
                worker.start()
            }
        }
        thread.start()
    }

    /// Stops accepting connections.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Answers the requests of one connection, in order, until it closes or asks to.
    private func serve(_ fd: Int32) {
        defer { close(fd) }
        var buffer = [UInt8]()
        var scanned = 0
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            // Every complete request already received is answered before reading more.
            while let end = LoopbackHTTPServer.headEnd(in: buffer, from: &scanned) {
                switch parse(Array(buffer[..<end])) {
                case .failure(let status):
                    send(fd, LoopbackHTTPServer.plain(status), head: false, close: true)
                    return
                case .success(let (request, keepAlive, bodyLength)):
                    guard bodyLength <= LoopbackHTTPServer.maxBody else {
                        send(fd, LoopbackHTTPServer.plain(413), head: false, close: true)
                        return
                    }
                    // A body (GET and HEAD have none in practice) is read and dropped.
                    while buffer.count < end + bodyLength {
                        let n = recv(fd, &chunk, chunk.count, 0)
                        if n <= 0 { return }
                        buffer += chunk[..<n]
                    }
                    buffer.removeFirst(end + bodyLength)
                    scanned = 0
                    let response = handler(request)
                    guard send(fd, response, head: request.method == "HEAD", close: !keepAlive), keepAlive else { return }
                }
            }
            // No complete head yet: refuse one that is already too long, else read on. The
            // buffer never holds more than the two limits, so these scans stay cheap.
            if (buffer.firstRange(of: [0x0D, 0x0A])?.lowerBound ?? buffer.count) > LoopbackHTTPServer.maxRequestLine {
                send(fd, LoopbackHTTPServer.plain(414), head: false, close: true)
                return
            }
            if buffer.count > LoopbackHTTPServer.maxRequestLine + LoopbackHTTPServer.maxHeaders {
                send(fd, LoopbackHTTPServer.plain(431), head: false, close: true)
                return
            }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return }
            buffer += chunk[..<n]
        }
    }

    /// The offset just past the first `\r\n\r\n`, searching on from where the last search ended
    /// (so a request arriving byte by byte costs linear time, not quadratic).
    static func headEnd(in buffer: [UInt8], from scanned: inout Int) -> Int? {
        var i = max(0, scanned - 3)
        while i + 3 < buffer.count {
            if buffer[i] == 0x0D && buffer[i + 1] == 0x0A && buffer[i + 2] == 0x0D && buffer[i + 3] == 0x0A { return i + 4 }
            i += 1
        }
        scanned = buffer.count
        return nil
    }

    /// The request, whether the connection stays open, and the length of the body; or the status
    /// that refuses it.
    private func parse(_ head: [UInt8]) -> Result<(Request, Bool, Int), StatusError> {
        let lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        guard let first = lines.first else { return .failure(StatusError(400)) }
        if first.count > LoopbackHTTPServer.maxRequestLine { return .failure(StatusError(414)) }
        if head.count - first.count > LoopbackHTTPServer.maxHeaders { return .failure(StatusError(431)) }
        let parts = first.split(separator: 0x20, omittingEmptySubsequences: true)
        guard parts.count == 3, let version = String(validating: parts[2], as: UTF8.self), version.hasPrefix("HTTP/1."),
            let method = String(validating: parts[0], as: UTF8.self), let target = String(validating: parts[1], as: UTF8.self),
            target.hasPrefix("/")
        else { return .failure(StatusError(400)) }
        var keepAlive = version != "HTTP/1.0"
        var bodyLength = 0
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: 0x3A) else { return .failure(StatusError(400)) }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
            switch name {
            case "connection":
                if value.contains("close") { keepAlive = false }
                if value.contains("keep-alive") { keepAlive = true }
            case "content-length":
                guard let n = Int(value), n >= 0 else { return .failure(StatusError(400)) }
                bodyLength = n
            case "transfer-encoding":
                return .failure(StatusError(501))
            default:
                break
            }
        }
        return .success((Request(method: method, target: target), keepAlive, bodyLength))
    }

    struct StatusError: Error {
        let status: Int
        init(_ status: Int) { self.status = status }
    }

    static func plain(_ error: StatusError) -> Response { plain(error.status) }

    static func plain(_ status: Int) -> Response {
        Response(status: status, headers: ["Content-Type: text/plain; charset=utf-8"], body: Array("\(phrase(status))\n".utf8))
    }

    static func phrase(_ status: Int) -> String {
        [
            200: "OK", 301: "Moved Permanently", 302: "Found", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
            413: "Content Too Large", 414: "URI Too Long", 431: "Request Header Fields Too Large", 501: "Not Implemented",
            503: "Service Unavailable",
        ][status] ?? "Status"
    }

    /// Writes a response; `false` when the connection is gone.
    @discardableResult
    private func send(_ fd: Int32, _ response: Response, head: Bool, close: Bool) -> Bool {
        var text = "HTTP/1.1 \(response.status) \(LoopbackHTTPServer.phrase(response.status))\r\n"
        for header in response.headers { text += header + "\r\n" }
        text += "Content-Length: \(response.body.count)\r\n"
        text += close ? "Connection: close\r\n\r\n" : "\r\n"
        var bytes = Array(text.utf8)
        if !head { bytes += response.body }
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }
}
