import CalgenCore
import CalgenModel
import CalgenSupport
import TemplateEngine

/// `schedules/index.html`, every public work schedule with its answer for today and this
/// weekend, and `schedules/<id>/index.html`, one schedule's answer with its rules, its years and
/// its feed (`ScheduleAnswer`).
///
/// Right as of the build day without JavaScript, and says so, as the home page is; for the
/// weeks until the next build its small script picks the reader's day from the answers embedded
/// at build time (`data()`).
struct ScheduleTodayPage: SitePage {
    static let kind = PageKind.scheduleToday
    static let template = "schedules"

    let pages: HTMLPages
    /// The schedule of the page; `nil`: the index of every public schedule.
    let schedule: WorkSchedule?

    static func all(_ pages: HTMLPages) -> [ScheduleTodayPage] {
        guard !pages.publicSchedules.isEmpty else { return [] }
        return [ScheduleTodayPage(pages: pages, schedule: nil)]
            + pages.publicSchedules.map { ScheduleTodayPage(pages: pages, schedule: $0) }
    }

    var folder: String { schedule.map { PagePath.schedule($0.id) } ?? PagePath.schedules }
    var path: String { folder + PagePath.index }

    /// How many days after the build the embedded answers reach: the home page's four months.
    static let days = 122

    struct Context: Encodable {
        @Inline var layout: LayoutContext
        let heading: String
        let single: Bool
        let entries: [Entry]
        /// A single schedule's rules, feed and decided days, as on its year page.
        @Inline var about: ScheduleYearPage.About?
        let asOf: String
        let scheduleData: String
    }

    /// A schedule's answer for today and this weekend, with its years.
    struct Entry: Encodable {
        let id: String
        let name: String
        let href: String
        let summary: String
        let today: String
        let weekend: String
        let years: [Year]
    }

    struct Year: Encodable {
        let label: String
        let href: String
        let current: Bool
    }

    func context() -> Context {
        let strings = pages.strings
        let words = strings.ui
        let root = schedule == nil ? "../" : "../../"
        let heading = schedule.map(strings.scheduleTitle) ?? words.schedulesHeading
        let years = pages.site.scheduleYears(today: pages.today)
        let schedules = schedule.map { [$0] } ?? pages.publicSchedules
        let entries = schedules.map { schedule in
            let answer = ScheduleAnswer(
                on: pages.today, work: ScheduleEvaluator(schedule: schedule, almanac: pages.site.almanac), strings: strings)
            let here = self.schedule == nil ? PagePath.schedule(schedule.id).dropFirst(PagePath.schedules.count) : ""
            return Entry(
                id: schedule.id, name: strings.scheduleTitle(schedule), href: String(here),
                summary: strings.scheduleSummary(schedule), today: answer.today, weekend: answer.weekend,
                years: years.map { year in
                    Year(label: "\(year)", href: String(here) + "\(year)/", current: year == pages.today.year)
                })
        }
        let about = schedule.map { schedule in
            let year = years.contains(pages.today.year) ? pages.today.year : years.first ?? pages.today.year
            let days = ScheduleEvaluator(schedule: schedule, almanac: pages.site.almanac).days(ofYear: year)
            return ScheduleYearPage.about(.public(schedule), days: days, year: year, pages: pages, root: root)
        }
        return Context(
            layout: pages.common(
                path: folder, title: "\(heading) · \(pages.site.config.title)", root: root,
                description: schedule.map {
                    strings.scheduleTitle($0) + (strings.isChinese ? "：" : ": ") + strings.scheduleSummary($0)
                }
                    ?? words.schedulesText),
            heading: heading, single: schedule != nil, entries: entries, about: about,
            asOf: strings.homeAsOf(strings.longDate(pages.today), zone: strings.zoneName(pages.site.config.timeZone)),
            scheduleData: data(schedules))
    }

    /// What the page's script needs, as JSON for a `<script type="application/json">`: each
    /// schedule's answers (`[date, today, weekend]`) from the build day on, and the lines the
    /// script may say besides.
    func data(_ schedules: [WorkSchedule]) -> String {
        let strings = pages.strings
        let site = pages.site
        let answers = schedules.map { schedule -> (String, JSON) in
            let work = ScheduleEvaluator(schedule: schedule, almanac: site.almanac)
            let days = (0..<ScheduleTodayPage.days).map { n -> JSON in
                let date = pages.today.adding(days: n)
                let answer = ScheduleAnswer(on: date, work: work, strings: strings)
                return .array([.string(date.iso8601), .string(answer.today), .string(answer.weekend)])
            }
            return (schedule.id, .array(days))
        }
        let json = JSON.object([
            ("built", .string(pages.today.iso8601)), ("timeZone", .string(site.config.timeZone)),
            ("days", .object(answers)),
            ("live", .string(strings.fill(strings.home.live, ["zone": strings.zoneName(site.config.timeZone)]))),
            ("stale", .string(strings.fill(strings.home.stale, ["date": strings.longDate(pages.today)]))),
        ])
        return String(decoding: json.serialized(), as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
    }
}
