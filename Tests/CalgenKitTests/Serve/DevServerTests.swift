import Foundation
import Testing

@testable import CalgenServe

/// What the preview server answers from a site held in memory, and the banner of problems it
/// puts over every page while the content does not build.
@Suite struct DevServerTests {
    struct MemorySite: ServedSite {
        let files: [String: String]
        func file(_ path: String) -> [UInt8]? { files[path].map { Array($0.utf8) } }
        func isFolder(_ path: String) -> Bool {
            files.keys.contains { path.isEmpty || $0.hasPrefix(path + "/") }
        }
    }

    static let site = MemorySite(files: [
        "index.html": "<html><body><h1>首页</h1></body></html>",
        "2026/index.html": "<html><body><h1>2026</h1></body></html>",
        "404.html": "<html><body>页面不存在</body></html>",
    ])

    @Test func servesASiteHeldInMemory() throws {
        let server = try DevServer(port: 0, sitePath: "/")
        server.publish(site: DevServerTests.site)
        let year = server.route("/2026/")
        #expect(year.status == 200 && String(decoding: year.body, as: UTF8.self).contains("<h1>2026</h1>"))
        #expect(server.route("/2026").status == 301)
        #expect(server.route("/nothing").status == 404)
        #expect(!String(decoding: year.body, as: UTF8.self).contains("data-calgen-serve-problems"))
    }

    @Test func problemsShowOverEveryPageUntilTheyAreFixed() throws {
        let server = try DevServer(port: 0, sitePath: "/")
        server.publish(site: DevServerTests.site)
        let before = String(decoding: server.route("/__calgen/generation").body, as: UTF8.self)
        server.markFailed("Content/notes/a.md:3:7: error: <script>x</script>\n    fix: write a date")
        let failed = String(decoding: server.route("/__calgen/generation").body, as: UTF8.self)
        #expect(failed != before)  // open pages reload to show the problems
        for path in ["/", "/2026/", "/nothing"] {
            let body = String(decoding: server.route(path).body, as: UTF8.self)
            #expect(body.contains("data-calgen-serve-problems"), "\(path)")
            #expect(body.contains("Content/notes/a.md:3:7: error: &lt;script&gt;x&lt;/script&gt;"))
            #expect(!body.contains("<script>x</script>"))
        }
        server.markFailed("Content/notes/a.md:3:7: error: <script>x</script>\n    fix: write a date")
        #expect(String(decoding: server.route("/__calgen/generation").body, as: UTF8.self) == failed)
        server.publish(site: DevServerTests.site)
        #expect(!String(decoding: server.route("/").body, as: UTF8.self).contains("data-calgen-serve-problems"))
        #expect(String(decoding: server.route("/__calgen/generation").body, as: UTF8.self) != failed)
    }
}
