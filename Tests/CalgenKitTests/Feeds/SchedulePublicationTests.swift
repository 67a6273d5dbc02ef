import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// What a work schedule publishes: its feed (public or at a secret address), its API and its
/// pages, from the bundled `Content/schedules/` built on 2026-11-21.
@Suite struct SchedulePublicationTests {
    /// The feed's events by date: `20261010` → the event's unfolded lines.
    static func events(_ feed: String, prefix: String) -> [String: String] {
        var events = [String: String]()
        for block in feed.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "BEGIN:VEVENT").dropFirst() {
            guard let uid = block.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("UID:" + prefix) }) else {
                continue
            }
            events[String(uid.dropFirst(4 + prefix.count).prefix { $0 != "@" })] = block
        }
        return events
    }

    /// 大小周: the days that differ from Monday to Friday, each once, with the reason.
    @Test func aBigSmallWeekFeedHoldsTheDaysThatDifferFromMondayToFriday() throws {
        let site = try BundledSite.get()
        let feed = try #require(site.read("feeds/schedules/big-small-week.ics")).replacingOccurrences(
            of: "\r\n ", with: "")
        let events = Self.events(feed, prefix: "schedule.big-small-week.")
        #expect(events["20261010"]?.contains("SUMMARY:班 · 国庆补班") == true)  // a make-up Saturday
        #expect(events["20261017"]?.contains("SUMMARY:班 · 大小周") == true)  // a big-week Saturday
        #expect(events["20261005"]?.contains("SUMMARY:休 · 国庆节") == true)  // a Monday of the break
        #expect(events["20260520"]?.contains("SUMMARY:休 · 公司周年") == true)  // the schedule's own day off
        #expect(events["20261231"]?.contains("SUMMARY:半天 · 下午放假") == true)
        #expect(events["20261231"]?.contains("09:00–13:30") == true)  // the first half of the day shift
        #expect(events["20261012"] == nil && events["20261024"] == nil)  // a Monday worked, a small-week Saturday off
        // 2027's arrangement is not published: its statutory days are off by law, nothing else is guessed.
        #expect(events["20270101"]?.contains("SUMMARY:休 · 元旦（法定节假日）") == true)
        #expect(events["20270109"] == nil)
        #expect(!feed.contains("X-APPLE-SPECIAL-DAY"))
        #expect(feed.contains("SOURCE;VALUE=URI:https://calendar.example.com/feeds/schedules/big-small-week.ics"))
    }

    /// A rotation through the holidays, `encoding: compact`: a daily rule per day of the cycle,
    /// and the days that do not follow it (a statutory holiday worked) as events of their own.
    @Test func aCompactRotationIsADailyRulePerDayOfItsCycle() throws {
        let site = try BundledSite.get()
        let feed = try #require(site.read("feeds/schedules/hospital-rotation.ics")).replacingOccurrences(
            of: "\r\n ", with: "")
        #expect(feed.components(separatedBy: "RRULE:FREQ=DAILY;INTERVAL=8;UNTIL=").count - 1 == 6)  // 6 shifts in 8 days
        let events = Self.events(feed, prefix: "schedule.hospital-rotation.")
        // 2026-10-01 is the first 白班 of the cycle and 国庆节: its own event, out of the rule.
        let national = try #require(events["20261001.shift"])
        #expect(national.contains("DTSTART;TZID=Asia/Shanghai:20261001T080000"))
        #expect(national.contains("SUMMARY:白班 08:00–16:00 · 法定节假日（国庆节）"))
        #expect(feed.contains("EXDATE;TZID=Asia/Shanghai:20261001T080000"))
        // The evening shift ends at midnight, on the next day.
        #expect(feed.contains("SUMMARY:中班 16:00–次日00:00"))
        let evening = try #require(events["cycle-3"])
        #expect(evening.contains("DTSTART;TZID=Asia/Shanghai:20250108T160000\r\nDTEND:20250108T160000Z\r\n"))
    }

    /// The schedule API: each day worked, off or unknown, its shift and times, and why.
    @Test func theScheduleAPI() throws {
        let site = try BundledSite.get()
        let index = try #require(site.read("api/schedules.json"))
        #expect(
            index.contains(
                #"{"id":"big-small-week","name":"大小周","national":"follow","feed":"feeds/schedules/big-small-week.ics","years":[2025,2026,2027]}"#
            ))
        let year = try #require(site.read("api/schedules/big-small-week/2026.json"))
        #expect(year.contains(#""worked":269,"off":96,"unknown":0"#))
        #expect(
            year.contains(
                #"{"date":"2026-10-10","work":"worked","worked":true,"halfDay":false,"shift":"日班","start":"2026-10-10T09:00","end":"2026-10-10T18:00","reason":"national-makeup","detail":"国庆节","statutoryHoliday":null}"#
            ))
        #expect(
            year.contains(
                #"{"date":"2026-12-31","work":"worked","worked":true,"halfDay":true,"shift":"日班","start":"2026-12-31T09:00","end":"2026-12-31T13:30","reason":"schedule-date","detail":"下午放假","statutoryHoliday":null}"#
            ))
        let unknown = try #require(site.read("api/schedules/big-small-week/2027.json"))
        #expect(
            unknown.contains(
                #"{"date":"2027-01-04","work":"unknown","worked":null,"halfDay":false,"shift":null,"start":null,"end":null,"reason":"unannounced","detail":null,"statutoryHoliday":null}"#
            ))
        let rotation = try #require(site.read("api/schedules/hospital-rotation/2026.json"))
        #expect(
            rotation.contains(
                #""date":"2026-01-03","work":"worked","worked":true,"halfDay":false,"shift":"中班","start":"2026-01-03T16:00","end":"2026-01-04T00:00""#
            ))
        #expect(rotation.contains(#""date":"2026-10-01","work":"worked""#) && rotation.contains(#""statutoryHoliday":"国庆节"}"#))
    }

    /// Pages: a year and month page per public schedule and year of the feed horizon, the
    /// schedule's marks beside the national ones, listed on the subscribe page.
    @Test func schedulePages() throws {
        let site = try BundledSite.get()
        let month = try #require(site.read("schedules/big-small-week/2026/10/index.html"))
        #expect(month.contains("<h1>大小周工作日历 · 2026年10月</h1>"))
        // 10-10, a make-up Saturday: the national badge 班 and the schedule's own mark.
        #expect(
            month.contains(
                #"<span class="sch on" aria-hidden="true">日班<span class="sch-h"> 09:00–18:00</span></span>"#))
        // What a screen reader hears: the date, the national arrangement, the schedule's line.
        #expect(month.contains("2026年10月10日 星期六 国庆补班 大小周：班 · 国庆补班 · 日班 09:00–18:00 农历九月初一"))
        #expect(month.contains(#"href="../../../../feeds/schedules/big-small-week.ics" download"#))
        let year = try #require(site.read("schedules/hospital-rotation/2026/index.html"))
        #expect(year.contains("8天一轮，自2026年1月1日（周四）起：白班、白班、中班、中班、夜班、夜班、休、休。"))
        #expect(year.contains("2026年：上班 275 天（其中半天 0 天），休息 90 天。"))
        #expect(site.files["schedules/hospital-rotation/2028/index.html"] == nil)
        let subscribe = try #require(site.read("subscribe/index.html"))
        #expect(subscribe.contains(#"<a href="../schedules/six-day-shop/2026/">单休门店工作日历</a>"#))
        #expect(site.read("sitemap.xml")?.contains("schedules/big-small-week/2026/10/") == true)
    }
}
