import CalgenCore
import CalgenModel

/// `2026/index.html`: a year's holiday breaks, statutory days, workdays per month, twelve
/// month grids, solar terms and festivals.
struct YearPage: SitePage {
    static let template = "year"

    let pages: HTMLPages
    let year: Int

    static func all(_ pages: HTMLPages) -> [YearPage] { pages.years.map { YearPage(pages: pages, year: $0) } }

    var path: String { PagePath.year(year) + PagePath.index }

    var strings: SiteStrings { pages.strings }
    var calendar: HolidayCalendar { pages.calendar }

    func context() -> [String: Any] {
        let root = "../"
        let years = pages.years
        var context = pages.common(
            path: PagePath.year(year), title: "\(pages.yearTitle(year)) · \(pages.site.config.title)", root: root,
            description: strings.yearDescription(year: year, periods: pages.periods(year: year)))
        context["year"] = year
        context["heading"] = pages.yearTitle(year)
        if let newYear = try? LunarCalendar.gregorianDate(for: LunarDate(year: year, month: 1, day: 1)) {
            context["lunarYear"] = strings.lunarYearLine(year, newYear: newYear)
        }
        context["announced"] = calendar.isAnnounced(year: year)
        if !calendar.isAnnounced(year: year) { context["legend"] = pages.pendingLegend }
        context["months"] = (1...12).map { m in
            pages.grid().context(
                year: year, month: m, large: false, fullWeeks: true, href: PagePath.monthFolder(m),
                linkFrom: CivilDate(year: year, month: 1, day: 1)!, noteHref: { root + PagePath.note($0.slug) })
        }
        context["periods"] = pages.periods(year)
        context.merge(facts()) { $1 }
        let papers = calendar.file(forYear: year)?.papers ?? []
        context["papers"] = papers.map { ["url": $0] }
        context["hasPapers"] = !papers.isEmpty
        if years.contains(year - 1) { context["prev"] = ["href": root + PagePath.year(year - 1), "label": "\(year - 1)"] }
        if years.contains(year + 1) { context["next"] = ["href": root + PagePath.year(year + 1), "label": "\(year + 1)"] }
        return context
    }

    /// The statutory days, workdays per month, solar terms and festivals.
    func facts() -> [String: Any] {
        let almanac = pages.site.almanac
        let statutory = almanac.statutoryDays(inYear: year)
        var facts: [String: Any] = [
            "statutoryText": strings.statutorySentence(
                year: year, decree: HolidayLaw.inForce(year: year).decree, summary: strings.statutorySummary(statutory)),
            "partial": PartialHoliday.all(inYear: year).map { p -> [String: Any] in
                ["text": strings.partialLine(p)]
            },
            "solarTerms": almanac.solarTerms(inYear: year).map { t -> [String: Any] in
                ["name": strings.solarTermName(t.term), "date": strings.dayOfYear(t.date), "iso": t.date.iso8601]
            },
            "festivals": almanac.festivals(inYear: year).map { f -> [String: Any] in
                ["name": strings.festivalName(f.festival.name), "date": strings.dayOfYear(f.date), "iso": f.date.iso8601]
            },
        ]
        let counts = (1...12).map { calendar.workdayCount(year: year, month: $0) }
        if counts.allSatisfy({ $0 != nil }) {
            facts["workdaysPerMonth"] = [
                "months": (1...12).map { ["month": strings.monthName($0), "count": counts[$0 - 1]!] },
                "total": counts.reduce(0) { $0 + $1! },
            ]
        }
        return facts
    }
}
