import CalgenCore
import CalgenModel
import TemplateEngine

/// `schedules/<id>/2026/index.html` (a private schedule's beside its feed,
/// `feeds/<token>/2026/index.html`): a work schedule's year — its rules in words, how many days
/// it works, twelve month grids with its marks beside the national ones, the days the holiday
/// arrangement or its own dates decide, and its feed's address. One per year of the site's feed
/// horizon (`Site.scheduleYears`).
struct ScheduleYearPage: SitePage {
    static let kind = PageKind.scheduleYear
    static let template = "schedule"

    let pages: HTMLPages
    let place: SchedulePlace
    let year: Int

    var schedule: WorkSchedule { place.schedule }

    static func all(_ pages: HTMLPages) -> [ScheduleYearPage] {
        pages.publicSchedules.flatMap { schedule in
            pages.site.scheduleYears(today: pages.today).map {
                ScheduleYearPage(pages: pages, place: .public(schedule), year: $0)
            }
        }
    }

    var folder: String { place.folder + "\(year)/" }
    var path: String { folder + PagePath.index }

    struct Context: Encodable {
        @Inline var layout: LayoutContext
        @Inline var about: About
        let heading: String
        let isYear = true
        let months: [GridContext]
        let prev: LinkContext?
        let next: LinkContext?
        let nationalHref: String
    }

    /// What the year and month pages of a schedule share (`about(_:days:year:pages:root:)`).
    struct About: Encodable, Sendable {
        let scheduleName: String
        let rules: [TextItem]
        let counts: String
        let decided: [DecidedDay]
        let hasDecided: Bool
        let scheduleFeed: [SubscribePage.FeedAddress]
        /// A private schedule has no API, no today page and is not indexed.
        @FalseIfNil var apiHref: String?
        @FalseIfNil var todayHref: String?
        let noindex: Bool
        let scheduleLegend: String
    }

    /// A day the holiday arrangement or the schedule's own dates decide.
    struct DecidedDay: Encodable, Sendable {
        let iso: String
        let date: String
        let text: String
    }

    func context() -> Context {
        let root = "../../../"
        let strings = pages.strings
        let work = ScheduleEvaluator(schedule: schedule, almanac: pages.site.almanac)
        let days = work.days(ofYear: year)
        let heading = "\(strings.scheduleTitle(schedule)) · \(strings.isChinese ? "\(year)年" : "\(year)")"
        let about = ScheduleYearPage.about(place, days: days, year: year, pages: pages, root: root)
        var grid = pages.grid()
        grid.work = work
        let years = pages.site.scheduleYears(today: pages.today)
        return Context(
            layout: pages.common(
                path: folder, title: "\(heading) · \(pages.site.config.title)", root: root,
                description: strings.scheduleTitle(schedule) + (strings.isChinese ? "，" : ", ") + about.counts
                    + (strings.isChinese ? "" : " ") + strings.scheduleSummary(schedule)),
            about: about, heading: heading,
            months: (1...12).map { m in
                grid.context(
                    year: year, month: m, large: false, fullWeeks: true, href: PagePath.monthFolder(m),
                    linkFrom: CivilDate(year: year, month: 1, day: 1)!, noteHref: { root + PagePath.note($0.slug) })
            },
            prev: years.contains(year - 1) ? LinkContext(href: "../\(year - 1)/", label: "\(year - 1)") : nil,
            next: years.contains(year + 1) ? LinkContext(href: "../\(year + 1)/", label: "\(year + 1)") : nil,
            nationalHref: pages.years.contains(year) ? root + PagePath.year(year) : root)
    }

    /// What the year and month pages of a schedule share: its rules, the counts of `days`, the
    /// days decided by something else than the pattern, the feed's address and the API's link.
    static func about(
        _ place: SchedulePlace, days: [ScheduleDay], year: Int, pages: HTMLPages, root: String
    ) -> About {
        let schedule = place.schedule
        let strings = pages.strings
        let words = strings.ui
        var rules = [strings.nationalSentence(schedule.national), strings.patternSentence(schedule.pattern)]
        if !schedule.shifts.isEmpty {
            rules.append(
                schedule.shifts.map { strings.shiftHours($0) }.joined(separator: strings.isChinese ? "；" : "; ")
                    + (strings.isChinese ? "。" : "."))
        }
        let unknown = days.count { $0.work == .unknown }
        let decided = days.filter { day in
            day.work != .unknown && (day.reason != .pattern || (day.work == .worked && day.statutoryDay != nil))
        }
        var feed = SubscribePage.feedAddress(
            id: "schedule", path: place.feedPath, title: words.scheduleFeed, text: words.scheduleFeedText,
            calendarName: strings.scheduleTitle(schedule), baseURL: pages.site.config.baseURL, relativeTo: "")
        feed.href = root + place.feedPath
        return About(
            scheduleName: schedule.name, rules: rules.map { TextItem(text: $0) },
            counts: strings.fill(
                words.scheduleCounts,
                [
                    "year": "\(year)", "worked": "\(days.count { $0.work == .worked })",
                    "half": "\(days.count { $0.isHalfDay && $0.work == .worked })",
                    "off": "\(days.count { $0.work == .off })",
                    "unknown": unknown == 0 ? "" : strings.fill(words.scheduleUnknown, ["n": "\(unknown)"]),
                ]),
            decided: decided.map { day in
                DecidedDay(
                    iso: day.date.iso8601, date: strings.shortDate(day.date),
                    text: strings.scheduleLine(day, schedule: schedule))
            },
            hasDecided: !decided.isEmpty, scheduleFeed: [feed],
            apiHref: place.isPrivate ? nil : root + PagePath.apiScheduleYear(schedule.id, year),
            todayHref: place.isPrivate ? nil : root + PagePath.schedule(schedule.id), noindex: place.isPrivate,
            scheduleLegend: words.scheduleLegend)
    }
}

/// Where a work schedule's pages are: below `schedules/<id>/` for a public schedule, beside its
/// feed in `feeds/<token>/` for a private one (both two folders deep, so the pages' links are
/// the same).
struct SchedulePlace {
    let schedule: WorkSchedule
    /// `schedules/<id>/` or `feeds/<token>/`.
    let folder: String
    /// The schedule's feed.
    let feedPath: String
    let isPrivate: Bool

    static func `public`(_ schedule: WorkSchedule) -> SchedulePlace {
        SchedulePlace(
            schedule: schedule, folder: PagePath.schedule(schedule.id), feedPath: FeedPath.publicSchedule(schedule.id),
            isPrivate: false)
    }

    /// A private schedule's pages beside its feed, `feeds/<token>/<id>.ics`.
    static func `private`(_ schedule: WorkSchedule, feedPath: String) -> SchedulePlace {
        let folder = String(feedPath[...feedPath.lastIndex(of: "/")!])
        return SchedulePlace(schedule: schedule, folder: folder, feedPath: feedPath, isPrivate: true)
    }
}

extension HTMLPages {
    /// The work schedules whose pages, feed and API are public.
    var publicSchedules: [WorkSchedule] { site.schedules.filter { $0.audience == .public } }

    /// A private schedule's year and month pages, beside its feed.
    package func privateSchedulePages(_ schedule: WorkSchedule, feedPath: String) -> [OutputFile] {
        let place = SchedulePlace.private(schedule, feedPath: feedPath)
        return site.scheduleYears(today: today).flatMap { year in
            [templates.render(ScheduleYearPage(pages: self, place: place, year: year))]
                + (1...12).map { templates.render(ScheduleMonthPage(pages: self, place: place, year: year, month: $0)) }
        }
    }
}
