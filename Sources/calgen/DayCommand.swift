import ArgumentParser
import CalgenCore
import CalgenKit
import Foundation

struct DayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "day",
        abstract: "Show whether a date is a legal workday, and why.",
        discussion: """
            Prints the weekday, the kind of day (workday, weekend, holiday, makeupWorkday), the \
            holiday's name, the lunar date and whether the year's arrangement is announced. \
            `today` and `tomorrow` are taken in the site's time zone.
            """
    )

    @Argument(help: ArgumentHelp("A date (YYYY-MM-DD), `today` or `tomorrow`.", valueName: "date"))
    var date: String

    @OptionGroup var contentOption: ContentOption

    @Flag(name: .long, help: "Print the day API object (as in api/days/YYYY-MM-DD.json).")
    var json = false

    func run() throws {
        let loader = ContentLoader(contentDirectory: contentOption.content)
        let calendar: HolidayCalendar
        do {
            calendar = try loader.loadCalendar()
        } catch {
            DiagnosticPrinter.print(error, outputDirectory: nil)
            throw ExitCode.failure
        }
        let timeZone = (try? loader.loadConfig().timeZone) ?? Calgen.defaultTimeZone
        guard let day = try resolve(date, timeZone: timeZone) else {
            throw ValidationError("\"\(date)\" is not a date; write it as YYYY-MM-DD (e.g. 2026-10-08), today or tomorrow")
        }
        if json {
            print(DayAPI.json(for: day, in: calendar))
            return
        }
        let status = calendar.status(of: day)
        let kind: String
        switch status.kind {
        case .workday: kind = "workday (工作日)"
        case .weekend: kind = "weekend (周末)"
        case .holiday: kind = "holiday (休)"
        case .makeupWorkday: kind = "makeupWorkday (补班, a weekend day worked)"
        }
        var holiday = "—"
        if let name = status.name {
            holiday = name + (status.originalName.map { $0 != name ? " (listed as \($0))" : "" } ?? "")
        }
        let lunar = (try? LunarCalendar.lunarDate(for: day)).map { "\($0.year)年\($0.text)" } ?? "— (outside 1901–2100)"
        let announced =
            status.isAnnounced
            ? "yes, the \(day.year) arrangement is published"
            : "no, the \(day.year) arrangement is not published yet: only weekdays and weekends are known"
        print(
            """
            date       \(day.iso8601) \(status.weekday.chineseName) \(status.weekday.englishName)
            kind       \(kind)
            off day    \(status.isOffDay ? "yes" : "no")
            name       \(holiday)
            lunar      \(lunar)
            announced  \(announced)
            """)
    }

    private func resolve(_ text: String, timeZone: String) throws -> CivilDate? {
        if let d = CivilDate(iso: text) { return d }
        let offset: Int
        switch text.lowercased() {
        case "today": offset = 0
        case "tomorrow": offset = 1
        default: return nil
        }
        // "Now" as a build takes it: SOURCE_DATE_EPOCH when set (a bad one is an error), else the clock.
        let now = try BuildNow.resolve(sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], option: nil)
        return SiteConfig.civilDate(of: now, inTimeZone: timeZone).adding(days: offset)
    }
}
