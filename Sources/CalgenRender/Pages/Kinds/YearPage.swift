import CalgenCore
import CalgenModel
import TemplateEngine

/// `2026/index.html`: a year's holiday breaks, statutory days, workdays per month, twelve
/// month grids, solar terms and festivals.
struct YearPage: SitePage {
    static let kind = PageKind.year
    static let template = "year"

    let pages: HTMLPages
    let year: Int

    static func all(_ pages: HTMLPages) -> [YearPage] { pages.years.map { YearPage(pages: pages, year: $0) } }

    var path: String { PagePath.year(year) + PagePath.index }

    var strings: SiteStrings { pages.strings }
    var calendar: HolidayCalendar { pages.calendar }

    struct Context: Encodable {
        @Inline var layout: LayoutContext
        let year: Int
        let heading: String
        let lunarYear: String?
        let announced: Bool
        /// An unannounced year's legend, in place of the layout's.
        let legend: [LegendContext]?
        let months: [GridContext]
        let periods: [PeriodContext]
        @Inline var facts: Facts
        let papers: [URLItem]
        let hasPapers: Bool
        let prev: LinkContext?
        let next: LinkContext?
    }

    /// The statutory days, workdays per month, solar terms and festivals.
    struct Facts: Encodable, Sendable {
        let statutoryText: String
        let partial: [TextItem]
        let solarTerms: [NamedDay]
        let festivals: [NamedDay]
        let workdaysPerMonth: Workdays?
    }

    struct Workdays: Encodable, Sendable {
        let months: [MonthCount]
        let total: Int
    }

    struct MonthCount: Encodable, Sendable {
        let month: String
        let count: Int
    }

    func context() -> Context {
        let root = "../"
        let years = pages.years
        let papers = calendar.file(forYear: year)?.papers ?? []
        return Context(
            layout: pages.common(
                path: PagePath.year(year), title: "\(pages.yearTitle(year)) · \(pages.site.config.title)", root: root,
                description: strings.yearDescription(year: year, periods: pages.periods(year: year))),
            year: year, heading: pages.yearTitle(year),
            lunarYear: (try? LunarCalendar.gregorianDate(for: LunarDate(year: year, month: 1, day: 1))).map {
                strings.lunarYearLine(year, newYear: $0)
            },
            announced: calendar.isAnnounced(year: year),
            legend: calendar.isAnnounced(year: year) ? nil : pages.pendingLegend,
            months: (1...12).map { m in
                pages.grid().context(
                    year: year, month: m, large: false, fullWeeks: true, href: PagePath.monthFolder(m),
                    linkFrom: CivilDate(year: year, month: 1, day: 1)!, noteHref: { root + PagePath.note($0.slug) })
            },
            periods: pages.periods(year), facts: facts(), papers: papers.map { URLItem(url: $0) },
            hasPapers: !papers.isEmpty,
            prev: years.contains(year - 1) ? LinkContext(href: root + PagePath.year(year - 1), label: "\(year - 1)") : nil,
            next: years.contains(year + 1) ? LinkContext(href: root + PagePath.year(year + 1), label: "\(year + 1)") : nil)
    }

    /// The statutory days, workdays per month, solar terms and festivals.
    func facts() -> Facts {
        let almanac = pages.site.almanac
        let statutory = almanac.statutoryDays(inYear: year)
        let counts = (1...12).map { calendar.workdayCount(year: year, month: $0) }
        return Facts(
            statutoryText: strings.statutorySentence(
                year: year, decree: HolidayLaw.inForce(year: year).decree, summary: strings.statutorySummary(statutory)),
            partial: PartialHoliday.all(inYear: year).map { TextItem(text: strings.partialLine($0)) },
            solarTerms: almanac.solarTerms(inYear: year).map { t in
                NamedDay(name: strings.solarTermName(t.term), date: strings.dayOfYear(t.date), iso: t.date.iso8601)
            },
            festivals: almanac.festivals(inYear: year).map { f in
                NamedDay(name: strings.festivalName(f.festival.name), date: strings.dayOfYear(f.date), iso: f.date.iso8601)
            },
            workdaysPerMonth: counts.allSatisfy({ $0 != nil })
                ? Workdays(
                    months: (1...12).map { MonthCount(month: strings.monthName($0), count: counts[$0 - 1]!) },
                    total: counts.reduce(0) { $0 + $1! }) : nil)
    }
}
