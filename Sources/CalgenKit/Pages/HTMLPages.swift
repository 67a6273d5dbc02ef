import CalgenCore

/// Renders the HTML pages: index, one per year, one per month, and 404.
struct HTMLPages {
    let site: Site
    let templates: TemplateSet
    /// The current date in the site's time zone (from SOURCE_DATE_EPOCH, --now or the build date).
    let today: CivilDate
    /// The notes on each day of the calendar's years.
    let notesByDay: [CivilDate: [Note]]

    init(site: Site, templates: TemplateSet, today: CivilDate) {
        self.site = site
        self.templates = templates
        self.today = today
        var notesByDay = [CivilDate: [Note]]()
        if let first = site.calendar.years.first, let last = site.calendar.years.last {
            // Grids show a few days of the neighbouring years too.
            let low = CivilDate(year: first, month: 1, day: 1)!.adding(days: -7)
            let high = CivilDate(year: last, month: 12, day: 31)!.adding(days: 7)
            for note in site.notes where note.overlaps(low, high) {
                for day in max(note.start, low).dayNumber...min(note.end, high).dayNumber {
                    notesByDay[CivilDate(dayNumber: day), default: []].append(note)
                }
            }
        }
        self.notesByDay = notesByDay
    }

    var strings: SiteStrings { SiteStrings(language: site.config.language) }
    var periodsByYear: [Int: [HolidayPeriod]] { site.periodsByYear }
    var calendar: HolidayCalendar { site.calendar }
    var years: [Int] { calendar.years }

    func grid() -> MonthGrid {
        MonthGrid(
            almanac: site.almanac, strings: strings, weekStart: site.config.weekStart, today: today, notesByDay: notesByDay)
    }

    /// The year the index features: the current year if there is data for it, else the nearest.
    var featuredYear: Int {
        if years.contains(today.year) { return today.year }
        return years.min { abs($0 - today.year) < abs($1 - today.year) } ?? today.year
    }

    /// The month 本月 and the home page start from: the current one, else January of the featured year.
    var featuredMonth: (year: Int, month: Int) {
        years.contains(today.year) ? (today.year, today.month) : (featuredYear, 1)
    }

    /// Every page, as (path, HTML). Pages are independent, so they render in parallel.
    func render() -> [OutputFile] {
        var jobs: [@Sendable () -> OutputFile] = []
        let me = self
        jobs.append { me.indexPage() }
        jobs.append { me.notFoundPage() }
        jobs.append { me.notesIndexPage() }
        jobs.append { me.subscribePage() }
        jobs.append { me.apiPage() }
        for note in site.notes { jobs.append { me.notePage(note) } }
        for year in years {
            jobs.append { me.yearPage(year) }
            for month in 1...12 { jobs.append { me.monthPage(year: year, month: month) } }
        }
        return ParallelMap.map(jobs) { $0() }
    }

    // MARK: Pages

    func yearPage(_ year: Int) -> OutputFile {
        let root = "../"
        var context = common(
            path: PagePath.year(year), title: "\(yearTitle(year)) · \(site.config.title)", root: root,
            description: strings.yearDescription(year: year, periods: periods(year: year)))
        context["year"] = year
        context["heading"] = yearTitle(year)
        context["announced"] = calendar.isAnnounced(year: year)
        if !calendar.isAnnounced(year: year) { context["legend"] = pendingLegend }
        context["months"] = (1...12).map { m in
            grid().context(
                year: year, month: m, large: false, fullWeeks: true, href: PagePath.monthFolder(m),
                linkFrom: CivilDate(year: year, month: 1, day: 1)!, noteHref: { root + PagePath.note($0.slug) })
        }
        context["periods"] = periods(year)
        context.merge(yearFacts(year)) { $1 }
        let papers = calendar.file(forYear: year)?.papers ?? []
        context["papers"] = papers.map { ["url": $0] }
        context["hasPapers"] = !papers.isEmpty
        if years.contains(year - 1) { context["prev"] = ["href": root + PagePath.year(year - 1), "label": "\(year - 1)"] }
        if years.contains(year + 1) { context["next"] = ["href": root + PagePath.year(year + 1), "label": "\(year + 1)"] }
        return page(PagePath.year(year) + "index.html", template: "year", context)
    }

