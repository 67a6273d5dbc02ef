import CalgenCore
import CalgenModel
import TemplateEngine

/// `2026/10/index.html`: a month's large grid, its holiday breaks, solar terms, festivals and
/// notes.
struct MonthPage: SitePage {
    static let kind = PageKind.month
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

    struct Context: Encodable {
        @Inline var layout: LayoutContext
        let year: Int
        let month: Int
        let heading: String
        let announced: Bool
        /// What a printed sheet says of itself: where its dates come from, and as of when.
        let papers: [URLItem]
        let hasPapers: Bool
        let sheetAsOf: String
        /// An unannounced year's legend, in place of the layout's.
        let legend: [LegendContext]?
        let yearHref: String
        let yearTitle: String
        let grid: GridContext
        let periods: [PeriodContext]
        let hasPeriods: Bool
        let feasts: [NamedDay]
        let hasFeasts: Bool
        let notes: [NoteContext]
        let hasMonthNotes: Bool
        @Inline var neighbours: NeighbourMonths
        let yearLabel: String
    }

    func context() -> Context {
        let root = "../../"
        let title = strings.monthTitle(year: year, month: month)
        let first = CivilDate(year: year, month: month, day: 1)!
        let last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))!
        let touching = pages.years.flatMap { pages.periodsByYear[$0] ?? [] }.filter { period in
            (period.start <= last && period.end >= first)
                || period.makeupWorkdays.contains { $0 >= first && $0 <= last }
        }
        let feasts = feastList(from: first, through: last)
        let papers = calendar.file(forYear: year)?.papers ?? []
        var grid = pages.grid().context(
            year: year, month: month, large: true, fullWeeks: false, href: nil, noteHref: { "#note-" + $0.slug })
        grid.hideCaption = true  // the page's heading says the same
        // The list also marks where each 九 of 数九 and each 伏 of 三伏 begins.
        let listed = (feasts + seasonStarts(from: first, through: last)).sorted { $0.iso < $1.iso }
        let notes = pages.site.notes.filter { $0.overlaps(first, last) }
        return Context(
            layout: pages.common(
                path: PagePath.month(year, month), title: "\(title) · \(pages.site.config.title)", root: root,
                description: strings.monthDescription(
                    year: year, month: month, periods: touching, feasts: feasts.map(\.name))),
            year: year, month: month, heading: title, announced: calendar.isAnnounced(year: year),
            papers: papers.map { URLItem(url: $0) }, hasPapers: !papers.isEmpty,
            sheetAsOf: pages.sheetAsOf,
            legend: calendar.isAnnounced(year: year) ? nil : pages.pendingLegend,
            yearHref: root + PagePath.year(year), yearTitle: pages.yearTitle(year), grid: grid,
            periods: touching.map(pages.periodContext), hasPeriods: !touching.isEmpty, feasts: listed,
            hasFeasts: !listed.isEmpty, notes: notes.map { pages.noteContext($0, root: root) },
            hasMonthNotes: !notes.isEmpty, neighbours: pages.neighbourMonths(year: year, month: month, root: root),
            yearLabel: strings.isChinese ? "\(year)年" : "\(year)")
    }

    /// The first days of the periods of 数九 and 三伏 between two dates: `[{name, date, iso}]`.
    func seasonStarts(from first: CivilDate, through last: CivilDate) -> [NamedDay] {
        let almanac = pages.site.almanac
        return (first.dayNumber...last.dayNumber).compactMap { n -> NamedDay? in
            let date = CivilDate(dayNumber: n)
            guard let count = almanac.shuJiu(on: date) ?? almanac.sanFu(on: date), count.day == 1 else { return nil }
            return NamedDay(name: strings.seasonName(count.name), date: strings.shortDate(date), iso: date.iso8601)
        }
    }

    /// Solar terms and festivals between two dates, in order: `[{name, date, iso}]`.
    func feastList(from first: CivilDate, through last: CivilDate) -> [NamedDay] {
        (first.dayNumber...last.dayNumber).flatMap { n -> [NamedDay] in
            let date = CivilDate(dayNumber: n)
            let observances = pages.site.almanac.observances(on: date)
            var names = observances.festivals.map { strings.festivalName($0.name) }
            if let term = observances.solarTerm { names.append(strings.solarTermName(term)) }
            return names.map { NamedDay(name: $0, date: strings.shortDate(date), iso: date.iso8601) }
        }
    }
}
