import CalgenCore
import CalgenModel
import CalgenSupport
import TemplateEngine

/// `index.html`, the home page: do I work today, tomorrow, this weekend (`HomeAnswer`), the
/// current month and the notes coming up.
///
/// It is right as of the build day without JavaScript, and says so, in the site's time zone. For
/// the weeks until the next build, its small script picks the reader's day from the data embedded
/// at build time (`homeData(months:)`, every day's answers worked out here) and shows that day's
/// answers, month and upcoming notes: no request, no framework.
struct HomePage: SitePage {
    static let kind = PageKind.home
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

    struct Context: Encodable {
        @Inline var layout: LayoutContext
        let grids: [GridContext]
        let periodYears: [PeriodYear]
        let todayLine: String
        let nextHolidayLine: String
        let makeupLine: String
        let hasMakeupLine: Bool
        let asOf: String
        /// The styles the grids draw, in place of the layout's legend.
        let legend: [LegendContext]
        let upcoming: Upcoming
        let hasUpcoming: Bool
        let years: [YearLink]
        let scheduleAnswers: [ScheduleLine]
        let hasScheduleAnswers: Bool
        let homeData: String
    }

    /// The holiday table of a year the grids show one for.
    struct PeriodYear: Encodable {
        let year: Int
        let href: String
        let title: String
        let hidden: Bool
        let announced: Bool
        let periods: [PeriodContext]
    }

    struct Upcoming: Encodable {
        let notes: [NoteSummary]
    }

    struct YearLink: Encodable {
        let year: Int
        let href: String
        let announced: Bool
        let current: Bool
    }

    /// A public work schedule's answer for today and this weekend (`ScheduleAnswer`).
    struct ScheduleLine: Encodable {
        let id: String
        let name: String
        let href: String
        let line: String
    }

    func context() -> Context {
        let months = monthList
        let grids = months.enumerated().map { i, m -> GridContext in
            var grid = pages.grid().context(
                year: m.year, month: m.month, large: true, fullWeeks: false, href: PagePath.month(m.year, m.month),
                noteHref: { PagePath.note($0.slug) })
            grid.key = String(CivilDate(year: m.year, month: m.month, day: 1)!.iso8601.prefix(7))
            grid.hidden = i > 0
            grid.tableYear = tableYear(year: m.year, month: m.month)
            // ← and →: links to the neighbouring month pages, which the script turns into
            // switches where the home page has that month.
            grid.steps = pages.neighbourMonths(year: m.year, month: m.month, root: "")
            return grid
        }
        // The holiday table of each year the grids show one for; the script shows the month's.
        let first = months.first.map { tableYear(year: $0.year, month: $0.month) }
        let gridYears = Array(Set(months.map { tableYear(year: $0.year, month: $0.month) })).sorted()
        let answer = self.answer(on: today)
        let upcoming = site.notes.filter { $0.end >= today }.prefix(5)
        return Context(
            layout: pages.common(path: "", title: site.config.title, root: ""), grids: grids,
            periodYears: gridYears.map { year in
                PeriodYear(
                    year: year, href: PagePath.year(year), title: pages.yearTitle(year), hidden: year != first,
                    announced: calendar.isAnnounced(year: year), periods: pages.periods(year))
            },
            todayLine: answer.today, nextHolidayLine: answer.holiday, makeupLine: answer.makeup ?? "",
            hasMakeupLine: answer.makeup != nil,
            asOf: strings.homeAsOf(strings.longDate(today), zone: strings.zoneName(site.config.timeZone)),
            legend: pages.legend(drawn: grids),
            upcoming: Upcoming(notes: upcoming.map { pages.noteSummary($0, root: "") }), hasUpcoming: !upcoming.isEmpty,
            years: pages.years.reversed().map { y in
                YearLink(
                    year: y, href: PagePath.year(y), announced: calendar.isAnnounced(year: y), current: y == today.year)
            },
            // Each public work schedule's answer for today and this weekend (`ScheduleAnswer`).
            scheduleAnswers: pages.publicSchedules.map { schedule in
                ScheduleLine(
                    id: schedule.id, name: strings.scheduleTitle(schedule), href: PagePath.schedule(schedule.id),
                    line: scheduleAnswer(schedule, on: today))
            },
            hasScheduleAnswers: !pages.publicSchedules.isEmpty, homeData: homeData(months: months))
    }

    /// The year whose holiday table stands beside a month's grid: the month's own, or at the
    /// year's end (no break of the year left from the month on) the coming year's once it is
    /// announced.
    func tableYear(year: Int, month: Int) -> Int {
        guard calendar.isAnnounced(year: year + 1), pages.years.contains(year + 1) else { return year }
        let before = CivilDate(year: year, month: month, day: 1)!.previous
        guard let next = site.almanac.nextHoliday(after: before) else { return year + 1 }
        return next.year > year ? year + 1 : year
    }

    /// A work schedule's answer on `date`, in one line (`ScheduleAnswer`).
    func scheduleAnswer(_ schedule: WorkSchedule, on date: CivilDate) -> String {
        ScheduleAnswer(on: date, work: ScheduleEvaluator(schedule: schedule, almanac: site.almanac), strings: strings)
            .line(strings)
    }

    /// The home page's answers on `date` (`HomeAnswer`).
    func answer(on date: CivilDate) -> HomeAnswer { HomeAnswer(on: date, almanac: site.almanac, strings: strings) }

    /// What the home page's script needs, as JSON for a `<script type="application/json">`: the
    /// answers of each day of the grids' months (`[date, today, holiday, make-up or "", [each
    /// public schedule's answer]]`), the notes
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
                        .array(pages.publicSchedules.map { .string(scheduleAnswer($0, on: date)) }),
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
