import CalgenCore
import CalgenModel
import TemplateEngine

/// `schedules/<id>/2026/10/index.html` (a private schedule's beside its feed,
/// `feeds/<token>/2026/10/index.html`): a work schedule's month, a large grid with its marks
/// (shift and hours, its own reasons) beside the national ones, and the days the holiday
/// arrangement or its own dates decide.
struct ScheduleMonthPage: SitePage {
    static let kind = PageKind.scheduleMonth
    static let template = ScheduleYearPage.template

    let pages: HTMLPages
    let place: SchedulePlace
    let year: Int
    let month: Int

    var schedule: WorkSchedule { place.schedule }

    static func all(_ pages: HTMLPages) -> [ScheduleMonthPage] {
        pages.publicSchedules.flatMap { schedule in
            pages.site.scheduleYears(today: pages.today).flatMap { year in
                (1...12).map { ScheduleMonthPage(pages: pages, place: .public(schedule), year: year, month: $0) }
            }
        }
    }

    var folder: String { place.folder + "\(year)/" + PagePath.monthFolder(month) }
    var path: String { folder + PagePath.index }

    struct Context: Encodable {
        @Inline var layout: LayoutContext
        @Inline var about: ScheduleYearPage.About
        let heading: String
        let isYear = false
        /// The year's counts are on the year page only.
        let counts = false
        let grid: GridContext
        let prev: LinkContext?
        let next: LinkContext?
        let up: LinkContext
        let nationalHref: String
    }

    func context() -> Context {
        let root = "../../../../"
        let strings = pages.strings
        let work = ScheduleEvaluator(schedule: schedule, almanac: pages.site.almanac)
        let first = CivilDate(year: year, month: month, day: 1)!
        let last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))!
        let days = work.days(from: first, through: last)
        let heading = "\(strings.scheduleTitle(schedule)) · \(strings.monthTitle(year: year, month: month))"
        var grid = pages.grid()
        grid.work = work
        var monthGrid = grid.context(
            year: year, month: month, large: true, fullWeeks: false, href: nil, noteHref: { root + PagePath.note($0.slug) })
        monthGrid.hideCaption = true
        let years = pages.site.scheduleYears(today: pages.today)
        func link(_ day: CivilDate) -> LinkContext? {
            guard years.contains(day.year) else { return nil }
            return LinkContext(
                href: "../../\(day.year)/" + PagePath.monthFolder(day.month),
                label: day.year == year ? strings.monthName(day.month) : strings.monthTitle(year: day.year, month: day.month))
        }
        return Context(
            layout: pages.common(
                path: folder, title: "\(heading) · \(pages.site.config.title)",
                root: root,
                description: strings.scheduleTitle(schedule) + (strings.isChinese ? "，" : ", ")
                    + strings.monthTitle(year: year, month: month) + (strings.isChinese ? "：" : ": ")
                    + strings.scheduleSummary(schedule)),
            about: ScheduleYearPage.about(place, days: days, year: year, pages: pages, root: root), heading: heading,
            grid: monthGrid, prev: link(first.previous), next: link(last.next),
            up: LinkContext(href: "../", label: strings.isChinese ? "\(year)年" : "\(year)"),
            nationalHref: pages.years.contains(year) ? root + PagePath.month(year, month) : root)
    }
}
