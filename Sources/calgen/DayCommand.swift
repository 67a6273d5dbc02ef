import ArgumentParser
import CalgenCore
import CalgenLoad
import CalgenModel
import CalgenRender
import Foundation

struct DayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "day",
        abstract: "Show whether a date is a legal workday, and everything else calgen knows about it.",
        discussion: """
            Prints the weekday, the kind of day (workday, weekend, holiday, makeupWorkday), the \
            holiday's name, whether it is a statutory day, the lunar date, the solar term and \
            festivals, the neighbouring workdays, the workday's number in its year and the next \
            holiday. `today` and `tomorrow` are taken in the site's time zone. A range \
            (2026-01-01..2026-12-31) prints one line per day, or with --json one API object per \
            line. Dates of 1901–2100 are answered; what depends on an unannounced year is unknown.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "A date (YYYY-MM-DD), `today`, `tomorrow`, or a range FIRST..LAST of those.", valueName: "date"))
    var date: String

    @OptionGroup var contentOption: ContentOption

    @Flag(name: .long, help: "Print the day API object (as in api/days/YYYY-MM-DD.json), one per line for a range.")
    var json = false

    @Flag(
        name: .long,
        help:
            "Read the date as a lunar date (YYYY-MM-DD: the lunar year as numbered by its 正月初一, month 1–12, day 1–30) and answer for its day."
    )
    var lunar = false

    @Flag(name: .long, help: "With --lunar: the leap month (闰月) after the month given.")
    var leap = false

    @Option(
        name: .customLong("add-workdays"), parsing: .unconditional,
        help: ArgumentHelp("Answer for the N-th workday after the date (before it when negative).", valueName: "N"))
    var addWorkdays: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also answer by the work schedule of Content/schedules/<id>.yml: worked, off or unknown, the shift and why.",
            valueName: "id"))
    var schedule: String?

    func validate() throws {
        // The shape of the arguments; "today" is read in run(), in the site's time zone.
        do {
            _ = try arguments(today: { LunarCalendar.firstSupportedDate })
        } catch let error as DayArgumentError where error.isUsage {
            throw ValidationError(error.message, fix: error.fix)
        } catch {}
    }

    /// The arguments checked by `DayArguments`, with `today` from `today`.
    private func arguments(today: () throws -> CivilDate) throws -> DayArguments {
        try DayArguments.parse(
            date, lunar: lunar, leap: leap, addWorkdays: addWorkdays, schedule: schedule, today: today)
    }

    func run() throws {
        let loader = ContentLoader(contentDirectory: contentOption.content)
        let calendar: HolidayCalendar
        do {
            calendar = try loader.loadCalendar()
        } catch {
            DiagnosticPrinter.print(error, outputDirectory: nil)
            throw ExitCode.failure
        }
        // The site's time zone and festivals, as its day API has them; the defaults without site.yml.
        let config = try? loader.loadConfig()
        let timeZone = config?.timeZone ?? Calgen.defaultTimeZone
        let asked: DayArguments
        do {
            asked = try arguments(today: { try today(timeZone: timeZone) })
        } catch let error as DayArgumentError {
            if error.isUsage { throw ValidationError(error.message, fix: error.fix) }
            try fail(error.message, fix: error.fix)
        }
        let (first, last) = (asked.first, asked.last)
        if let lunarDate = asked.lunar, !json { print("lunar \(lunarDate.description) is \(first.iso8601)\n") }
        let almanac = Almanac(calendar: calendar, years: asked.almanacYears, festivals: config?.festivals ?? Festival.all)
        let work = try schedule.map { try evaluator(id: $0, loader: loader, almanac: almanac) }
        if let work {
            try answer(by: work, first: first, last: last, almanac: almanac)
            return
        }
        if let addWorkdays {
            guard let result = calendar.workday(addWorkdays, from: first) else {
                try fail(
                    "the \(ordinal(addWorkdays)) workday from \(first.iso8601) is not known yet: the count reaches a year whose arrangement is not announced or not in the data",
                    fix: DayCommand.waitForTheNotice)
            }
            if json {
                print(DayAPI.json(for: result, in: almanac))
            } else {
                print("\(ordinal(addWorkdays)) workday from \(first.iso8601): \(result.iso8601)\n")
                print(DayText.block(almanac.day(result)))
            }
            return
        }
        if !asked.isRange {
            print(json ? DayAPI.json(for: first, in: almanac) : DayText.block(almanac.day(first)))
            return
        }
        var out = ""
        for dayNumber in first.dayNumber...last.dayNumber {
            let day = CivilDate(dayNumber: dayNumber)
            out += json ? DayAPI.json(for: day, in: almanac) : DayText.line(almanac.day(day))
            out += "\n"
            if out.utf8.count > 1 << 16 {
                FileHandle.standardOutput.write(Data(out.utf8))
                out = ""
            }
        }
        if !json {
            // "How many workdays between A and B": the range's days counted.
            out += DayText.tally(almanac.tally(from: first, through: last), from: first, through: last) + "\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    /// The schedule `id` of the content, or an error naming the schedules there.
    private func evaluator(id: String, loader: ContentLoader, almanac: Almanac) throws -> ScheduleEvaluator {
        let schedules: [WorkSchedule]
        do {
            schedules = try loader.loadSchedules()
        } catch {
            DiagnosticPrinter.print(error, outputDirectory: nil)
            throw ExitCode.failure
        }
        guard let schedule = schedules.first(where: { $0.id == id }) else {
            let known = schedules.map(\.id).joined(separator: ", ")
            try fail(
                "no schedule \"\(Terminal.safe(id))\" in Content/schedules/",
                fix: known.isEmpty ? "add Content/schedules/\(Terminal.safe(id)).yml" : "use one of: \(known)")
        }
        return ScheduleEvaluator(schedule: schedule, almanac: almanac)
    }

    /// The answers of a work schedule: for one date its block with the schedule's line (or the
    /// schedule API's object), for a range a line per date and a count; with --add-workdays the
    /// N-th day the schedule works.
    private func answer(by work: ScheduleEvaluator, first: CivilDate, last: CivilDate, almanac: Almanac) throws {
        var first = first
        if let addWorkdays {
            guard let found = work.worked(addWorkdays, from: first) else {
                try fail(
                    "the \(ordinal(addWorkdays)) day \(work.schedule.id) works from \(first.iso8601) is not known yet: the count reaches a day the published arrangement cannot decide",
                    fix: DayCommand.waitForTheNotice)
            }
            if !json {
                print("\(ordinal(addWorkdays)) day worked by \(work.schedule.id) from \(first.iso8601): \(found.iso8601)\n")
            }
            first = found
        }
        let last = addWorkdays == nil ? last : first
        let strings = SiteStrings(language: .english)
        let name = "\(work.schedule.name) (\(work.schedule.id))"
        if first == last, !date.contains("..") {
            let day = work.day(first)
            if json {
                print(ScheduleAPI.json(for: day))
            } else {
                print(DayText.block(almanac.day(first)))
                print("schedule     \(Terminal.safe(name)): \(Terminal.safe(strings.scheduleLine(day, schedule: work.schedule)))")
            }
            return
        }
        var out = ""
        let days = work.days(from: first, through: last)
        for day in days {
            out +=
                json
                ? ScheduleAPI.json(for: day)
                : DayText.line(almanac.day(day.date)) + " | " + Terminal.safe(strings.scheduleLine(day, schedule: work.schedule))
            out += "\n"
        }
        if !json {
            let half = days.count { $0.work == .worked && $0.isHalfDay }
            out += "\(Terminal.safe(name)), \(first.iso8601)..\(last.iso8601): \(days.count { $0.work == .worked }) worked"
            out += half > 0 ? " (\(half) half days)" : ""
            out += ", \(days.count { $0.work == .off }) off"
            let unknown = days.count { $0.work == .unknown }
            out += unknown > 0 ? ", \(unknown) unknown (not announced)\n" : "\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    static let waitForTheNotice = "wait for the State Council notice and update Content/holidays/"

    /// Prints `error: message` and its fix, and ends the command with a failure.
    private func fail(_ message: String, fix: String) throws -> Never {
        Terminal.write(Terminal.styled("error: ", .error) + message + "\n  fix: " + fix + "\n")
        throw ExitCode.failure
    }

    private func ordinal(_ n: Int) -> String {
        SiteStrings.ordinal(abs(n)) + (n < 0 ? " previous" : "")
    }

    /// Today in `timeZone`, as a build takes "now": SOURCE_DATE_EPOCH when set (a bad one is an
    /// error), else the clock.
    private func today(timeZone: String) throws -> CivilDate {
        let now = try BuildNow.resolve(sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], option: nil)
        return SiteConfig.civilDate(of: now, inTimeZone: timeZone)
    }
}
