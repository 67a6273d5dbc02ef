import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests that fetch: each path answers as told, including
/// the ways real servers fail (slowly, cut short, with an error).
final class StubHTTPServer: @unchecked Sendable {
    enum Reply: Sendable {
        case ok([UInt8])
        case status(Int)
        /// Waits before answering.
        case slow(seconds: Double, [UInt8])
        /// Declares `declared` bytes, sends the body, and closes.
        case truncated([UInt8], declared: Int)
        /// Answers `status` once, then `ok` with the body.
        case failingOnce(status: Int, [UInt8])
    }

    let port: UInt16
    private let socketFD: Int32
    private let lock = NSLock()
    private var replies: [String: Reply]
    private var _requests = [String]()

    /// The paths asked for, in order.
    var requests: [String] { lock.withLock { _requests } }

    var baseURL: String { "http://127.0.0.1:\(port)/" }

    init(_ replies: [String: Reply]) throws {
        self.replies = replies
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        socketFD = fd
        port = UInt16(bigEndian: actual.sin_port)
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { return }
                Thread.detachNewThread { self.serve(client) }
            }
        }
    }

    /// Changes what a path answers.
    func set(_ path: String, _ reply: Reply) { lock.withLock { replies[path] = reply } }

    func stop() {
        shutdown(socketFD, Int32(SHUT_RDWR))
        close(socketFD)
    }

    deinit { stop() }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        var received = [UInt8]()
        while !received.containsHeadEnd {
            let n = read(client, &buffer, buffer.count)
            if n <= 0 { return }
            received += buffer[0..<n]
        }
        let line = String(decoding: received.prefix { $0 != 0x0D }, as: UTF8.self)
        let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        let reply = lock.withLock { () -> Reply in
            _requests.append(path)
            return replies[path] ?? .status(404)
        }
        switch reply {
        case .ok(let body): send(client, status: 200, body: body, declared: body.count)
        case .status(let code): send(client, status: code, body: Array("status \(code)\n".utf8), declared: nil)
        case .slow(let seconds, let body):
            Thread.sleep(forTimeInterval: seconds)
            send(client, status: 200, body: body, declared: body.count)
        case .truncated(let body, let declared): send(client, status: 200, body: body, declared: declared)
        case .failingOnce(let code, let body):
            set(path, .ok(body))
            send(client, status: code, body: Array("status \(code)\n".utf8), declared: nil)
        }
    }

    private func send(_ client: Int32, status: Int, body: [UInt8], declared: Int?) {
        let head = "HTTP/1.1 \(status) X\r\nContent-Length: \(declared ?? body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            sent += n
        }
    }
}

extension [UInt8] {
    fileprivate var containsHeadEnd: Bool {
        guard count >= 4 else { return false }
        for i in 0...(count - 4) where self[i] == 13 && self[i + 1] == 10 && self[i + 2] == 13 && self[i + 3] == 10 {
            return true
        }
        return false
    }
}
