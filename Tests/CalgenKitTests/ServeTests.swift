import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `calgen serve` as a publisher uses it: start, browse, edit, break, stop.
@Suite struct ServeTests {
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

    @Test func servesRebuildsKeepsTheLastGoodBuildAndStops() throws {
        let fixture = try Fixture()
        let process = try fixture.process(["serve", "--port", "0", "--poll", "0.2"])
        let stdout = Output()
        let stderr = Output()
        let outPipe = Pipe()
        let errPipe = Pipe()
        outPipe.fileHandleForReading.readabilityHandler = { stdout.append($0.availableData) }
        errPipe.fileHandleForReading.readabilityHandler = { stderr.append($0.availableData) }
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        #expect(ServeTests.eventually(60) { stdout.value.contains("Serving on http://127.0.0.1:") }, "\(stdout.value) \(stderr.value)")
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
    }
}
