import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenSync

/// The sync's requests against a stub server on 127.0.0.1: a busy or failing answer retried, the
/// retries bounded, a slow answer ended at the timeout, a feed's redirect followed (it carries
/// no credentials, so it may lead to another host).
@Suite struct SyncHTTPTests {
    static let feed = Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8)

    /// One server for the suite, never stopped while it runs: a stub stopped by one test could
    /// otherwise leave its accepting thread on a descriptor number the next test's stub reuses.
    static let elsewhere = try! StubHTTPServer(["/a.ics": .ok(feed)])
    static let server = try! StubHTTPServer([
        "/once-busy": .failingOnce(status: 503, Array("ok".utf8)),
        "/once-failing": .failingOnce(status: 502, Array("ok".utf8)),
        "/always-busy": .status(429), "/always-broken": .status(500), "/missing": .status(404),
        "/slow": .slow(seconds: 5, Array("late".utf8)),
        "/f/a.ics": .headers(["ETag: \"v1\"", "Last-Modified: Fri, 20 Nov 2026 00:00:00 GMT"], feed),
        "/f/a.json": .ok(Array(#"{"version": 7}"#.utf8)),
        "/moved.ics": .redirect(status: 301, location: "/f/a.ics"),
        "/away.ics": .redirect(status: 302, location: elsewhere.baseURL + "a.ics"),
        "/to-file.ics": .redirect(status: 302, location: "file:///etc/passwd"),
        "/big-head": .headers((0..<12).map { "X-Padding-\($0): " + String(repeating: "a", count: 100_000) }, feed),
    ])

    static func http(timeout: Double = 5, total: Double = 30) -> SyncHTTP {
        var http = SyncHTTP(user: nil, password: nil, timeout: timeout, deadline: .now + .seconds(total))
        http.retry.backoff = 0.05
        http.retry.maxWait = 0.1
        return http
    }

    @Test func aBusyOrFailingAnswerIsTriedAgain() throws {
        let server = Self.server
        let http = Self.http()
        #expect(try http.send("GET", url: server.baseURL + "once-busy").status == 200)
        #expect(try http.send("GET", url: server.baseURL + "once-failing").status == 200)
        #expect(http.counter.count == 4)
    }

    @Test func retriesAreBoundedAndSaidClearly() throws {
        let server = Self.server
        let http = Self.http()
        #expect(try http.send("GET", url: server.baseURL + "missing").status == 404)
        do {
            _ = try http.send("GET", url: server.baseURL + "always-busy")
            Issue.record("a server busy every time must end the request")
        } catch {
            #expect(error.description.contains("/always-busy: GET answered HTTP 429 (too many requests) 8 times; gave up"))
        }
        do {
            _ = try http.send("GET", url: server.baseURL + "always-broken")
            Issue.record("a failing server must end the request")
        } catch {
            #expect(error.description.contains("HTTP 500 3 times"))
        }
        #expect(server.requests.count { $0 == "/always-busy" } == 8 && server.requests.count { $0 == "/always-broken" } == 3)
    }

    @Test func headersTooLargeAreRefusedSo() throws {
        do {
            _ = try Self.http().send("GET", url: Self.server.baseURL + "big-head")
            Issue.record("headers of 1.2 MB must be refused")
        } catch {
            #expect(error.description.contains("/big-head: the headers of the answer to GET are too large; refused"))
        }
    }

    @Test func aSlowAnswerEndsAtTheTimeout() throws {
        let server = Self.server
        let started = ContinuousClock.now
        do {
            _ = try Self.http(timeout: 1).send("GET", url: server.baseURL + "slow")
            Issue.record("a slow answer must time out")
        } catch {
            #expect(error.description.contains("no complete answer within 1 s (--timeout)"))
        }
        #expect(ContinuousClock.now - started < .seconds(4))
    }

    @Test func aFeedIsDownloadedAndItsRedirectsFollowed() throws {
        let server = Self.server
        let feed = Self.feed
        let http = Self.http()
        guard
            case .feed(let bytes, let etag, let modified) = try FeedDownload.get(
                server.baseURL + "moved.ics", etag: nil, lastModified: nil, http: http)
        else {
            Issue.record("a 200 is a feed")
            return
        }
        #expect(bytes == feed && etag == "\"v1\"" && modified == "Fri, 20 Nov 2026 00:00:00 GMT")
        #expect(FeedDownload.manifestVersion(ofFeed: server.baseURL + "f/a.ics", http: http) == 7)
        #expect(FeedDownload.manifestVersion(ofFeed: server.baseURL + "none.ics", http: http) == nil)
        guard
            case .feed(let moved, _, _) = try FeedDownload.get(
                server.baseURL + "away.ics", etag: nil, lastModified: nil, http: http)
        else {
            Issue.record("a redirect to another host is followed by a download without credentials")
            return
        }
        #expect(moved == feed && Self.elsewhere.requests == ["/a.ics"])
        do {
            _ = try FeedDownload.get(server.baseURL + "to-file.ics", etag: nil, lastModified: nil, http: http)
            Issue.record("a redirect to file: must not be followed")
        } catch {
            #expect(error.description.contains("not an http(s) URL"))
        }
        #expect(FeedDownload.isAllowedSource("https://calendar.example.com/feeds/t/a.ics"))
        #expect(FeedDownload.isAllowedSource("http://127.0.0.1:8000/feeds/t/a.ics"))
        #expect(!FeedDownload.isAllowedSource("http://calendar.example.com/feeds/t/a.ics"))
        #expect(!FeedDownload.isAllowedSource("https://me:pw@calendar.example.com/a.ics"))
    }
}
