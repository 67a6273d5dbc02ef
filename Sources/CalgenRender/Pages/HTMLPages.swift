import CalgenCore
import CalgenModel
import CalgenSupport

/// What every HTML page is made from (the site, the templates, the build day, the notes by
/// day) and the pieces pages share; `render()` renders every page of every kind of
/// `PageKinds.site`.
package struct HTMLPages: Sendable {
    let site: Site
    let templates: TemplateSet
    /// The current date in the site's time zone (from SOURCE_DATE_EPOCH, --now or the build date).
    let today: CivilDate
    /// The notes on each day of the calendar's years.
    let notesByDay: [CivilDate: [Note]]
    /// The notes by audience, made once for the pages beside every personal feed.
    let noteIndex: NoteIndex
    /// What a printed month sheet says of itself: as of the build's day, in the site's time zone.
    let sheetAsOf: String
    /// What grid cells show of each date of the calendar's years and the days around them,
    /// worked out once for the year, month, home and schedule pages.
    private(set) var faces: DayFaces? = nil

    package init(site: Site, templates: TemplateSet, today: CivilDate) {
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
        noteIndex = NoteIndex(notes: site.allNotes)
        let strings = SiteStrings(language: site.config.language)
        sheetAsOf = strings.fill(strings.ui.sheetAsOf, ["date": strings.longDate(today), "zone": site.config.timeZone])
        if let first = site.calendar.years.first, let last = site.calendar.years.last {
            // A year page's six-week grids reach two weeks into the next year; a month's first week one into the last.
            faces = DayFaces(
                grid(), from: CivilDate(year: first, month: 1, day: 1)!.adding(days: -7),
                through: CivilDate(year: last, month: 12, day: 31)!.adding(days: 14))
        }
    }

    /// Every page of every kind of `PageKinds.site`. Pages are independent, so they render in parallel.
    package func render() -> [OutputFile] {
        // Every date's face is shown: all are worked out first, each once.
        faces?.makeAll()
        let pages = PageKinds.site.flatMap { $0.all(self) }
        let templates = self.templates
        return ParallelMap.map(pages) { templates.render($0) }
    }

    /// `feeds/<token>/index.html`, the page beside a personal feed.
    package func privateFeedPage(_ subscriber: Subscriber, feedPath: String) -> OutputFile {
        templates.render(PrivateFeedPage(pages: self, subscriber: subscriber, feedPath: feedPath))
    }

    var strings: SiteStrings { SiteStrings(language: site.config.language) }
    var periodsByYear: [Int: [HolidayPeriod]] { site.periodsByYear }
    var calendar: HolidayCalendar { site.calendar }
    var years: [Int] { calendar.years }
    var sitePath: String { site.config.sitePath }

    func grid() -> MonthGrid {
        MonthGrid(
            almanac: site.almanac, strings: strings, weekStart: site.config.weekStart, today: today, notesByDay: notesByDay,
            faces: faces)
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

    // MARK: Pieces

    /// What every page's layout needs. `description` is the page's own summary for search results
    /// and link previews (the site's description where a page has none). `language` is the
    /// page's when it is not the site's (the page beside a personal feed): its `<html lang>` and
    /// the layout's words; the site's title and description stay as written.
    func common(
        path: String, title: String, root: String, description: String? = nil, language: SiteLanguage? = nil
    ) -> LayoutContext {
        let language = language ?? site.config.language
        let notation = UIWords.of(language).legendLunarNotation
        return LayoutContext(
            lang: language.rawValue, title: title, siteTitle: site.config.title, root: root,
            canonical: site.config.baseURL + path, t: LayoutContext.words(language), paths: LayoutContext.paths,
            timeZone: site.config.timeZone, legend: HTMLPages.legend(language), hasNotes: !site.notes.isEmpty,
            hasSchedules: !publicSchedules.isEmpty, notesHref: root + PagePath.notes, assets: templates.assetContext,
            // 本月 as of the build; the page's script moves it to the reader's month.
            todayMonthHref: PagePath.month(featuredMonth.year, featuredMonth.month), firstYear: years.first ?? today.year,
            lastYear: years.last ?? today.year, lunarNotation: notation.isEmpty ? nil : notation,
            description: description ?? site.config.description)
    }

    /// One entry of a legend: the cell classes it explains (`when`, and not `unless`), the
    /// swatch's class and badge, and its words.
    struct LegendEntry {
        let when: Set<Substring>
        let unless: Substring?
        let swatch: String
        let badge: String
        let text: String

        var context: LegendContext { LegendContext(class: swatch, badge: badge, text: text) }
    }

    /// Every style a grid can draw, in legend order, in the words of a language.
    static func legendEntries(_ words: UIWords) -> [LegendEntry] {
        [
            LegendEntry(
                when: ["off", "stat"], unless: nil, swatch: "off stat", badge: words.badgeOff, text: words.legendStatutory),
            LegendEntry(when: ["off"], unless: "stat", swatch: "off", badge: words.badgeOff, text: words.legendOff),
            LegendEntry(when: ["stat", "pending"], unless: nil, swatch: "stat pending", badge: "", text: words.legendPending),
            LegendEntry(when: ["work"], unless: nil, swatch: "work", badge: words.badgeWork, text: words.legendWork),
            LegendEntry(when: ["we"], unless: nil, swatch: "we", badge: "", text: words.legendWeekend),
            LegendEntry(when: ["is-today"], unless: nil, swatch: "now", badge: "", text: words.legendToday),
            LegendEntry(when: ["fest"], unless: nil, swatch: "fest", badge: "", text: words.legendFestival),
            LegendEntry(when: ["lunar-first"], unless: nil, swatch: "lunar", badge: "", text: words.legendLunarMonth),
            LegendEntry(when: ["has-notes"], unless: nil, swatch: "note", badge: "", text: words.legendNotes),
        ]
    }

    /// The legend of a page about an unannounced year: statutory days and weekends only.
    var pendingLegend: [LegendContext] {
        HTMLPages.legendEntries(strings.ui).filter { ["stat pending", "we"].contains($0.swatch) }.map(\.context)
    }

    /// The legend of a page about an announced year, in the words of the page's language: the
    /// days off, statutory or not, the make-up days and weekends.
    static func legend(_ words: UIWords) -> [LegendContext] {
        legendEntries(words).filter { ["off stat", "off", "work", "we"].contains($0.swatch) }.map(\.context)
    }

    /// `legend(_:)` of a language, made once.
    static func legend(_ language: SiteLanguage) -> [LegendContext] {
        switch language {
        case .chinese: chineseLegend
        case .english: englishLegend
        }
    }

    private static let chineseLegend = legend(UIWords.of(.chinese))
    private static let englishLegend = legend(UIWords.of(.english))

    /// The legend of grids as drawn: an entry for each style a day of their months has, in
    /// legend order.
    func legend(drawn grids: [GridContext]) -> [LegendContext] {
        var drawn = Set<Set<Substring>>()
        for grid in grids {
            for week in grid.weeks {
                // A neighbouring month's day is drawn dimmed, as a day of its own month's grid.
                for cell in week.days where !cell.outside {
                    drawn.insert(Set(cell.classes.split(separator: " ")))
                }
            }
        }
        return HTMLPages.legendEntries(strings.ui).filter { entry in
            drawn.contains { $0.isSuperset(of: entry.when) && !(entry.unless.map($0.contains) ?? false) }
        }.map(\.context)
    }

    /// `prev` and `next` of a month with data: `href` (from `root`), `key` (`2026-09`) and a short
    /// `label` that keeps a pager on one line on a phone (the year only where it changes).
    func neighbourMonths(year: Int, month: Int, root: String) -> NeighbourMonths {
        let first = CivilDate(year: year, month: month, day: 1)!
        let last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))!
        func link(_ day: CivilDate) -> MonthLink? {
            guard years.contains(day.year) else { return nil }
            return MonthLink(
                href: root + PagePath.month(day.year, day.month), key: String(day.iso8601.prefix(7)),
                label: day.year == year ? strings.monthName(day.month) : strings.monthTitle(year: day.year, month: day.month))
        }
        return NeighbourMonths(prev: link(first.previous), next: link(last.next))
    }

    func yearTitle(_ year: Int) -> String {
        "\(year)\(strings.ui.yearTitleSuffix)"
    }

    func periods(_ year: Int) -> [PeriodContext] {
        periods(year: year).map(periodContext)
    }

    func periods(year: Int) -> [HolidayPeriod] {
        periodsByYear[year] ?? []
    }

    func periodContext(_ period: HolidayPeriod) -> PeriodContext {
        PeriodContext(
            name: strings.isChinese ? period.noticeName : strings.holidayName(period.noticeName),
            length: strings.dayCount(period.length), start: period.start.iso8601, end: period.end.iso8601,
            // Each date stays on one line: a table cell breaks between dates, never inside "（周六）".
            from: strings.shortDateParts(period.start),
            to: period.start == period.end ? nil : DateParts(parts: strings.shortDateParts(period.end)),
            makeupDays: period.makeupWorkdays.enumerated().map { i, day in
                DateParts(parts: strings.shortDateParts(day), sep: i == 0 ? "" : strings.isChinese ? "、" : ", ")
            },
            makeup: !period.makeupWorkdays.isEmpty)
    }

    /// A note in full, as on its page and on month pages.
    func noteContext(_ note: Note, root: String) -> NoteContext {
        NoteContext(
            summary: noteSummary(note, root: root), html: note.html,
            tags: note.tags.map { TagLink(tag: $0, href: root + PagePath.notes + "#" + HTMLPages.tagAnchor($0)) },
            hasTags: !note.tags.isEmpty)
    }

    /// A note in one line: title, link and when.
    func noteSummary(_ note: Note, root: String) -> NoteSummary {
        NoteSummary(
            slug: note.slug, anchor: "note-" + note.slug, title: note.title, href: root + PagePath.note(note.slug),
            when: strings.noteWhen(note), start: note.start.iso8601, draft: note.draft)
    }

    /// The fragment of a tag's section on the notes index: `tag-` and the tag with spaces as hyphens.
    static func tagAnchor(_ tag: String) -> String {
        "tag-" + tag.split(whereSeparator: \.isWhitespace).joined(separator: "-")
    }
}
