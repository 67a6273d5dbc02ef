import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// A private work schedule through a whole build of the small site: its feed only at a secret
/// path. (The bundled site's public schedules: `SchedulePublicationTests`.)
@Suite(.endToEnd) struct SchedulePublicationBuildTests {
    /// `audience: private`: the feed at a secret address of its own, like a subscriber's, in the
    /// record of personal feeds, its pages beside it (noindex); no API, nothing public names it.
    @Test func aPrivateScheduleHasOnlyASecretFeed() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Content/schedules/night-desk.yml",
            "name: 夜班前台\naudience: private\nnational: ignore\npattern:\n  rotation: {anchor: 2026-01-01, cycle: [N, off]}\nshifts:\n  N: {start: \"22:00\", end: \"06:00\"}\n"
        )
        let site = try fixture.buildInMemory()
        let token = try FeedSecret(Fixture.secret).token(for: "schedule/night-desk")
        let feed = try #require(site.read("feeds/\(token)/night-desk.ics"))
        #expect(feed.contains("SUMMARY:N 22:00–次日06:00"))
        #expect(site.read("feeds/\(token)/night-desk.json") != nil)
        #expect(!site.files.keys.contains { $0.contains("schedules/night-desk") })
        let page = try #require(site.read("feeds/\(token)/2026/10/index.html"))
        #expect(page.contains(#"<meta name="robots" content="noindex">"#) && page.contains("<h1>夜班前台工作日历 · 2026年10月</h1>"))
        #expect(page.contains(#"href="../../../../feeds/\#(token)/night-desk.ics" download"#) && !page.contains("api/schedules"))
        #expect(site.read("feeds/\(token)/2026/index.html") != nil && site.read("feeds/\(token)/2028/index.html") == nil)
        for (path, data) in site.files where !path.hasPrefix("feeds/") {
            #expect(!String(decoding: data, as: UTF8.self).contains(token), "\(path)")
        }
        #expect(site.read("api/schedules.json")?.contains("night-desk") == false)
    }
}
