import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// Pages and a feed reviewed like code: the output must equal the files in `Golden/` byte for
/// byte. A change is reviewed in the diff of the regenerated files.
@Suite(.endToEnd) struct GoldenTests {
    /// The HTML of a year page, a month page with notes and a note page, reviewed like code. Regenerate with
    /// `CALGEN_END_TO_END=1 CALGEN_UPDATE_GOLDEN=1 swift test --filter GoldenTests` and review the diff.
    @Test(arguments: [
        ("2026/index.html", "year-2026.html"), ("2026/10/index.html", "month-2026-10.html"),
        ("notes/national-day-duty/index.html", "note-national-day-duty.html"),
    ])
    func goldenPages(_ page: String, _ golden: String) throws {
        let actual = try BundledSite.get().read(page) ?? ""
        let goldenURL = Fixture.repositoryRoot.appendingPathComponent("Tests/CalgenEndToEndTests/Golden/" + golden)
        if ProcessInfo.processInfo.environment["CALGEN_UPDATE_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: goldenURL)
        }
        let expected = FileManager.default.contents(atPath: goldenURL.path).map { String(decoding: $0, as: UTF8.self) }
        #expect(actual == expected, "\(page) differs from Golden/\(golden); review and regenerate it")
    }

    /// One small personal feed, reviewed like code. Regenerate with
    /// `CALGEN_END_TO_END=1 CALGEN_UPDATE_GOLDEN=1 swift test --filter GoldenTests` and review the diff.
    @Test func goldenPersonalFeed() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Content/users/golden.yml",
            """
            name: 测试
            calendar: "Golden, feed; with \\\\ specials"
            color: "#2E8B57"
            timezone: Europe/Berlin
            holidays: false
            notes: [team-a]
            years-before: 0
            years-after: 0
            reminders:
              - id: makeup-eve
                kind: makeup-eve
                title: 明天补班
                time: "21:00"
                alarms: [0m, 30m]
              - id: mid-autumn
                kind: lunar-yearly
                month: 8
                day: 15
                title: 中秋节，给家里打电话
                all-day: true
                alarms: [1d]
              - id: dentist
                kind: once
                date: 2026-03-29
                time: "09:30"
                duration: 45m
                title: 看牙
                location: 诊所，2 楼
                description: "带上医保卡；\\n别迟到"
            """)
        let feed = try #require(FeedFiles.personal(try fixture.buildInMemory().files)["golden"])
        let actual = String(feed.drop { $0 != "\n" }.dropFirst())
        let goldenURL = Fixture.repositoryRoot.appendingPathComponent("Tests/CalgenEndToEndTests/Golden/golden.ics")
        if ProcessInfo.processInfo.environment["CALGEN_UPDATE_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: goldenURL)
        }
        let expected = FileManager.default.contents(atPath: goldenURL.path).map { String(decoding: $0, as: UTF8.self) }
        #expect(actual == expected, "the golden feed differs from Golden/golden.ics; review and regenerate it")
    }
}
