import CalgenCore
import CalgenModel
import CalgenTestSupport
import Testing

@testable import CalgenRender
@testable import TemplateEngine

/// A grid's template value, made field by field, is the value its `encode(to:)` gives.
@Suite struct GridContextValueTests {
    @Test func gridsMakeTheValueTheirEncodingGives() throws {
        let pages = try BundledModel.pages(today: try #require(CivilDate(iso: "2026-10-01")))
        let schedule = try #require(pages.publicSchedules.first { $0.id == "big-small-week" })
        var work = pages.grid()
        work.work = ScheduleEvaluator(schedule: schedule, almanac: pages.site.almanac)
        let english = MonthGrid(
            almanac: pages.site.almanac, strings: SiteStrings(language: .english), weekStart: .sunday, today: pages.today,
            notesByDay: pages.notesByDay)
        var checked = 0
        for grid in [pages.grid(), work, english] {
            for (year, month) in [(2026, 1), (2026, 2), (2026, 10), (2026, 11), (2027, 12)] {
                for large in [false, true] {
                    var context = grid.context(
                        year: year, month: month, large: large, fullWeeks: !large, href: large ? nil : "10/",
                        noteHref: { "#note-" + $0.slug })
                    #expect(TemplateValue(context) == TemplateEncoder.valueByEncoding(of: context))
                    // What the home page adds.
                    context.key = "2026-10"
                    context.hidden = true
                    context.tableYear = 2026
                    context.steps = pages.neighbourMonths(year: year, month: month, root: "")
                    context.hideCaption = true
                    #expect(TemplateValue(context) == TemplateEncoder.valueByEncoding(of: context))
                    checked += context.weeks.count
                }
            }
        }
        #expect(checked > 100)
    }

    /// Cells made from the faces worked out once per date are the cells worked out date by date.
    @Test func facesMakeTheCellsOfEveryGrid() throws {
        let pages = try BundledModel.pages(today: try #require(CivilDate(iso: "2026-10-01")))
        let schedule = try #require(pages.publicSchedules.first { $0.id == "big-small-week" })
        #expect(pages.faces != nil)
        for work in [nil, ScheduleEvaluator(schedule: schedule, almanac: pages.site.almanac)] {
            var cached = pages.grid()
            cached.work = work
            var fresh = cached
            fresh.faces = nil
            for year in pages.years {
                for month in 1...12 {
                    for large in [false, true] {
                        let context = { (grid: MonthGrid) in
                            TemplateValue(
                                grid.context(
                                    year: year, month: month, large: large, fullWeeks: !large, href: nil,
                                    noteHref: { "#note-" + $0.slug }))
                        }
                        #expect(context(cached) == context(fresh), "\(year)-\(month) large: \(large)")
                    }
                }
            }
        }
    }
}
