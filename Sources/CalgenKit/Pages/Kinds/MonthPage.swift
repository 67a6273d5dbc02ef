import CalgenCore
import CalgenModel

/// `2026/10/index.html`: a month's large grid, its holiday breaks, solar terms, festivals and
/// notes.
struct MonthPage: SitePage {
    static let template = "month"

    let pages: HTMLPages
    let year: Int
    let month: Int

    static func all(_ pages: HTMLPages) -> [MonthPage] {
        pages.years.flatMap { year in (1...12).map { MonthPage(pages: pages, year: year, month: $0) } }
    }

    var path: String { PagePath.month(year, month) + PagePath.index }

    var strings: SiteStrings { pages.strings }
    var calendar: HolidayCalendar { pages.calendar }

    func context() -> [String: Any] {
        let root = "../../"
        let title = strings.monthTitle(year: year, month: month)
        let first = CivilDate(year: year, month: month, day: 1)!
        let last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))!
        let touching = pages.years.flatMap { pages.periodsByYear[$0] ?? [] }.filter { period in
            (period.start <= last && period.end >= first)
                || period.makeupWorkdays.contains { $0 >= first && $0 <= last }
        }
        let feasts = feastList(from: first, through: last)
        var context = pages.common(
            path: PagePath.month(year, month), title: "\(title) · \(pages.site.config.title)", root: root,
            description: strings.monthDescription(
                year: year, month: month, periods: touching, feasts: feasts.compactMap { $0["name"] as? String }))
        context["year"] = year
        context["month"] = month
        context["heading"] = title
        context["announced"] = calendar.isAnnounced(year: year)
        // What a printed sheet says of itself: where its dates come from, and as of when.
        let papers = calendar.file(forYear: year)?.papers ?? []
        context["papers"] = papers.map { ["url": $0] }
        context["hasPapers"] = !papers.isEmpty
        context["sheetAsOf"] = strings.fill(
            strings.ui.sheetAsOf, ["date": strings.longDate(pages.today), "zone": pages.site.config.timeZone])
        if !calendar.isAnnounced(year: year) { context["legend"] = pages.pendingLegend }
        context["yearHref"] = root + PagePath.year(year)
        context["yearTitle"] = pages.yearTitle(year)
        var monthGrid = pages.grid().context(
            year: year, month: month, large: true, fullWeeks: false, href: nil, noteHref: { "#note-" + $0.slug })
        monthGrid["hideCaption"] = true  // the page's heading says the same
        context["grid"] = monthGrid
        context["periods"] = touching.map(pages.periodContext)
        context["hasPeriods"] = !touching.isEmpty
        // The list also marks where each 九 of 数九 and each 伏 of 三伏 begins.
        context["feasts"] = (feasts + seasonStarts(from: first, through: last)).sorted {
            ($0["iso"] as? String ?? "") < ($1["iso"] as? String ?? "")
        }
        context["hasFeasts"] = !(context["feasts"] as? [[String: Any]] ?? []).isEmpty
        let notes = pages.site.notes.filter { $0.overlaps(first, last) }
        context["notes"] = notes.map { pages.noteContext($0, root: root) }
        context["hasMonthNotes"] = !notes.isEmpty
        context.merge(pages.neighbourMonths(year: year, month: month, root: root)) { $1 }
        context["yearLabel"] = strings.isChinese ? "\(year)年" : "\(year)"
        return context
    }

    /// The first days of the periods of 数九 and 三伏 between two dates: `[{name, date, iso}]`.
    func seasonStarts(from first: CivilDate, through last: CivilDate) -> [[String: Any]] {
        let almanac = pages.site.almanac
        return (first.dayNumber...last.dayNumber).compactMap { n -> [String: Any]? in
            let date = CivilDate(dayNumber: n)
            guard let count = almanac.shuJiu(on: date) ?? almanac.sanFu(on: date), count.day == 1 else { return nil }
            return ["name": strings.seasonName(count.name), "date": strings.shortDate(date), "iso": date.iso8601]
        }
    }

    /// Solar terms and festivals between two dates, in order: `[{name, date, iso}]`.
    func feastList(from first: CivilDate, through last: CivilDate) -> [[String: Any]] {
        (first.dayNumber...last.dayNumber).flatMap { n -> [[String: Any]] in
            let date = CivilDate(dayNumber: n)
            let observances = pages.site.almanac.observances(on: date)
            var names = observances.festivals.map { strings.festivalName($0.name) }
            if let term = observances.solarTerm { names.append(strings.solarTermName(term)) }
            return names.map { ["name": $0, "date": strings.shortDate(date), "iso": date.iso8601] }
        }
    }
}
