import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenKit

/// Work schedules held to the standard of the other inputs: UIDs no other feed of the site has,
/// a shift-start reminder that can ring, many dates and markup accepted, and a bounded number
/// of schedules.
@Suite struct ScheduleBoundsTests {
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

    @Test func theUIDRecipesAreDisjoint() {
        #expect(FeedUIDs.reminder("schedule", "office") == "user:schedule.office.")
        #expect(FeedUIDs.reminder("zhang-san", "office") == "zhang-san.office.")
        #expect(!FeedUIDs.reminder("schedule", "office").hasPrefix(FeedUIDs.schedule("office")))
        #expect(FeedUIDs.schedule("office") == "schedule.office.")
        #expect(FeedUIDs.personal("schedule") == "schedule.")
    }

    @Test func aShiftStartReminderOnAScheduleThatGivesNoDayAShiftIsAnError() {
        let shift = Shift(name: "D", start: TimeOfDay("08:00")!, end: TimeOfDay("20:00")!)
        let office = WorkSchedule(id: "office", name: "办公室", pattern: .weekly([.monday, .tuesday]), shifts: [shift])
        let text = "name: 测试\nschedule: office\nreminders:\n  - id: a\n    kind: shift-start\n    title: 上班\n"
        func problems(_ schedule: WorkSchedule) -> [Diagnostic] {
            do {
                _ = try SubscriberParser.parse(
                    text, file: "users/x.yml", fileName: "x.yml", defaultTimeZone: "Asia/Shanghai", schedules: [schedule])
                return []
            } catch {
                return error.diagnostics
            }
        }
        let found = problems(office)
        #expect(found.count == 1)
        #expect(
            found.first?.formatted.hasPrefix(
                #"users/x.yml:5:11: error: a shift-start reminder needs days with a shift, and the schedule "office" gives none"#)
                == true)
        #expect(found.first?.fix?.hasPrefix("add `shift: D` to schedules/office.yml") == true)
        // With a default shift, or a date naming one, it rings.
        let withDefault = WorkSchedule(
            id: "office", name: "办公室", pattern: .weekly([.monday]), shifts: [shift], defaultShift: "D")
        #expect(problems(withDefault).isEmpty)
        let date = ScheduleDate(first: CivilDate(year: 2026, month: 5, day: 20)!, status: .worked, reason: "加班", shift: "D")!
        let withDate = WorkSchedule(id: "office", name: "办公室", pattern: .weekly([.monday]), shifts: [shift], dates: [date])
        #expect(problems(withDate).isEmpty)
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

    @Test func moreSchedulesThanTheLimitAreRefusedBeforeAnyIsRead() throws {
        let fixture = try Fixture(.mini)
        for index in 0...Limits.schedules {
            // Each file is broken: none is parsed when there are too many.
            try fixture.write("Content/schedules/s\(String(format: "%03d", index)).yml", "nationl: follow\n")
        }
        let thrown = #expect(throws: ContentErrors.self) { try fixture.buildInMemory() }
        let found = (thrown?.diagnostics ?? []).map(\.formatted)
        #expect(found.count == 1, "\(found.prefix(3))")
        #expect(
            found.first?.hasSuffix(
                "schedules/s100.yml:1:1: error: schedules/ holds 101 work schedules (public and private); the limit is 100 per site"
            )
                == true, "\(found)")
    }
}
