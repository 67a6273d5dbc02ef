import CalgenCore

/// What `calgen day` is asked, checked before anything is computed: a pure function of the
/// command line's words and of "today", which answers every input with arguments or an error
/// that names the accepted range, and never traps. Whatever it accepts, `calgen day` can answer
/// without arithmetic leaving 1901–2100.
public struct DayArguments: Equatable, Sendable {
    /// The first date asked for.
    public var first: CivilDate
    /// The last date asked for (`first` for one date).
    public var last: CivilDate
    /// Whether the date was written as a range `FIRST..LAST` (a range of one day prints as one).
    public var isRange: Bool
    /// With `--lunar`, the lunar date asked for (`first` is its day).
    public var lunar: LunarDate?
    /// `--add-workdays N`: never 0, at most `workdayLimit` away.
    public var addWorkdays: Int?
    /// `--schedule ID`.
    public var schedule: String?

    /// The dates `calgen day` answers for: those of the lunar calendar and solar terms.
    public static let years = Limits.years
    /// The largest count of `--add-workdays`, either way: 1901–2100 holds fewer workdays.
    public static let workdayLimit = 100_000
    /// The longest `--schedule` id (a file name in `Content/schedules/`).
    public static let scheduleIDLimit = 200

    static let supported = "\(years.lowerBound)-01-01..\(years.upperBound)-12-31"

