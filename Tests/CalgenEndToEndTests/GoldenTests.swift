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
        ("schedules/hospital-rotation/2026/10/index.html", "schedule-hospital-rotation-2026-10.html"),
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

    /// One small work schedule's feed, compact (a daily rule per day of the cycle), over one year:
    /// a rotation through the holidays it follows, a make-up day, a half day and a night shift.
    /// Regenerate as above.
    @Test func goldenScheduleFeed() throws {
        let fixture = try Fixture()
        let config = fixture.read("Content/site.yml") ?? ""
        try fixture.write("Content/site.yml", config + "feed-years-before: 0\nfeed-years-after: 0\n")
        try fixture.write(
            "Content/schedules/golden.yml",
            """
            name: 四班轮转
            audience: public
            national: follow
            encoding: compact
            pattern:
              rotation:
                anchor: 2026-01-01
                cycle: [D, D, N, off]
            shift: D
            shifts:
              D: {start: "08:00", end: "20:00"}
              N: {start: "20:00", end: "08:00"}
            dates:
              - date: 2026-06-01
                day: half
                reason: 儿童节下午放假
            """)
        let files = try fixture.buildInMemory().files
        let actual = String(decoding: try #require(files["feeds/schedules/golden.ics"]), as: UTF8.self)
        let goldenURL = Fixture.repositoryRoot.appendingPathComponent("Tests/CalgenEndToEndTests/Golden/schedule.ics")
        if ProcessInfo.processInfo.environment["CALGEN_UPDATE_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: goldenURL)
        }
        let expected = FileManager.default.contents(atPath: goldenURL.path).map { String(decoding: $0, as: UTF8.self) }
        #expect(actual == expected, "the golden schedule feed differs from Golden/schedule.ics; review and regenerate it")
    }
}
