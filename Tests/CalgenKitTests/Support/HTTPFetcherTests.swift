import CalgenLoad
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// `HTTPFetcher` against hostile servers on 127.0.0.1: answers that drip, inflate, redirect off
/// http(s), loop, or fail; every one ends within its deadline with the URL in the message.
@Suite struct HTTPFetcherTests {
    let body = Array(#"{"year": 2026, "days": []}"#.utf8)

    func url(_ server: StubHTTPServer, _ path: String) -> URL { URL(string: server.baseURL + path)! }

    func failure(_ fetcher: HTTPFetcher, _ url: URL) -> HTTPFetcher.Failure? {
        do {
            _ = try fetcher.get(url)
            return nil
        } catch {
            return error
        }
    }

    func seconds(_ work: () -> Void) -> Double {
        let start = ContinuousClock.now
        work()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    // Only the deadline tests give short timeouts: the others leave room for a busy machine.
    @Test func anAnswerAndAMissingFile() throws {
        let server = try StubHTTPServer(["/a.json": .ok(body), "/gone": .status(410)])
        let fetcher = HTTPFetcher(timeout: 30, attempts: 1)
        #expect(try fetcher.get(url(server, "a.json")) == .body(body))
        #expect(try fetcher.get(url(server, "b.json")) == .missing)
        #expect(try fetcher.get(url(server, "gone")) == .missing)
    }

    /// One byte a second keeps no request alive past its deadline, retries included in the
    /// command's limit.
    @Test func aDrippingServerIsCutOffAtTheDeadline() throws {
        let server = try StubHTTPServer(["/drip": .drip(interval: 0.5, Array(repeating: 0x20, count: 100))])
        var result: HTTPFetcher.Failure?
        let elapsed = seconds { result = failure(HTTPFetcher(timeout: 1.5, attempts: 1), url(server, "drip")) }
        #expect(result?.reason == "no complete answer within 1.5 s", "\(String(describing: result))")
        #expect(elapsed < 8, "took \(elapsed) s")  // the answer would take 50 s
        // The whole command's limit holds across attempts and backoff.
        var total: HTTPFetcher.Failure?
        let all = seconds {
            total = failure(HTTPFetcher(timeout: 1.5, attempts: 5, backoff: 0.1, totalTimeout: 2.5), url(server, "drip"))
        }
        #expect(all < 6, "took \(all) s")  // 5 tries of 1.5 s and their backoff would take 9 s
        #expect(total != nil)
    }

    /// A small gzip answer that inflates past the limit is stopped at the limit of decoded bytes.
    @Test func aGzipBombIsStoppedAtTheLimit() throws {
        let bomb = StubHTTPServer.gzipBomb(size: 200_000)  // about 30 MB inflated
        let server = try StubHTTPServer(["/bomb.json": .headers(["Content-Encoding: gzip"], bomb)])
        let result = failure(HTTPFetcher(timeout: 10, attempts: 1, maxBytes: 1 << 20), url(server, "bomb.json"))
        #expect(result?.reason == "the answer is larger than 1048576 bytes", "\(String(describing: result))")
        // Under the limit, the decoded bytes are what the caller gets.
        let small = StubHTTPServer.gzipBomb(size: 300, complete: true)
        server.set("/small.json", .headers(["Content-Encoding: gzip"], small))
        guard case .body(let bytes) = try HTTPFetcher(timeout: 10, attempts: 1).get(url(server, "small.json")) else {
            Issue.record("no body")
            return
        }
        #expect(bytes.count > 20_000 && bytes.allSatisfy { $0 == 0 })
    }

    @Test func aDeclaredLengthOverTheLimitIsRefusedBeforeTheBody() throws {
        let server = try StubHTTPServer(["/big": .truncated([], declared: 50 << 20)])
        let result = failure(HTTPFetcher(timeout: 30, attempts: 3, backoff: 0.01, maxBytes: 1 << 20), url(server, "big"))
        #expect(result?.reason == "the answer is larger than 1048576 bytes")
        #expect(server.requests.count == 1)
    }

    @Test(arguments: ["file:///etc/passwd", "data:application/json,{}", "ftp://127.0.0.1/x", "gopher://127.0.0.1/"])
    func aRedirectOffHTTPIsAnError(to target: String) throws {
        let server = try StubHTTPServer(["/manifest.json": .redirect(status: 302, location: target)])
        let result = failure(HTTPFetcher(timeout: 30, attempts: 2, backoff: 0.01), url(server, "manifest.json"))
        #expect(result?.url == server.baseURL + "manifest.json")
        #expect(
            result?.reason.contains("redirects to \(target), which is not an http(s) URL") == true,
            "\(String(describing: result))")
        #expect(server.requests == ["/manifest.json"])
    }

    @Test func redirectsAreFollowedAndCounted() throws {
        let server = try StubHTTPServer([
            "/old.json": .redirect(status: 301, location: "/new.json"), "/new.json": .ok(body),
            "/loop": .redirect(status: 302, location: "/loop"),
        ])
        #expect(try HTTPFetcher(timeout: 30, attempts: 1).get(url(server, "old.json")) == .body(body))
        let looping = failure(HTTPFetcher(timeout: 30, attempts: 1, maxRedirects: 5), url(server, "loop"))
        #expect(looping?.reason.hasPrefix("more than 5 redirects") == true, "\(String(describing: looping))")
        #expect(server.requests.filter { $0 == "/loop" }.count == 6)
    }

    /// The one redirect rule of every download: to another host too (a site moved to a domain of
    /// its own), never from https down to http, and none at all for a URL with credentials.
    @Test func redirectsAreFollowedWithoutCredentials() throws {
        let other = try StubHTTPServer(["/a.json": .ok(body)])
        let server = try StubHTTPServer([
            "/away.json": .redirect(status: 302, location: other.baseURL + "a.json"),
            "/moved.json": .redirect(status: 301, location: "/a.json"), "/a.json": .ok(body),
        ])
        #expect(try HTTPFetcher(timeout: 30, attempts: 1).get(url(server, "away.json")) == .body(body))
        #expect(other.requests == ["/a.json"])
        let withPassword = URL(string: "http://ci:s3cret@127.0.0.1:\(server.port)/moved.json")!
        let refused = failure(HTTPFetcher(timeout: 30, attempts: 1), withPassword)
        #expect(refused?.reason.contains("follows no redirect") == true, "\(String(describing: refused))")
        #expect(server.requests.filter { $0 == "/a.json" }.isEmpty)
        let rule = { (location: String, at: String) in
            HTTPRedirect.next(location: location, status: 302, at: at, start: at, followed: 0)
        }
        guard case .failure(let downgrade) = rule("http://dav.example.com/a", "https://dav.example.com/b") else {
            Issue.record("a downgrade is refused")
            return
        }
        #expect(downgrade.reason.contains("a downgrade"))
        guard case .failure(let userInfo) = rule("https://u:p@dav.example.com/a", "https://dav.example.com/b") else {
            Issue.record("a redirect with a password is refused")
            return
        }
        #expect(userInfo.reason.contains("with a user name or password") && !userInfo.reason.contains(":p@"))
        guard case .success(let next) = rule("/c", "https://dav.example.com/b") else {
            Issue.record("a path on the origin is followed")
            return
        }
        #expect(next == "https://dav.example.com/c")
    }

    /// The one retry rule of every command (`HTTPRetry`): a 5xx that may pass is tried again
    /// as often as the fetcher allows, one that will not (501, 505) and a 4xx are not.
    @Test func serverErrorsAreRetriedAndOthersAreNot() throws {
        let server = try StubHTTPServer([
            "/flaky": .failingOnce(status: 503, body), "/forbidden": .status(403), "/failing": .status(500),
            "/unknown": .status(501),
        ])
        #expect(try HTTPFetcher(timeout: 30, attempts: 2, backoff: 0.01).get(url(server, "flaky")) == .body(body))
        let forbidden = failure(HTTPFetcher(timeout: 30, attempts: 3, backoff: 0.01), url(server, "forbidden"))
        #expect(forbidden?.reason == "HTTP 403")
        #expect(server.requests.filter { $0 == "/forbidden" }.count == 1)
        let failing = failure(HTTPFetcher(timeout: 30, attempts: 3, backoff: 0.01), url(server, "failing"))
        #expect(failing?.reason == "HTTP 500 3 times; gave up")
        #expect(server.requests.filter { $0 == "/failing" }.count == 3)
        let unknown = failure(HTTPFetcher(timeout: 30, attempts: 3, backoff: 0.01), url(server, "unknown"))
        #expect(unknown?.reason == "HTTP 501")
        #expect(server.requests.filter { $0 == "/unknown" }.count == 1)
    }

    @Test func messagesNameTheURLWithoutItsPassword() throws {
        let server = try StubHTTPServer(["/x": .status(500)])
        let withPassword = URL(string: "http://ci:s3cret@127.0.0.1:\(server.port)/x")!
        let result = failure(HTTPFetcher(timeout: 30, attempts: 1), withPassword)
        #expect(result?.url == "http://127.0.0.1:\(server.port)/x")
        #expect(result.map { "\($0)" }?.contains("s3cret") == false)
        #expect(HTTPFetcher.display("https://a:b@example.com/p?q=1") == "https://example.com/p?q=1")
        #expect(failure(HTTPFetcher(), URL(string: "file:///etc/passwd")!)?.reason == "is not an http(s) URL")
    }

    @Test func nothingListensIsAnError() throws {
        let server = try StubHTTPServer([:])
        let port = server.port
        server.stop()
        let result = failure(HTTPFetcher(timeout: 2, attempts: 2, backoff: 0.01), URL(string: "http://127.0.0.1:\(port)/")!)
        #expect(result?.url == "http://127.0.0.1:\(port)/")
        #expect(result?.reason.isEmpty == false)
    }
}
