import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `calgen serve` as a publisher uses it: start, browse, edit, break, stop.
@Suite(.endToEnd) struct ServeTests {
    /// Lines a running process printed so far.
    final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func append(_ data: Data) { lock.withLock { text += String(decoding: data, as: UTF8.self) } }
        var value: String { lock.withLock { text } }
    }

    struct Fetched {
        let status: Int
        let type: String
        let body: String
    }

    static func fetch(_ url: String) -> Fetched? {
        final class Box: @unchecked Sendable { var value: Fetched? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        var request = URLRequest(url: URL(string: url)!)
        request.timeoutInterval = 10
        let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
        session.dataTask(with: request) { data, response, _ in
            if let http = response as? HTTPURLResponse {
                box.value = Fetched(
                    status: http.statusCode, type: http.value(forHTTPHeaderField: "Content-Type") ?? "",
                    body: String(decoding: data ?? Data(), as: UTF8.self))
            }
            done.signal()
        }.resume()
        done.wait()
        return box.value
    }

    final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) { completionHandler(nil) }
    }

    /// Waits up to `seconds` for `condition`.
    static func eventually(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return condition()
    }

    /// Starts `calgen serve` on a free port in the fixture, collecting what it prints.
    static func serve(_ fixture: borrowing Fixture, environment: [String: String] = [:]) throws -> (
        Process, stdout: Output, stderr: Output
    ) {
        let process = try fixture.process(["serve", "--port", "0", "--poll", "0.2"], environment: environment)
        let stdout = Output()
        let stderr = Output()
        let outPipe = Pipe()
        let errPipe = Pipe()
        outPipe.fileHandleForReading.readabilityHandler = { stdout.append($0.availableData) }
        errPipe.fileHandleForReading.readabilityHandler = { stderr.append($0.availableData) }
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        return (process, stdout, stderr)
    }

    @Test func servesRebuildsKeepsTheLastGoodBuildAndStops() throws {
        let fixture = try Fixture()
        // The build folder is made in TMPDIR, readable by this user only.
        let temporary = fixture.root.appendingPathComponent("tmp").path
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let (process, stdout, stderr) = try ServeTests.serve(fixture, environment: ["TMPDIR": temporary])
        defer { if process.isRunning { process.terminate() } }

        #expect(
            ServeTests.eventually(60) { stdout.value.contains("Serving on http://127.0.0.1:") }, "\(stdout.value) \(stderr.value)"
        )
        let folders = try FileManager.default.contentsOfDirectory(atPath: temporary)
        #expect(folders.count == 1 && folders[0].hasPrefix("calgen-serve-\(process.processIdentifier)-"), "\(folders)")
        for folder in folders {
            let mode = try FileManager.default.attributesOfItem(atPath: temporary + "/" + folder)[.posixPermissions] as? Int
            #expect(mode == 0o700, "\(folder): \(String(mode ?? 0, radix: 8))")
        }
        let base = try #require(stdout.value.firstRange(of: #/http://127\.0\.0\.1:\d+/#).map { String(stdout.value[$0]) })

        let index = try #require(ServeTests.fetch(base + "/"))
        #expect(index.status == 200 && index.type == "text/html; charset=utf-8")
        #expect(index.body.contains("data-calgen-serve"))  // the reload script, in serve mode only
        let year = try #require(ServeTests.fetch(base + "/2026/"))
        #expect(year.status == 200 && year.body.contains("<h1>2026年放假安排</h1>"))
        #expect(ServeTests.fetch(base + "/2026")?.status == 301)
        let feed = try #require(ServeTests.fetch(base + "/feeds/holidays.ics"))
        #expect(feed.status == 200 && feed.type == "text/calendar; charset=utf-8" && feed.body.hasPrefix("BEGIN:VCALENDAR"))
        let api = try #require(ServeTests.fetch(base + "/api/2026.json"))
        #expect(api.status == 200 && api.type == "application/json")
        let missing = try #require(ServeTests.fetch(base + "/no/such/page"))
        #expect(missing.status == 404 && missing.type == "text/html; charset=utf-8" && missing.body.contains("页面不存在"))
        #expect(ServeTests.fetch(base + "/../Content/site.yml")?.status != 200)
        let generation = ServeTests.fetch(base + "/__calgen/generation")?.body

        // An edit shows up within a few seconds, and open pages are told to reload.
        let note = "Content/notes/2026/year-end-party.md"
        try fixture.write(note, fixture.read(note)!.replacingOccurrences(of: "一楼大厅", with: "三楼会议室"))
        #expect(ServeTests.eventually(15) { ServeTests.fetch(base + "/notes/year-end-party/")?.body.contains("三楼会议室") == true })
        // The new files are in place a moment before the server announces the new generation.
        #expect(ServeTests.eventually(5) { ServeTests.fetch(base + "/__calgen/generation")?.body != generation })

        // A broken note: the error is printed and the last good page stays served.
        try fixture.write("Content/notes/broken.md", "---\ntitle: 坏\ndate: 2026-02-30\n---\n")
        #expect(ServeTests.eventually(15) { stderr.value.contains("Still serving the last good build") }, "\(stderr.value)")
        #expect(stderr.value.contains("Content/notes/broken.md:3:7: error:"))
        #expect(ServeTests.fetch(base + "/notes/year-end-party/")?.body.contains("三楼会议室") == true)

        // Stopped cleanly, and the published output was never touched.
        process.interrupt()
        #expect(ServeTests.eventually(10) { !process.isRunning })
        #expect(process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: fixture.output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }

    /// A socket connected to 127.0.0.1:`port`, or -1.
    static func connectLoopback(port: Int) -> Int32 {
        let fd = SocketConstants.streamSocket()
        let connected = SocketConstants.withLoopback(port: port) { connect(fd, $0, $1) }
        guard connected == 0 else {
            close(fd)
            return -1
        }
        return fd
    }

    /// Sends raw bytes to 127.0.0.1:`port` and reads until the server closes the connection
    /// (at most 10 s).
    static func exchange(port: Int, _ bytes: [UInt8]) -> (response: String, seconds: Double) {
        let start = Date()
        let fd = connectLoopback(port: port)
        guard fd >= 0 else { return ("", 0) }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, SocketConstants.noSignal) }
            if n <= 0 { break }  // the server may refuse before it has read everything
            sent += n
        }
        var received = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            received += chunk[..<n]
        }
        return (String(decoding: received, as: UTF8.self), Date().timeIntervalSince(start))
    }

    /// The limits and pipelining of the preview server, and a template cycle while serving.
    @Test func refusesHugeRequestsAnswersPipelinedOnesAndSurvivesATemplateCycle() throws {
        let fixture = try Fixture()
        let (process, stdout, stderr) = try ServeTests.serve(fixture)
        defer { if process.isRunning { process.terminate() } }
        #expect(
            ServeTests.eventually(60) { stdout.value.contains("Serving on http://127.0.0.1:") }, "\(stdout.value) \(stderr.value)"
        )
        let port = try #require(stdout.value.firstMatch(of: #/127\.0\.0\.1:(\d+)/#).flatMap { Int($0.1) })

        let long = ServeTests.exchange(
            port: port, Array("GET /\(String(repeating: "a", count: 1_000_000)) HTTP/1.1\r\n\r\n".utf8))
        #expect(long.response.hasPrefix("HTTP/1.1 414 URI Too Long"), "\(long.response.prefix(100))")
        #expect(long.seconds < 5)
        let headers = ServeTests.exchange(
            port: port,
            Array(
                "GET / HTTP/1.1\r\n\(String(repeating: "X-Pad: \(String(repeating: "b", count: 1000))\r\n", count: 40))\r\n".utf8)
        )
        #expect(headers.response.hasPrefix("HTTP/1.1 431"), "\(headers.response.prefix(100))")
        let pipelined = ServeTests.exchange(
            port: port,
            Array(
                "GET /robots.txt HTTP/1.1\r\nHost: localhost\r\n\r\nGET /api/years.json HTTP/1.1\r\nHost: localhost\r\n\r\nHEAD /2026/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                    .utf8))
        #expect(pipelined.response.components(separatedBy: "HTTP/1.1 200 OK").count == 4, "\(pipelined.response.prefix(300))")
        #expect(pipelined.response.contains("Disallow: /feeds/") && pipelined.response.contains("\"years\""))

        // Idle connections hold a slot each, up to 64; a new client takes the slot of the one that
        // has waited longest, so it is answered at once.
        var idle = [Int32]()
        for _ in 0..<70 { idle.append(ServeTests.connectLoopback(port: port)) }
        let busy = ServeTests.exchange(port: port, Array("GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        #expect(busy.response.hasPrefix("HTTP/1.1 200") && busy.seconds < 2, "\(busy.seconds) s: \(busy.response.prefix(80))")
        for fd in idle { close(fd) }

        try fixture.write("Templates/partials/legend.mustache", "<p>{{> legend}}</p>\n")
        #expect(ServeTests.eventually(15) { stderr.value.contains("Still serving the last good build") }, "\(stderr.value)")
        #expect(stderr.value.contains(#"partial "legend" includes itself (legend → legend)"#))
        #expect(process.isRunning)
        #expect(
            ServeTests.exchange(port: port, Array("GET /2026/ HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)).response.hasPrefix(
                "HTTP/1.1 200 OK"))
    }
}
