import CivilCalendar
import Foundation
import Testing

/// The arithmetic against computations that share none of its code: Foundation's Gregorian
/// calendar for 1900–2100, a count of whole years and the Julian day number formula of Fliegel
/// and Van Flandern for far dates, and dates known from elsewhere (Python's `date.toordinal`).
@Suite struct ProlepticGregorianTests {
    /// Foundation's Gregorian calendar in UTC (Julian before 1582-10-15, so used only after).
    static let gregorian: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The day number Foundation gives a date.
    static func foundationDayNumber(_ year: Int, _ month: Int, _ day: Int) throws -> Int {
        let date = try #require(gregorian.date(from: DateComponents(year: year, month: month, day: day)))
        return Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// Leap years as the rule reads, written apart from the module's.
    static func leap(_ year: Int) -> Bool { year % 400 == 0 || (year % 4 == 0 && year % 100 != 0) }

    /// The day number by counting whole years from 1970 and the months of the year.
    static func countedDayNumber(_ year: Int, _ month: Int, _ day: Int) -> Int {
        var days = 0
        if year >= 1970 {
            for y in 1970..<year { days += leap(y) ? 366 : 365 }
        } else {
            for y in year..<1970 { days -= leap(y) ? 366 : 365 }
        }
        let lengths = [31, leap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return days + lengths[0..<(month - 1)].reduce(0, +) + day - 1
    }

    /// The Julian day number (Fliegel and Van Flandern, 1968; its divisions truncate toward zero,
    /// right from -4713-11-24, day 0, on) less that of 1970-01-01, 2,440,588.
    static func julianDayNumber(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let a = (month - 14) / 12
        let jdn =
            (1461 * (year + 4800 + a)) / 4 + (367 * (month - 2 - 12 * a)) / 12
            - (3 * ((year + 4900 + a) / 100)) / 4 + day - 32_075
        return jdn - 2_440_588
    }

    @Test func everyDayFrom1900Through2100MatchesFoundation() throws {
        let first = try Self.foundationDayNumber(1900, 1, 1)
        let last = try Self.foundationDayNumber(2100, 12, 31)
        #expect(last - first + 1 == 73_414)
        var mismatches = [String]()
        for n in first...last {
            let fields = Self.gregorian.dateComponents(
                [.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: Double(n) * 86_400))
            let expected = (fields.year!, fields.month!, fields.day!)
            let date = ProlepticGregorian.date(dayNumber: n)
            // Foundation counts weekdays from Sunday = 1; ISO from Monday = 1.
            let isoWeekday = (fields.weekday! + 5) % 7 + 1
            if date != expected || ProlepticGregorian.dayNumber(year: expected.0, month: expected.1, day: expected.2) != n
                || ProlepticGregorian.weekday(dayNumber: n) != isoWeekday
            {
                mismatches.append("\(n): \(date) for \(expected), weekday \(isoWeekday)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func knownDayNumbers() {
        let known: [(Int, Int, Int, number: Int, weekday: Int)] = [
            (1970, 1, 1, 0, 4), (1969, 12, 31, -1, 3), (2000, 3, 1, 11_017, 3), (1900, 1, 1, -25_567, 1),
            (2100, 12, 31, 47_846, 5), (1, 1, 1, -719_162, 1), (0, 3, 1, -719_468, 3), (1582, 10, 15, -141_427, 5),
            (9999, 12, 31, 2_932_896, 5), (-4713, 11, 24, -2_440_588, 1),
        ]
        for (year, month, day, number, weekday) in known {
            #expect(ProlepticGregorian.dayNumber(year: year, month: month, day: day) == number, "\(year)-\(month)-\(day)")
            #expect(ProlepticGregorian.date(dayNumber: number) == (year, month, day), "\(number)")
            #expect(ProlepticGregorian.weekday(dayNumber: number) == weekday, "\(year)-\(month)-\(day)")
        }
    }

    @Test(arguments: [
        (-1_000_000, 1, 1), (-100_001, 2, 28), (-4801, 12, 31), (-400, 2, 29), (-1, 12, 31), (0, 2, 29), (1600, 2, 29),
        (5000, 6, 15), (100_000, 3, 1), (999_999, 12, 31),
    ])
    func farDatesMatchACountOfYears(year: Int, month: Int, day: Int) {
        let number = ProlepticGregorian.dayNumber(year: year, month: month, day: day)
        #expect(number == Self.countedDayNumber(year, month, day))
        if year >= -4713 { #expect(number == Self.julianDayNumber(year, month, day)) }
        // Every day of the two years around it, there and back, each the day after the one before.
        var previous = ProlepticGregorian.date(dayNumber: number - 366)
        for n in (number - 365)...(number + 366) {
            let date = ProlepticGregorian.date(dayNumber: n)
            #expect(ProlepticGregorian.dayNumber(year: date.year, month: date.month, day: date.day) == n)
            let lastOfMonth = previous.day == ProlepticGregorian.daysInMonth(year: previous.year, month: previous.month)
            let expected =
                !lastOfMonth
                ? (previous.year, previous.month, previous.day + 1)
                : previous.month == 12 ? (previous.year + 1, 1, 1) : (previous.year, previous.month + 1, 1)
            #expect(date == expected, "\(n)")
            #expect((1...7).contains(ProlepticGregorian.weekday(dayNumber: n)))
            previous = date
        }
    }

    @Test func leapYears() {
        for year in [2000, 2024, 1600, 2400, 0, -4, -400, 1996, 2096] { #expect(ProlepticGregorian.isLeapYear(year), "\(year)") }
        for year in [1900, 2100, 2023, 1800, -100, -1, 1, 2025, 1_000_000 + 100] {
            #expect(!ProlepticGregorian.isLeapYear(year), "\(year)")
        }
        for year in -2000...3000 { #expect(ProlepticGregorian.isLeapYear(year) == Self.leap(year)) }
    }

    @Test func monthLengthsMatchFoundationAndAddUpToTheYear() throws {
        for year in 1900...2100 {
            var total = 0
            for month in 1...12 {
                let first = try #require(Self.gregorian.date(from: DateComponents(year: year, month: month, day: 1)))
                let length = try #require(Self.gregorian.range(of: .day, in: .month, for: first)).count
                #expect(ProlepticGregorian.daysInMonth(year: year, month: month) == length, "\(year)-\(month)")
                total += length
            }
            #expect(total == (Self.leap(year) ? 366 : 365))
        }
        for year in -800...800 {
            let total = (1...12).reduce(0) { $0 + ProlepticGregorian.daysInMonth(year: year, month: $1) }
            #expect(total == (Self.leap(year) ? 366 : 365), "\(year)")
            let next = ProlepticGregorian.dayNumber(year: year + 1, month: 1, day: 1)
            #expect(next - ProlepticGregorian.dayNumber(year: year, month: 1, day: 1) == total, "\(year)")
        }
        for month in [-1, 0, 13, 100] { #expect(ProlepticGregorian.daysInMonth(year: 2024, month: month) == 0) }
    }
}