    func monthPage(year: Int, month: Int) -> OutputFile {
        let root = "../../"
        let title = strings.monthTitle(year: year, month: month)
        let first = CivilDate(year: year, month: month, day: 1)!
        let last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))!
        let touching = years.flatMap { periodsByYear[$0] ?? [] }.filter { period in
            (period.start <= last && period.end >= first)
                || period.makeupWorkdays.contains { $0 >= first && $0 <= last }
        }
        let feasts = feastList(from: first, through: last)
        var context = common(
            path: PagePath.month(year, month), title: "\(title) · \(site.config.title)", root: root,
            description: strings.monthDescription(
                year: year, month: month, periods: touching, feasts: feasts.compactMap { $0["name"] as? String }))
        context["year"] = year
        context["month"] = month
        context["heading"] = title
        context["announced"] = calendar.isAnnounced(year: year)
        if !calendar.isAnnounced(year: year) { context["legend"] = pendingLegend }
        context["yearHref"] = root + PagePath.year(year)
        context["yearTitle"] = yearTitle(year)
        var monthGrid = grid().context(
            year: year, month: month, large: true, fullWeeks: false, href: nil, noteHref: { "#note-" + $0.slug })
        monthGrid["hideCaption"] = true  // the page's heading says the same
        context["grid"] = monthGrid
        context["periods"] = touching.map(periodContext)
        context["hasPeriods"] = !touching.isEmpty
        context["feasts"] = feasts
        context["hasFeasts"] = !feasts.isEmpty
        let notes = site.notes.filter { $0.overlaps(first, last) }
        context["notes"] = notes.map { noteContext($0, root: root) }
        context["hasMonthNotes"] = !notes.isEmpty
        context.merge(neighbourMonths(year: year, month: month, root: root)) { $1 }
        context["yearLabel"] = strings.isChinese ? "\(year)年" : "\(year)"
        return page(PagePath.month(year, month) + "index.html", template: "month", context)
    }

    func notFoundPage() -> OutputFile {
        // Served for any missing path at any depth: links go from the site's root path.
        let rootPath = sitePath
        var context = common(path: "404.html", title: "\(strings.ui.notFoundTitle) · \(site.config.title)", root: rootPath)
        context["years"] = years.reversed().map {
            ["year": $0, "href": rootPath + PagePath.year($0), "announced": calendar.isAnnounced(year: $0)]
        }
        context["noindex"] = true
        return page("404.html", template: "404", context)
    }

    // MARK: Pieces

    var sitePath: String { site.config.sitePath }

    /// What every page's layout needs. `description` is the page's own summary for search results
    /// and link previews (the site's description where a page has none).
    func common(path: String, title: String, root: String, description: String? = nil) -> [String: Any] {
        var context: [String: Any] = [
            "lang": site.config.language.rawValue,
            "title": title,
            "siteTitle": site.config.title,
            "root": root,
            "canonical": site.config.baseURL + path,
            "t": UIWords.table(site.config.language),
            "timeZone": site.config.timeZone,
            "legend": legend,
            "hasNotes": !site.notes.isEmpty,
            "notesHref": root + PagePath.notes,
            "assets": templates.assetContext,
            // 本月 as of the build; the page's script moves it to the reader's month.
            "todayMonthHref": PagePath.month(featuredMonth.year, featuredMonth.month),
            "firstYear": years.first ?? today.year,
            "lastYear": years.last ?? today.year,
        ]
        if let description = description ?? site.config.description { context["description"] = description }
        return context
    }

    /// The legend of a page about an unannounced year: statutory days and weekends only.
    var pendingLegend: [[String: Any]] {
        [
            ["class": "stat pending", "badge": "", "text": strings.ui.legendPending],
            ["class": "we", "badge": "", "text": strings.ui.legendWeekend],
        ]
    }

    var legend: [[String: Any]] {
        [
            ["class": "off stat", "badge": strings.ui.badgeOff, "text": strings.ui.legendStatutory],
            ["class": "off", "badge": strings.ui.badgeOff, "text": strings.ui.legendOff],
            ["class": "work", "badge": strings.ui.badgeWork, "text": strings.ui.legendWork],
            ["class": "we", "badge": "", "text": strings.ui.legendWeekend],
        ]
    }

    /// `prev` and `next` of a month with data: `href` (from `root`), `key` (`2026-09`) and a short
    /// `label` that keeps a pager on one line on a phone (the year only where it changes).
    func neighbourMonths(year: Int, month: Int, root: String) -> [String: Any] {
        let first = CivilDate(year: year, month: month, day: 1)!
        let last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))!
        var neighbours = [String: Any]()
        for (key, day) in [("prev", first.previous), ("next", last.next)] where years.contains(day.year) {
            neighbours[key] = [
                "href": root + PagePath.month(day.year, day.month),
                "key": String(day.iso8601.prefix(7)),
                "label": day.year == year ? strings.monthName(day.month) : strings.monthTitle(year: day.year, month: day.month),
            ]
        }
        return neighbours
    }

    /// The year page's statutory days, workdays per month, solar terms and festivals.
    func yearFacts(_ year: Int) -> [String: Any] {
        let almanac = site.almanac
        let statutory = almanac.statutoryDays(inYear: year)
        var facts: [String: Any] = [
            "statutoryText": strings.statutorySentence(
                year: year, decree: HolidayLaw.inForce(year: year).decree, summary: strings.statutorySummary(statutory)),
            "partial": PartialHoliday.all(inYear: year).map { p -> [String: Any] in
                ["name": strings.festivalName(p.name), "date": strings.dayOfYear(p.date), "who": p.summary]
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

    /// Solar terms and festivals between two dates, in order: `[{name, date, iso}]`.
    func feastList(from first: CivilDate, through last: CivilDate) -> [[String: Any]] {
        (first.dayNumber...last.dayNumber).flatMap { n -> [[String: Any]] in
            let date = CivilDate(dayNumber: n)
            let observances = site.almanac.observances(on: date)
            var names = observances.festivals.map { strings.festivalName($0.name) }
            if let term = observances.solarTerm { names.append(strings.solarTermName(term)) }
            return names.map { ["name": $0, "date": strings.shortDate(date), "iso": date.iso8601] }
        }
    }

    func yearTitle(_ year: Int) -> String {
        "\(year)\(strings.ui.yearTitleSuffix)"
    }

    func periods(_ year: Int) -> [[String: Any]] {
        periods(year: year).map(periodContext)
    }

    func periods(year: Int) -> [HolidayPeriod] {
        periodsByYear[year] ?? []
    }

    func periodContext(_ period: HolidayPeriod) -> [String: Any] {
        var context: [String: Any] = [
            "name": strings.isChinese ? period.noticeName : strings.holidayName(period.noticeName),
            "length": strings.dayCount(period.length),
            "start": period.start.iso8601,
            "end": period.end.iso8601,
        ]
        // Each date stays on one line: a table cell breaks between dates, never inside "（周六）".
        context["from"] = strings.shortDateParts(period.start)
        context["to"] = period.start == period.end ? false as Any : ["parts": strings.shortDateParts(period.end)]
        context["makeupDays"] = period.makeupWorkdays.enumerated().map { i, day -> [String: Any] in
            ["parts": strings.shortDateParts(day), "sep": i == 0 ? "" : strings.isChinese ? "、" : ", "]
        }
        context["makeup"] = !period.makeupWorkdays.isEmpty
        return context
    }

    func page(_ path: String, template: String, _ context: [String: Any]) -> OutputFile {
        OutputFile(path: path, bytes: Array(templates.render(template, context).utf8))
    }
}

/// Where pages live, relative to the site root.
enum PagePath {
    /// `2026/`.
    static func year(_ year: Int) -> String { "\(year)/" }

    /// `10/`, a month's folder inside its year's.
    static func monthFolder(_ month: Int) -> String { (month < 10 ? "0" : "") + "\(month)/" }

    /// `2026/10/`.
    static func month(_ year: Int, _ month: Int) -> String { Self.year(year) + monthFolder(month) }

    /// `subscribe/`, how to subscribe to the feeds.
    static let subscribe = "subscribe/"

    /// `api/`, the day API and the manifest explained.
    static let api = "api/"

    /// `notes/`, the notes index.
    static let notes = "notes/"

    /// `notes/national-day-duty/`.
    static func note(_ slug: String) -> String { notes + slug + "/" }
}
