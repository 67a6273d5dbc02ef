import CalgenModel
import CalgenTestSupport
import Foundation
import Synchronization
import Testing

@testable import CalgenServe
@testable import CalgenSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The preview server against hostile clients on real sockets on 127.0.0.1.
@Suite(.serialized, .endToEnd) struct ServeHardeningTests {
    /// A published build with a few files, removed when the value goes.
    final class Site {
        let root: String
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("calgen-serve-test-\(UUID().uuidString)").path
            let fm = FileManager.default
            try fm.createDirectory(atPath: root + "/2026", withIntermediateDirectories: true)
            try fm.createDirectory(atPath: root + "/evil.example", withIntermediateDirectories: true)
            try Data("<html><body>home</body></html>".utf8).write(to: URL(fileURLWithPath: root + "/index.html"))
            try Data("<html><body>2026</body></html>".utf8).write(to: URL(fileURLWithPath: root + "/2026/index.html"))
            try Data("<html><body>x</body></html>".utf8).write(to: URL(fileURLWithPath: root + "/evil.example/x"))
            try Data("<html><body>missing</body></html>".utf8).write(to: URL(fileURLWithPath: root + "/404.html"))
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    static func devServer(_ site: Site, sitePath: String = "/") async throws -> (DevServer, port: Int) {
        let server = try DevServer(port: 0, sitePath: sitePath)
        server.publish(site.root)
        let port = try await server.start()
        return (server, port)
    }

