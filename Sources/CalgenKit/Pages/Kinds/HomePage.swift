import CalgenCore
import CalgenModel

/// `index.html`, the home page: today, the next holiday, the current month and the notes coming up.
///
/// It is right as of the build day without JavaScript, and says so. For the weeks until the
/// next build, its small script reads the data embedded at build time (`homeData(months:)`) to
/// show the reader's today, month, next holiday and upcoming notes: no request, no framework.
struct HomePage: SitePage {
    static let template = "index"

    let pages: HTMLPages

    static func all(_ pages: HTMLPages) -> [HomePage] { [HomePage(pages: pages)] }

    var path: String { PagePath.index }

    /// Months the home page carries grids for: the build month and the three after it.
    static let months = 4

    /// The months of the home page's grids, from the build month, within the data's years.
    var monthList: [(year: Int, month: Int)] {
        let start = pages.featuredMonth
        return (0..<HomePage.months).compactMap { i -> (year: Int, month: Int)? in
            let index = start.year * 12 + start.month - 1 + i
            let month = (year: index / 12, month: index % 12 + 1)
            return pages.years.contains(month.year) ? month : nil
        }
    }

    var site: Site { pages.site }
    var strings: SiteStrings { pages.strings }
    var calendar: HolidayCalendar { pages.calendar }
    var today: CivilDate { pages.today }

    func context() -> [String: Any] {
        let months = monthList
        var context = pages.common(path: "", title: site.config.title, root: "")
        context["grids"] = months.enumerated().map { i, m -> [String: Any] in
            var grid = pages.grid().context(
                year: m.year, month: m.month, large: true, fullWeeks: false, href: PagePath.month(m.year, m.month),
                noteHref: { PagePath.note($0.slug) })
            grid["key"] = String(CivilDate(year: m.year, month: m.month, day: 1)!.iso8601.prefix(7))
            grid["hidden"] = i > 0
            // ← and →: links to the neighbouring month pages, which the script turns into
            // switches where the home page has that month.
            grid["steps"] = pages.neighbourMonths(year: m.year, month: m.month, root: "")
            return grid
        }
        // The holiday table of each year the grids reach; the script shows the one of the month shown.
        let gridYears = Array(Set(months.map(\.year))).sorted()
        context["periodYears"] = gridYears.enumerated().map { i, year -> [String: Any] in
            [
                "year": year, "href": PagePath.year(year), "title": pages.yearTitle(year), "hidden": i > 0,
                "announced": calendar.isAnnounced(year: year), "periods": pages.periods(year),
            ]
        }
        let line = todayLine(today)
        context["todayLine"] = line
        context["nextHolidayLine"] = nextHolidayLine(after: today)
        context["asOf"] = strings.homeAsOf(strings.longDate(today))
        let upcoming = site.notes.filter { $0.end >= today }.prefix(5)
        context["upcoming"] = ["notes": upcoming.map { pages.noteSummary($0, root: "") }]
        context["hasUpcoming"] = !upcoming.isEmpty
        context["years"] = pages.years.reversed().map { y -> [String: Any] in
            [
                "year": y, "href": PagePath.year(y), "announced": calendar.isAnnounced(year: y),
                "current": y == today.year,
            ]
        }
        context["homeData"] = homeData(months: months)
        return context
    }

    /// `今天 11月22日 周日 农历十月初四 · 休息日`.
    func todayLine(_ date: CivilDate) -> String {
        let status = calendar.status(of: date)
        let lunar = (try? LunarCalendar.lunarDate(for: date)).map { strings.isChinese ? "农历" + $0.text : "" } ?? ""
        return strings.todayLine(
            date: strings.dayOfYear(date), weekday: strings.weekdayShortName(date.weekday), lunar: lunar,
            status: strings.dayStatusWord(status.kind, name: status.name.map(strings.holidayName), announced: status.isAnnounced))
    }

    /// `下一个假期：元旦，还有 40 天（1月1日（周五）至1月3日（周日），共3天）`, the break under way, or
    /// that the next year's arrangement is not announced.
    func nextHolidayLine(after date: CivilDate) -> String {
        if let current = site.almanac.announcedPeriods.first(where: { $0.start <= date && $0.end >= date }) {
            return strings.currentHolidayLine(
                name: strings.holidayName(current.noticeName), range: strings.range(current.start, current.end),
                days: current.length, left: current.end.dayNumber - date.dayNumber + 1)
        }
        if let next = site.almanac.nextHoliday(after: date) {
            return strings.nextHolidayLine(
                name: strings.holidayName(next.noticeName), range: strings.range(next.start, next.end), days: next.length,
                until: next.start.dayNumber - date.dayNumber)
        }
        return strings.nextHolidayUnknown(year: calendar.firstUnannouncedYear(from: date.year))
    }

    /// What the home page's script needs, as JSON for a `<script type="application/json">`: the
    /// days of the grids' months (status, lunar date, holiday name), the breaks to come, the years
    /// announced in a row from the build year, the notes still to come, and the words.
    func homeData(months: [(year: Int, month: Int)]) -> String {
        var days = [JSON]()
        if let first = months.first, let last = months.last {
            let from = CivilDate(year: first.year, month: first.month, day: 1)!
            let through = CivilDate(
                year: last.year, month: last.month, day: CivilDate.daysInMonth(year: last.year, month: last.month))!
            for n in from.dayNumber...through.dayNumber {
                let date = CivilDate(dayNumber: n)
                days.append(.array([.string(date.iso8601), .string(todayLine(date))]))
            }
        }
        let periods = site.almanac.announcedPeriods.filter { $0.end >= today }.map { p -> JSON in
            .object([
                ("start", .string(p.start.iso8601)), ("end", .string(p.end.iso8601)), ("days", .int(p.length)),
                ("name", .string(strings.holidayName(p.noticeName))), ("range", .string(strings.range(p.start, p.end))),
            ])
        }
        let notes = site.notes.filter { $0.end >= today }.map { note -> JSON in
            .object([
                ("end", .string(note.end.iso8601)), ("start", .string(note.start.iso8601)), ("title", .string(note.title)),
                ("href", .string(PagePath.note(note.slug))), ("when", .string(strings.noteWhen(note))),
                ("draft", .bool(note.draft)),
            ])
        }
        let json = JSON.object([
            ("built", .string(today.iso8601)), ("timeZone", .string(site.config.timeZone)),
            ("announcedThrough", .int(calendar.firstUnannouncedYear(from: today.year) - 1)),
            ("days", .array(days)), ("periods", .array(periods)), ("notes", .array(notes)),
            ("words", .object(WordTable.ordered(strings.home).map { ($0.name, .string($0.text)) }.sorted { $0.0 < $1.0 })),
        ])
        // Safe inside <script>: no `</script>` or `<!--` can come out of a note's title.
        return String(decoding: json.serialized(), as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
    }
}
