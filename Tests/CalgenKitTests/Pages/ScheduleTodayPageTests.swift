import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenRender
@testable import CalgenSupport

/// Work schedules can be found from every page and answer "do I work today, this weekend?" by
/// themselves, as the home page does for the legal calendar.
@Suite struct ScheduleTodayPageTests {
    static func pages(on date: String) throws -> HTMLPages {
        try BundledModel.pages(today: try #require(CivilDate(iso: date)))
    }

    /// A schedule's answer in its own words: today, and the Saturday and Sunday to come.
    @Test func aScheduleAnswersTodayAndTheWeekend() throws {
        let pages = try Self.pages(on: "2026-10-14")
        let schedule = try #require(pages.publicSchedules.first { $0.id == "big-small-week" })
        let work = ScheduleEvaluator(schedule: schedule, almanac: pages.site.almanac)
        let answer = ScheduleAnswer(on: CivilDate(year: 2026, month: 10, day: 14)!, work: work, strings: pages.strings)
        #expect(answer.today == "按大小周：今天 10月14日 周三 上班（日班 09:00–18:00）")
        // 2026-10-12 starts a big week (the anchor's week 2026-01-05 + 40 weeks): its Saturday works.
        #expect(answer.weekend == "本周六 10月17日 上班（日班 09:00–18:00）；本周日 10月18日 休息")
        // From a Sunday, the next week's weekend; on a Saturday, tomorrow only.
        let sunday = ScheduleAnswer(on: CivilDate(year: 2026, month: 10, day: 11)!, work: work, strings: pages.strings)
        #expect(sunday.weekend.hasPrefix("下周六 10月17日 上班"))
        let saturday = ScheduleAnswer(on: CivilDate(year: 2026, month: 10, day: 10)!, work: work, strings: pages.strings)
        #expect(saturday.today.hasPrefix("按大小周：今天 10月10日 周六 上班（国庆补班"))
        #expect(saturday.weekend == "本周日 10月11日 休息")
    }

    /// `schedules/` and `schedules/<id>/`, linked from every page's header and the home page,
    /// right as built without JavaScript and carrying every day's answers for the script.
    @Test func theTodayPagesAreLinkedAndRightAsBuilt() throws {
        let site = try BundledSite.get()
        let index = try #require(site.read("schedules/index.html"))
        #expect(index.contains(#"<div class="schedule-answer" data-schedule="big-small-week">"#))
        #expect(index.contains(#"<p class="today-line">按大小周：今天 11月21日 周六 休息</p>"#))
        #expect(index.contains(#"<a href="big-small-week/">大小周工作日历</a>"#))
        let one = try #require(site.read("schedules/hospital-rotation/index.html"))
        #expect(one.contains("<h1>病区三班倒工作日历</h1>"))
        #expect(one.contains(#"<p class="today-line">按病区三班倒：今天 11月21日 周六 上班（夜班 00:00–08:00）</p>"#))
        #expect(one.contains(#"["2026-11-22","按病区三班倒：今天 11月22日 周日 上班（夜班 00:00–08:00）","#))
        #expect(one.contains(#"<a href="2026/" aria-current="page">2026</a>"#))
        #expect(site.read("2026/10/index.html")?.contains(#"<a href="../../schedules/">班表</a>"#) == true)
        let home = try #require(site.read("index.html"))
        #expect(home.contains(#"<li><a href="schedules/big-small-week/">大小周工作日历</a>："#))
        #expect(site.read("sitemap.xml")?.contains("<loc>https://calendar.example.com/schedules/six-day-shop/</loc>") == true)
    }

    /// The home page's right column: the month's year, or at the year's end (no break of the
    /// year left) the coming year's once it is announced.
    @Test func theRightColumnTurnsToTheComingYear() throws {
        let home = HomePage(pages: try Self.pages(on: "2025-11-20"))
        #expect(home.tableYear(year: 2025, month: 10) == 2025)  // 国庆 2025 is still to come
        #expect(home.tableYear(year: 2025, month: 11) == 2026)  // 2026 is announced
        #expect(home.tableYear(year: 2025, month: 12) == 2026)
        #expect(home.tableYear(year: 2026, month: 12) == 2026)  // 2027 is not
    }

    /// A word with soft hyphens is an inline block in a cell, escaped; Chinese is as it is.
    @Test func cellWordsMoveWhole() throws {
        let pages = try Self.pages(on: "2026-10-01")
        let grid = pages.grid()
        let english = MonthGrid(
            almanac: grid.almanac, strings: SiteStrings(language: .english), weekStart: grid.weekStart, today: grid.today,
            notesByDay: [:])
        #expect(
            english.cellHTML("Double Ninth Festival")
                == "<span class=\"w\">Dou\u{AD}ble</span> Ninth <span class=\"w\">Fes\u{AD}ti\u{AD}val</span>")
        #expect(english.cellHTML("New Year's Day") == "New Year&#39;s Day")
        #expect(pages.grid().cellHTML("重阳节") == "重阳节")
    }

    /// The API page's example is on several lines, as `jq .` prints it.
    @Test func theAPIExampleIsOnSeveralLines() throws {
        let json = JSON.object([("a", .int(1)), ("b", .array([.string("x"), .string("y")])), ("c", .object([("d", .null)]))])
        #expect(json.pretty() == "{\n  \"a\": 1,\n  \"b\": [\"x\",\"y\"],\n  \"c\": {\n    \"d\": null\n  }\n}")
    }
}