    static func get(_ port: Int, _ target: String) -> String {
        ServeTests.exchange(port: port, Array("GET \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8))
            .response
    }

    static func location(_ response: String) -> String? {
        response.split(separator: "\r\n").first { $0.hasPrefix("Location: ") }.map { String($0.dropFirst(10)) }
    }

    @Test func redirectsStayOnTheOrigin() async throws {
        let site = try Site()
        let (server, port) = try await ServeHardeningTests.devServer(site)
        defer { server.loopbackServer?.stop() }
        let expected: [(String, String)] = [
            ("//2026", "/2026/"), ("//evil.example/x", "/evil.example/x"), ("/..//x", "/x"), ("/2026", "/2026/"),
            ("//2026?a=//b", "/2026/?a=//b"), ("/%2F%2Fevil.example/x", "/evil.example/x"), ("/./2026/", "/2026/"),
            ("/2026/..//%2Fevil", "/evil"), ("//", "/"), ("/.%2e/.%2E//x/", "/x/"), ("http://127.0.0.1//2026", "/2026/"),
        ]
        for (target, location) in expected {
            let response = ServeHardeningTests.get(port, target)
            #expect(response.hasPrefix("HTTP/1.1 301"), "\(target): \(response.prefix(80))")
            #expect(ServeHardeningTests.location(response) == location, "\(target): \(response.prefix(200))")
        }
        // Every Location the server sends, for any of these, is a path on this origin.
        for target in ["/\\evil.example", "/%5Cevil.example/", "//%5Cevil", "/%09/evil", "/a/../../%2F%2Fx", "//.."] {
            let response = ServeHardeningTests.get(port, target)
            #expect(response.hasPrefix("HTTP/1.1 "), "\(target)")
            if let location = ServeHardeningTests.location(response) {
                #expect(
                    location.hasPrefix("/") && !location.hasPrefix("//") && !location.contains("\\"), "\(target) → \(location)")
            }
        }
        #expect(ServeHardeningTests.get(port, "/2026/").hasPrefix("HTTP/1.1 200"))
        #expect(ServeHardeningTests.get(port, "/evil.example/x").hasPrefix("HTTP/1.1 200"))
        #expect(ServeHardeningTests.get(port, "/%00").hasPrefix("HTTP/1.1 400"))
    }

    @Test func redirectsUnderASubPathStayOnTheOrigin() async throws {
        let site = try Site()
        let (server, port) = try await ServeHardeningTests.devServer(site, sitePath: "/cal/")
        defer { server.loopbackServer?.stop() }
        for (target, location) in [("/", "/cal/"), ("//cal", "/cal/"), ("/cal", "/cal/"), ("//cal//2026", "/cal/2026/")] {
            let response = ServeHardeningTests.get(port, target)
            #expect(ServeHardeningTests.location(response) == location, "\(target): \(response.prefix(200))")
        }
        #expect(ServeHardeningTests.get(port, "/cal/2026/").hasPrefix("HTTP/1.1 200"))
        #expect(ServeHardeningTests.get(port, "/2026/").hasPrefix("HTTP/1.1 404"))
    }

    /// DNS rebinding: a page of another site whose name resolves to 127.0.0.1 gets 403 on every
    /// path, the reload endpoint and the personal feeds included; loopback names are answered.
    @Test func answersOnlyTheLoopbackHost() async throws {
        let site = try Site()
        let (server, port) = try await ServeHardeningTests.devServer(site)
        defer { server.loopbackServer?.stop() }
        let feed = "feeds/0123456789abcdef/zhang-san.ics"
        try FileManager.default.createDirectory(atPath: site.root + "/feeds/0123456789abcdef", withIntermediateDirectories: true)
        try Data("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8).write(to: URL(fileURLWithPath: site.root + "/" + feed))
        for target in ["/", "/2026/", "/__calgen/generation", "/\(feed)", "/missing", "//x"] {
            for host in ["evil.example", "evil.example:\(port)", "127.0.0.1.evil.example", "localhost.evil.example:\(port)"] {
                let request = "GET \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
                let response = ServeTests.exchange(port: port, Array(request.utf8)).response
                #expect(response.hasPrefix("HTTP/1.1 403 Forbidden"), "\(host)\(target): \(response.prefix(80))")
                #expect(response.contains("DNS rebinding") && !response.contains("BEGIN:VCALENDAR"))
            }
            let absolute = "GET http://evil.example\(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
            #expect(ServeTests.exchange(port: port, Array(absolute.utf8)).response.hasPrefix("HTTP/1.1 403"))
            let none = "GET \(target) HTTP/1.0\r\n\r\n"
            #expect(ServeTests.exchange(port: port, Array(none.utf8)).response.hasPrefix("HTTP/1.1 403"))
        }
        for host in ["localhost", "localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)"] {
            let request = "GET /__calgen/generation HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
            #expect(ServeTests.exchange(port: port, Array(request.utf8)).response.hasPrefix("HTTP/1.1 200"), "\(host)")
        }
    }

    /// Every malformed request gets an answer, quickly; none gets silence.
    @Test func answersMalformedRequestsAndBareLF() async throws {
        let site = try Site()
        let (server, port) = try await ServeHardeningTests.devServer(site)
        defer { server.loopbackServer?.stop() }
        let cases: [(String, String)] = [
            ("GET /2026/ HTTP/1.1\nHost: localhost\nConnection: close\n\n", "HTTP/1.1 200"),
            ("GET /2026/ HTTP/1.0\nHost: localhost:1\n\n", "HTTP/1.1 200"),
            ("\r\nGET / HTTP/1.1\r\nHost: [::1]\r\nConnection: close\n\r\n", "HTTP/1.1 200"),
            ("HEAD / HTTP/1.1\nHost: LocalHost\nConnection: close\n\n", "HTTP/1.1 200"),
            ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", "HTTP/1.1 400"),
            ("GET / HTTP/1.1\rHost: localhost\r\n\r\n", "HTTP/1.1 400"),
            ("\u{0}\u{1}\u{2}\n\n", "HTTP/1.1 400"),
            ("hello\r\n\r\n", "HTTP/1.1 400"),
            ("GET / HTTP/2.0\r\n\r\n", "HTTP/1.1 505"),
            ("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc", "HTTP/1.1 405"),
            ("BREW / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", "HTTP/1.1 501"),
            ("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "HTTP/1.1 501"),
            ("GET / HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n", "HTTP/1.1 413"),
            (
                "GET / HTTP/1.1\r\n\(String(repeating: "X-Pad: \(String(repeating: "b", count: 100))\r\n", count: 170))\r\n",
                "HTTP/1.1 431"
            ),
            (
                "GET / HTTP/1.1\r\n\(String(repeating: "X-Pad: \(String(repeating: "b", count: 1000))\r\n", count: 20))",
                "HTTP/1.1 431"
            ),
            ("GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\n\r\n", "HTTP/1.1 414"),
        ]
        for (request, status) in cases {
            let (response, seconds) = ServeTests.exchange(port: port, Array(request.utf8))
            #expect(response.hasPrefix(status), "\(request.debugDescription.prefix(60)): \(response.prefix(80))")
            #expect(seconds < 3, "\(request.debugDescription.prefix(60)): \(seconds) s")
        }
    }

    /// Sends `bytes` without waiting (errors ignored: the server may have dropped the connection).
    static func sendNow(_ fd: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, SocketConstants.noSignal | Int32(MSG_DONTWAIT)) }
    }

    static func timed(_ port: Int, _ request: String) -> (response: String, seconds: Double) {
        ServeTests.exchange(port: port, Array(request.utf8))
    }

    /// More clients than slots, each sending a byte a second, do not keep out a normal one.
    @Test func dripClientsDoNotStarveOthers() async throws {
        let site = try Site()
        let (server, port) = try await ServeHardeningTests.devServer(site)
        defer { server.loopbackServer?.stop() }
        let loopback = try #require(server.loopbackServer)
        let slots = loopback.limits.maxConnections
        let drip = Array("GET / HTTP/1.1\r\nX-Drip: \(String(repeating: "a", count: 100))".utf8)
        var drippers = [Int32]()
        defer { for fd in drippers { close(fd) } }
        for _ in 0..<(slots + 16) {
            let fd = ServeTests.connectLoopback(port: port)
            try #require(fd >= 0)
            ServeHardeningTests.sendNow(fd, [drip[0]])
            drippers.append(fd)
        }
        #expect(ServeTests.eventually(5) { loopback.statistics.open == slots }, "\(loopback.statistics)")
        var waits = [Double]()
        for second in 1...4 {
            let started = ContinuousClock.now
            for fd in drippers { ServeHardeningTests.sendNow(fd, [drip[second]]) }
            let (response, seconds) = ServeHardeningTests.timed(
                port, "GET /2026/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            #expect(response.hasPrefix("HTTP/1.1 200"), "\(response.prefix(80))")
            waits.append(seconds)
            try await Task.sleep(until: started + .seconds(1))
        }
        // Far below the 10 s a drip client could hold its slot for (bounds leave room for a loaded CI machine).
        #expect(waits.max()! < 5, "\(waits)")
        print("drip: \(slots + 16) drip clients, \(slots) slots; a normal GET waited \(waits) s; \(loopback.statistics)")
    }

    /// A client that trickles its head is dropped at the deadline, however often it sends.
    @Test func aTrickledHeadIsCutOffAtItsDeadline() throws {
        var limits = LoopbackHTTPServer.Limits.standard
        limits.requestTimeout = .seconds(1)
        let server = try LoopbackHTTPServer(port: 0, limits: limits) { _ in LoopbackHTTPServer.plain(200) }
        server.start()
        defer { server.stop() }
        let fd = ServeTests.connectLoopback(port: server.port)
        try #require(fd >= 0)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let start = Date()
        var answer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        var closed = false
        for byte in Array("GET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 40))".utf8) where !closed {
            ServeHardeningTests.sendNow(fd, [byte])
            let n = recv(fd, &chunk, chunk.count, 0)
            if n > 0 { answer += chunk[..<n] }
            if n == 0 { closed = true }
        }
        let seconds = Date().timeIntervalSince(start)
        #expect(closed && seconds < 5, "\(seconds) s")
        #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 408"))
        #expect(ServeTests.eventually(2) { server.statistics.open == 0 })
    }

    /// An idle keep-alive connection is closed after the idle time.
    @Test func idleConnectionsAreClosed() throws {
        var limits = LoopbackHTTPServer.Limits.standard
        limits.idleTimeout = .milliseconds(500)
        let server = try LoopbackHTTPServer(port: 0, limits: limits) { _ in LoopbackHTTPServer.plain(200) }
        server.start()
        defer { server.stop() }
        let (response, seconds) = ServeHardeningTests.timed(server.port, "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(seconds > 0.4 && seconds < 5, "\(seconds) s")
    }

    /// Clients that ask for a large answer and never read it: a normal client still gets in, and
    /// a writer stuck past the deadline is dropped.
    @Test func clientsThatNeverReadAreDropped() throws {
        let body = [UInt8](repeating: 0x61, count: 8 * 1024 * 1024)
        var limits = LoopbackHTTPServer.Limits.standard
        limits.maxConnections = 8
        limits.writeTimeout = .seconds(2)
        let server = try LoopbackHTTPServer(port: 0, limits: limits) { request in
            request.target == "/big"
                ? LoopbackHTTPServer.Response(status: 200, headers: [], body: body) : LoopbackHTTPServer.plain(200)
        }
        server.start()
        defer { server.stop() }
        var readers = [Int32]()
        defer { for fd in readers { close(fd) } }
        for _ in 0..<(limits.maxConnections + 4) {
            let fd = SocketConstants.streamSocket()
            var small: Int32 = 4096
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            let connected = SocketConstants.withLoopback(port: server.port) { connect(fd, $0, $1) }
            try #require(connected == 0)
            ServeHardeningTests.sendNow(fd, Array("GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
            readers.append(fd)
        }
        #expect(ServeTests.eventually(5) { server.statistics.open == limits.maxConnections }, "\(server.statistics)")
        let (response, seconds) = ServeHardeningTests.timed(server.port, "GET /small HTTP/1.1\r\nConnection: close\r\n\r\n")
        #expect(response.hasPrefix("HTTP/1.1 200") && seconds < 4, "\(seconds) s: \(response.prefix(80))")
        // Past the write deadline every stuck writer is gone.
        #expect(ServeTests.eventually(5) { server.statistics.open == 0 }, "\(server.statistics)")
    }

    /// Only when every connection is busy answering does a new client get 503.
    @Test func busyOnlyWhenEverySlotIsAnswering() throws {
        let release = DispatchSemaphore(value: 0)
        let entered = Atomic(0)
        var limits = LoopbackHTTPServer.Limits.standard
        limits.maxConnections = 2
        let server = try LoopbackHTTPServer(port: 0, limits: limits) { request in
            if request.target == "/slow" {
                entered.add(1, ordering: .sequentiallyConsistent)
                _ = release.wait(timeout: .now() + 10)
            }
            return LoopbackHTTPServer.plain(200)
        }
        server.start()
        defer { server.stop() }
        let answers = Mutex([String]())
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                let answer = ServeHardeningTests.timed(server.port, "GET /slow HTTP/1.1\r\nConnection: close\r\n\r\n").response
                answers.withLock { $0.append(answer) }
            }
        }
        #expect(ServeTests.eventually(5) { entered.load(ordering: .sequentiallyConsistent) == 2 })
        #expect(ServeHardeningTests.timed(server.port, "GET / HTTP/1.0\r\n\r\n").response.hasPrefix("HTTP/1.1 503"))
        release.signal()
        release.signal()
        #expect(group.wait(timeout: .now() + 10) == .success)
        #expect(answers.withLock { $0.allSatisfy { $0.hasPrefix("HTTP/1.1 200") } })
        #expect(ServeHardeningTests.timed(server.port, "GET / HTTP/1.0\r\n\r\n").response.hasPrefix("HTTP/1.1 200"))
    }

    @Test func theBuildFolderIsPrivate() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("calgen-private-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let first = try PrivateDirectory.create(in: parent, prefix: "calgen-serve-1-")
        let second = try PrivateDirectory.create(in: parent, prefix: "calgen-serve-1-")
        #expect(first != second && first.hasPrefix(parent + "/calgen-serve-1-"))
        for path in [first, second] {
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o700, "\(path): \(String(mode ?? 0, radix: 8))")
        }
        #expect(throws: PrivateDirectory.Failure.self) { try PrivateDirectory.create(in: parent + "/missing", prefix: "x-") }
    }
}