    /// The arguments of `calgen day DATE [--lunar [--leap]] [--add-workdays N] [--schedule ID]`.
    /// `today` gives the date `today` and `tomorrow` count from; it is called only for them.
    public static func parse(
        _ date: String, lunar: Bool = false, leap: Bool = false, addWorkdays: Int? = nil, schedule: String? = nil,
        today: () throws -> CivilDate
    ) throws -> DayArguments {
        let isRange = date.contains("..")
        if let n = addWorkdays {
            if isRange { throw DayArgumentError("--add-workdays takes one date, not a range") }
            if n == 0 {
                throw DayArgumentError(
                    "--add-workdays 0 counts no workday",
                    fix:
                        "to ask whether \(shown(date)) is a workday, leave out --add-workdays; for the next one give 1, for the previous -1"
                )
            }
            guard (-workdayLimit...workdayLimit).contains(n) else {
                throw DayArgumentError(
                    "--add-workdays takes a count from -\(workdayLimit) to \(workdayLimit), not \(n)",
                    fix: "every count that stays within \(supported) is in that range")
            }
        }
        if leap, !lunar {
            throw DayArgumentError("--leap goes with --lunar", fix: "calgen day --lunar 2023-02-15 --leap")
        }
        if let schedule {
            guard !schedule.isEmpty, schedule.utf8.count <= scheduleIDLimit,
                schedule.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "\\") })
            else {
                throw DayArgumentError(
                    "--schedule takes the id of a file in Content/schedules/ (its name without .yml), not \"\(shown(schedule))\"",
                    fix: "give an id such as `night-shift`, at most \(scheduleIDLimit) bytes")
            }
        }
        var arguments: DayArguments
        if lunar {
            arguments = try lunarDay(date, leap: leap)
        } else {
            let (first, last) = try range(date, today: today)
            arguments = DayArguments(first: first, last: last, isRange: isRange)
        }
        arguments.addWorkdays = addWorkdays
        arguments.schedule = schedule
        return arguments
    }

    /// The years an almanac must cover to answer: the dates asked for, and with a schedule's
    /// `--add-workdays` the ten years the count may reach, within `years`.
    public var almanacYears: ClosedRange<Int> {
        let reach = schedule != nil && addWorkdays != nil ? 11 : 0
        return max(DayArguments.years.lowerBound, first.year - reach)...min(DayArguments.years.upperBound, last.year + reach)
    }

    init(first: CivilDate, last: CivilDate, isRange: Bool, lunar: LunarDate? = nil) {
        self.first = first
        self.last = last
        self.isRange = isRange
        self.lunar = lunar
    }

    /// The day of a lunar date `YYYY-MM-DD` of lunar years 1901–2100.
    private static func lunarDay(_ text: String, leap: Bool) throws -> DayArguments {
        guard !text.contains(".."), let (year, month, day) = CivilDate.parseNumbers(text) else {
            throw DayArgumentError(
                "with --lunar, \"\(shown(text))\" must be one lunar date written YYYY-MM-DD",
                fix: "e.g. 2031-08-15 for 八月十五 of 2031")
        }
        let lunarDate = LunarDate(year: year, month: month, day: day, isLeapMonth: leap)
        guard years.contains(year) else {
            throw DayArgumentError(
                "lunar year \(year) is outside the supported lunar years \(years.lowerBound)–\(years.upperBound)",
                fix: "give a lunar date of \(years.lowerBound)–\(years.upperBound)")
        }
        let date: CivilDate
        do {
            date = try LunarCalendar.gregorianDate(for: lunarDate)
        } catch {
            let leapMonth = LunarCalendar.leapMonth(inYear: year).map { "闰\(LunarDate.monthName($0))" }
            let fix =
                switch error {
                case .noSuchMonth:
                    !(1...12).contains(month)
                        ? "give a month from 1 to 12"
                        : leapMonth.map { "lunar \(year) has one leap month, \($0)" }
                            ?? "lunar \(year) has no leap month: leave out --leap"
                case .noSuchDay(_, let length):
                    "give a day from 1 to \(length), e.g. the month's last day (--lunar \(text.prefix(8))\(length < 10 ? "0" : "")\(length))"
                case .outOfRange: "give a lunar date whose day lies within \(supported)"
                }
            throw DayArgumentError(error.description, fix: fix, isUsage: false)
        }
        return DayArguments(first: date, last: date, isRange: false, lunar: lunarDate)
    }

    /// The first and last date of `YYYY-MM-DD`, `today`, `tomorrow` or `FIRST..LAST` of those.
    private static func range(_ text: String, today: () throws -> CivilDate) throws -> (CivilDate, CivilDate) {
        let parts = text.components(separatedBy: "..")
        guard parts.count <= 2 else {
            throw DayArgumentError("\"\(shown(text))\" is not a range", fix: "write FIRST..LAST, e.g. 2026-01-01..2026-12-31")
        }
        var dates = [CivilDate]()
        for part in parts {
            let day: CivilDate
            if let d = CivilDate(iso: part) {
                day = d
            } else if let offset = ["today": 0, "tomorrow": 1][part.lowercased()] {
                day = try today().adding(days: offset)
                guard years.contains(day.year) else {
                    throw DayArgumentError(
                        "\(part.lowercased()) is \(day.iso8601), outside the supported dates \(supported)",
                        fix: "give a date within \(supported)")
                }
            } else {
                throw DayArgumentError(
                    "\"\(shown(part))\" is not a date", fix: "write it as YYYY-MM-DD (e.g. 2026-10-08), today or tomorrow")
            }
            guard years.contains(day.year) else {
                throw DayArgumentError(
                    "\(day.iso8601) is outside the supported dates \(supported), where the lunar calendar and solar terms are known",
                    fix: "give a date within \(supported)")
            }
            dates.append(day)
        }
        guard let first = dates.first, let last = dates.last else {
            throw DayArgumentError("no date was given", fix: "write it as YYYY-MM-DD (e.g. 2026-10-08), today or tomorrow")
        }
        guard first <= last else {
            throw DayArgumentError("the range \(shown(text)) ends before it starts", fix: "write the earlier date first")
        }
        return (first, last)
    }

    /// At most 40 characters of what was typed, control characters written as `\u{1B}`.
    static func shown(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(40) {
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 {
                out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Why `calgen day` refuses its arguments: a message naming the accepted range, and its fix.
public struct DayArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, in one line.
    public var message: String
    /// What to give instead.
    public var fix: String
    /// A usage error (exit 64), or a date that does not exist (a lunar month that year lacks, exit 1).
    public var isUsage: Bool

    public init(message: String, fix: String, isUsage: Bool) {
        self.message = message
        self.fix = fix
        self.isUsage = isUsage
    }

    init(_ message: String, fix: String = "see calgen day --help", isUsage: Bool = true) {
        self.message = message
        self.fix = fix
        self.isUsage = isUsage
    }

    public var description: String { message }
}
