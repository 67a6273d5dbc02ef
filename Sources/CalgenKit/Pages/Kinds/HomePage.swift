import CalgenCore
import CalgenModel

/// `index.html`, the home page: do I work today, tomorrow, this weekend (`HomeAnswer`), the
/// current month and the notes coming up.
///
/// It is right as of the build day without JavaScript, and says so, in the site's time zone. For
/// the weeks until the next build, its small script picks the reader's day from the data embedded
/// at build time (`homeData(months:)`, every day's answers worked out here) and shows that day's
/// answers, month and upcoming notes: no request, no framework.
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
        let answer = self.answer(on: today)
        context["todayLine"] = answer.today
        context["nextHolidayLine"] = answer.holiday
        context["makeupLine"] = answer.makeup ?? ""
        context["hasMakeupLine"] = answer.makeup != nil
        context["asOf"] = strings.homeAsOf(strings.longDate(today), zone: strings.zoneName(site.config.timeZone))
        context["legend"] = pages.legend(drawn: context["grids"] as? [[String: Any]] ?? [])
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

    /// The home page's answers on `date` (`HomeAnswer`).
    func answer(on date: CivilDate) -> HomeAnswer { HomeAnswer(on: date, almanac: site.almanac, strings: strings) }

    /// What the home page's script needs, as JSON for a `<script type="application/json">`: the
    /// answers of each day of the grids' months (`[date, today, holiday, make-up or ""]`), the notes
    /// still to come, and the two lines the script may say besides.
    func homeData(months: [(year: Int, month: Int)]) -> String {
        var days = [JSON]()
        if let first = months.first, let last = months.last {
            let from = CivilDate(year: first.year, month: first.month, day: 1)!
            let through = CivilDate(
                year: last.year, month: last.month, day: CivilDate.daysInMonth(year: last.year, month: last.month))!
            for n in from.dayNumber...through.dayNumber {
                let date = CivilDate(dayNumber: n)
                let answer = answer(on: date)
                days.append(
                    .array([
                        .string(date.iso8601), .string(answer.today), .string(answer.holiday), .string(answer.makeup ?? ""),
                    ]))
            }
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
            ("days", .array(days)), ("notes", .array(notes)),
            ("live", .string(strings.fill(strings.home.live, ["zone": strings.zoneName(site.config.timeZone)]))),
            ("stale", .string(strings.fill(strings.home.stale, ["date": strings.longDate(today)]))),
        ])
        // Safe inside <script>: no `</script>` or `<!--` can come out of a note's title.
        return String(decoding: json.serialized(), as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
    }
}
