import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenLoad
@testable import CalgenPublish

/// A site published under a sub-path (`https://example.org/cal/`), here served under `/cal/` on
/// 127.0.0.1 with `--base-url`: a crawl from the home page finds every link, every sitemap entry
/// and every feed URL the pages give.
@Suite(.endToEnd) struct SubPathTests {
    @Test func aSiteUnderASubPathHasNoBrokenLink() throws {
        let fixture = try Fixture()
        let server = try StubHTTPServer([:])
        let base = server.baseURL + "cal/"
        let result = try fixture.run(["build", "--quiet", "--output", "out", "--base-url", base])
        #expect(result.status == 0, "\(result.stderr)")
        let files = Fixture.snapshot(fixture.root.appendingPathComponent("out").path)
        for (path, data) in files {
            server.set("/cal/" + path, .ok(Array(data)))
            if path.hasSuffix("index.html") { server.set("/cal/" + path.dropLast("index.html".count), .ok(Array(data))) }
        }
        let fetcher = HTTPFetcher(timeout: 30, attempts: 1)
        var queue = [base]
        var seen = Set(queue)
        var broken = [String]()
        var pages = 0
        while let next = queue.popLast() {
            guard let url = URL(string: next), case .body(let bytes)? = try? fetcher.get(url) else {
                broken.append(next)
                continue
            }
            guard next.hasSuffix("/") || next.hasSuffix(".html") else { continue }
            pages += 1
            let links = LinkCheck.attributes("href", in: bytes) + LinkCheck.attributes("src", in: bytes)
            for link in links {
                guard let resolved = URL(string: link, relativeTo: url)?.absoluteURL,
                    resolved.host == "127.0.0.1", resolved.scheme == "http"
                else { continue }
                var text = resolved.absoluteString
                if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
                if !text.hasPrefix(base) { broken.append("\(link) on \(next): outside \(base)") }
                if seen.insert(text).inserted { queue.append(text) }
            }
        }
        // Every page but 404.html, which no page links to, is reached; the pages beside personal feeds are not.
        #expect(
            pages == files.keys.filter { $0.hasSuffix(".html") && !$0.hasPrefix("feeds/") }.count - 1, "\(pages) pages crawled")
        #expect(broken.isEmpty, "\(broken.prefix(10))")
        // The sitemap, the manifest and the feed URLs name the sub-path too.
        let sitemap = String(decoding: files["sitemap.xml"] ?? Data(), as: UTF8.self)
        let locations = sitemap.components(separatedBy: "<loc>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(!locations.isEmpty && locations.allSatisfy { seen.contains($0) && $0.hasPrefix(base) })
        let home = String(decoding: files["subscribe/index.html"] ?? Data(), as: UTF8.self)
        #expect(home.contains(base + "feeds/holidays.ics"))
        #expect(home.contains("webcal://127.0.0.1:\(server.port)/cal/feeds/holidays.ics"))
        let feed = String(decoding: files["feeds/holidays.ics"] ?? Data(), as: UTF8.self)
        #expect(feed.contains("URL;VALUE=URI:" + base))
        #expect(String(decoding: files["robots.txt"] ?? Data(), as: UTF8.self).contains("Disallow: /cal/feeds/"))
        let headers = String(decoding: files["_headers"] ?? Data(), as: UTF8.self)
        #expect(headers.contains("/cal/feeds/*\n  X-Robots-Tag: noindex, nofollow\n"))
        #expect(headers.contains("/cal/feeds/holidays.ics\n  Content-Type: text/calendar; charset=utf-8\n"))
        // The day API and the manifest are public data: any origin may fetch them.
        #expect(
            headers.contains(
                "/cal/api/*\n  Content-Type: application/json; charset=utf-8\n  Cache-Control: public, max-age=3600\n  Access-Control-Allow-Origin: *\n"
            ))
        #expect(
            headers.contains(
                "/cal/manifest.json\n  Cache-Control: public, max-age=60, must-revalidate\n  Access-Control-Allow-Origin: *\n"))
    }
}
