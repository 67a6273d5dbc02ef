import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenLoad

/// Work schedules through whole builds of the mini site: UIDs no other feed of the site has, and
/// many dates and markup accepted. (The schedule parser's bounds: `ScheduleBoundsTests`.)
@Suite(.endToEnd) struct ScheduleBoundsBuildTests {
    /// Every `UID` of an iCalendar text (unfolded). (Expectations below test Booleans, not these
    /// lists, which run to thousands.)
    static func uids(_ bytes: Data) -> [String] {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
            .filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
    }

    /// `count` entries of `dates`, each `days` long, one after the other from `first`.
    static func ranges(_ count: Int, days: Int, from first: CivilDate) -> String {
        var text = "audience: public\ndates:\n"
        var start = first
        for index in 0..<count {
            let end = start.adding(days: days - 1)
            text += "  - {from: \(start.iso8601), to: \(end.iso8601), day: off, reason: 停工\(index)}\n"
            start = end.adding(days: 1)
        }
        return text
    }

    @Test func noTwoFeedsOfASiteShareAUID() throws {
        let fixture = try Fixture(.mini)
        try fixture.write(
            "Content/schedules/office.yml",
            "audience: public\npattern:\n  weekly: [mon..sat]\ndates:\n  - {date: 2026-05-20, day: off, reason: 周年}\n")
        try fixture.write(
            "Content/schedules/ward.yml",
            "encoding: compact\npattern:\n  rotation: {anchor: 2026-01-01, cycle: [D, N, off]}\nshifts:\n"
                + "  D: {start: \"08:00\", end: \"20:00\"}\n  N: {start: \"20:00\", end: \"08:00\"}\n")
        // A subscriber called "schedule" with a reminder called after a schedule: before FeedUIDs,
        // `schedule.office.20260502` was both its reminder's and the schedule's event.
        try fixture.write(
            "Content/users/schedule.yml",
            "name: 排班\nholidays: true\nfestivals: true\nschedule: office\nreminders:\n"
                + "  - {id: office, title: 上班, kind: workdays, all-day: true}\n  - {id: ward, title: 值班, kind: workdays, time: \"08:00\"}\n"
        )
        try fixture.write(
            "Content/users/ward.yml",
            "name: 病房\nschedule: ward\nencoding: compact\nreminders:\n  - {id: d, title: 接班, kind: shift-start}\n")
        let site = try fixture.buildInMemory()
        var owner = [String: String]()
        var shared = [String]()
        var feeds = 0
        for (path, bytes) in site.files where path.hasSuffix(".ics") {
            feeds += 1
            for uid in Set(Self.uids(bytes)) {
                if let other = owner[uid] { shared.append("\(uid) in \(other) and \(path)") }
                owner[uid] = path
            }
        }
        #expect(feeds >= 5)
        #expect(shared.isEmpty, "\(shared.prefix(5))")
        // 2026-01-17, a Saturday the office works: an event of the schedule's feed, and a
        // reminder of the subscriber's, which before FeedUIDs had the same UID.
        let schedule = Set(Self.uids(try #require(site.files["feeds/schedules/office.ics"])))
        let inSchedule = schedule.contains("schedule.office.20260117@calendar.example.com")
        #expect(inSchedule)
        let inPersonal = owner["user:schedule.office.20260117@calendar.example.com"] != nil
        #expect(inPersonal)
        // Its other events keep their UIDs.
        let holidays = owner.keys.contains { $0.hasPrefix("schedule.holiday-2026-") }
        #expect(holidays)
    }

    @Test func manyDatesWithinTheLimitsBuild() throws {
        // 199 one-day ranges, and 199 ranges of 366 days from 1901 to 2100.
        let oneDay = try ScheduleParser.parse(
            Self.ranges(199, days: 1, from: CivilDate(year: 2026, month: 1, day: 1)!), file: "schedules/a.yml",
            fileName: "a.yml")
        #expect(oneDay.dates.count == 199)
        let long = try ScheduleParser.parse(
            Self.ranges(199, days: 366, from: CivilDate(year: 1901, month: 1, day: 1)!), file: "schedules/b.yml",
            fileName: "b.yml")
        #expect(long.dates.count == 199)
        #expect(long.dates.last?.last.year == 2100)
        let fixture = try Fixture(.mini)
        try fixture.write(
            "Content/schedules/days.yml", Self.ranges(199, days: 1, from: CivilDate(year: 2026, month: 1, day: 1)!))
        try fixture.write(
            "Content/schedules/years.yml", Self.ranges(199, days: 366, from: CivilDate(year: 1901, month: 1, day: 1)!))
        let start = Date()
        let site = try fixture.buildInMemory()
        #expect(Date().timeIntervalSince(start) < 30)
        let days = try #require(site.read("feeds/schedules/days.ics"))
        #expect(days.contains("SUMMARY:休 · 停工197"))  // Friday 2026-07-17
        #expect(site.read("feeds/schedules/years.ics")?.contains("SUMMARY:休 · 停工") == true)
    }

    @Test func markupInAScheduleIsEscapedNotRefused() throws {
        let fixture = try Fixture(.mini)
        try fixture.write(
            "Content/schedules/inject.yml",
            "name: \"<script>alert(1)</script> & <b>班</b>\"\naudience: public\npattern:\n  weekly: [mon..sat]\n"
                + "shift: \"<i>D</i>\"\nshifts:\n  \"<i>D</i>\": {start: \"08:00\", end: \"20:00\"}\n"
                + "dates:\n  - {date: 2026-05-20, day: off, reason: \"<img src=x onerror=alert(2)>\"}\n")
        let site = try fixture.buildInMemory()
        let pages = site.files.keys.filter { $0.hasPrefix("schedules/inject/") && $0.hasSuffix(".html") }.sorted()
        #expect(!pages.isEmpty)
        for path in pages {
            let page = try #require(site.read(path))
            #expect(!page.contains("<script>alert"), "\(path)")
            #expect(!page.contains("<img src=x"), "\(path)")
            #expect(!page.contains("<b>班") && !page.contains("<i>D"), "\(path)")
        }
        let may = try #require(site.read("schedules/inject/2026/05/index.html"))
        #expect(may.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;班&lt;/b&gt;"))
        #expect(may.contains("&lt;img src=x onerror=alert(2)&gt;"))
        // The feed is text/calendar: the name is kept as written, with iCalendar's escapes.
        let feed = try #require(site.read("feeds/schedules/inject.ics")).replacingOccurrences(of: "\r\n ", with: "")
        #expect(feed.contains("X-WR-CALNAME:<script>alert(1)</script> & <b>班</b>"))
        #expect(feed.contains("SUMMARY:休 · <img src=x onerror=alert(2)>"))
        // The API is JSON: parsed back, the name is the same text.
        let index = try #require(site.files["api/schedules.json"])
        let object = try #require(try JSONSerialization.jsonObject(with: index) as? [String: Any])
        let names = (object["schedules"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["<script>alert(1)</script> & <b>班</b>"])
    }
}
