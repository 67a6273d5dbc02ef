import CalgenModel
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests that fetch: each path answers as told, including
/// the ways real servers fail (slowly, cut short, with an error).
public final class StubHTTPServer: @unchecked Sendable {
    public enum Reply: Sendable {
        case ok([UInt8])
        case status(Int)
        /// Waits before answering.
        case slow(seconds: Double, [UInt8])
        /// Declares `declared` bytes, sends the body, and closes.
        case truncated([UInt8], declared: Int)
        /// Answers `status` once, then `ok` with the body.
        case failingOnce(status: Int, [UInt8])
        /// Declares the body, then sends one byte every `interval` seconds.
        case drip(interval: Double, [UInt8])
        /// `status` (a 3xx) with this `Location`.
        case redirect(status: Int, location: String)
        /// A 200 answer with extra header lines (`Name: value`), the body sent as it is.
        case headers([String], [UInt8])
    }

    public let port: UInt16
    private let socketFD: Int32
    private let lock = NSLock()
    private var replies: [String: Reply]
    private var _requests = [String]()
    private var stopped = false

    /// The paths asked for, in order.
    public var requests: [String] { lock.withLock { _requests } }

    public var baseURL: String { "http://127.0.0.1:\(port)/" }

    public init(_ replies: [String: Reply]) throws {
        self.replies = replies
        let fd = SocketConstants.streamSocket()
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = SocketConstants.withLoopback(port: 0) { bind(fd, $0, $1) }
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
        // The listening socket is closed by this thread alone, once it stops accepting: closed
        // by `stop` while this thread was between two `accept`s, its number could be taken by
        // another test's server, whose connections this one would then answer.
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 || lock.withLock({ stopped }) {
                    if client >= 0 { close(client) }
                    close(fd)
                    return
                }
                SocketConstants.ignoreBrokenPipes(client)
                Thread.detachNewThread { self.serve(client) }
            }
        }
    }

    /// Changes what a path answers.
    public func set(_ path: String, _ reply: Reply) { lock.withLock { replies[path] = reply } }

    /// Stops listening: the waiting `accept` returns, and the accepting thread closes the
    /// socket. Calling it again does nothing.
    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(socketFD, Int32(SHUT_RDWR))
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
        case .drip(let interval, let body):
            send(client, status: 200, body: [], declared: body.count)
            for byte in body {
                Thread.sleep(forTimeInterval: interval)
                guard sendBytes(client, [byte], 1) == 1 else { return }
            }
        case .redirect(let code, let location):
            send(client, status: code, body: [], declared: 0, headers: ["Location: \(location)"])
        case .headers(let lines, let body):
            send(client, status: 200, body: body, declared: body.count, headers: lines)
        }
    }

    private func send(_ client: Int32, status: Int, body: [UInt8], declared: Int?, headers: [String] = []) {
        let extra = headers.map { $0 + "\r\n" }.joined()
        let head =
            "HTTP/1.1 \(status) X\r\nContent-Length: \(declared ?? body.count)\r\nConnection: close\r\n\(extra)\r\n"
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { sendBytes(client, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            sent += n
        }
    }
}

/// `send` that reports a closed connection as an error instead of raising SIGPIPE.
private func sendBytes(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.send(socket, bytes, count, SocketConstants.noSignal)
    #else
        Darwin.send(socket, bytes, count, 0)
    #endif
}

extension StubHTTPServer {
    /// A gzip member that inflates to about `159 * size` zero bytes: one literal, then matches of
    /// 258 bytes at distance 1 in a fixed-Huffman block (13 bits each). With `complete`, its
    /// trailer holds the right CRC-32 and length (slow for large sizes); without, a reader that
    /// stops at its limit never reaches the wrong one.
    public static func gzipBomb(size: Int, complete: Bool = false) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        var bitBuffer: UInt32 = 0
        var bitCount: UInt32 = 0
        func bits(_ value: UInt32, _ count: UInt32) {  // least significant bit first
            bitBuffer |= value << bitCount
            bitCount += count
            while bitCount >= 8 {
                out.append(UInt8(bitBuffer & 0xFF))
                bitBuffer >>= 8
                bitCount -= 8
            }
        }
        func code(_ value: UInt32, _ count: UInt32) {  // Huffman codes: most significant bit first
            for i in stride(from: count, to: 0, by: -1) { bits((value >> (i - 1)) & 1, 1) }
        }
        bits(1, 1)  // the last block
        bits(1, 2)  // fixed Huffman codes
        code(0x30, 8)  // the literal 0
        var inflated = 1
        while out.count < size {
            code(0b1100_0101, 8)  // length 258 (symbol 285)
            code(0, 5)  // distance 1
            inflated += 258
        }
        code(0, 7)  // end of block
        if bitCount > 0 { out.append(UInt8(bitBuffer & 0xFF)) }
        guard complete else { return out + [0, 0, 0, 0, 0, 0, 0, 0] }
        var crc: UInt32 = 0xFFFF_FFFF
        for _ in 0..<inflated {
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc = ~crc
        let length = UInt32(truncatingIfNeeded: inflated)
        return out + (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
            + (0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) }
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
