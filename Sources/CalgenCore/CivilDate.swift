/// A day of the proleptic Gregorian calendar, with no time and no time zone.
///
/// Arithmetic runs on a day number (days since 1970-01-01), so adding days,
/// comparing and finding the weekday need no `Calendar`.
public struct CivilDate: Hashable, Comparable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date, or `nil` when the month or day does not exist (2021-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates the date with the given day number (0 = 1970-01-01).
    public init(dayNumber: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Parses exactly `YYYY-MM-DD`; `nil` for any other shape or an impossible date.
    public init?(iso string: String) {
        guard let (y, m, d) = CivilDate.parseNumbers(string) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The three numbers of exactly `YYYY-MM-DD`, not checked as a Gregorian date (a lunar
    /// date's 二月三十 has the same shape).
    public static func parseNumbers(_ string: String) -> (year: Int, month: Int, day: Int)? {
        let bytes = Array(string.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let y = CivilDate.number(bytes[0..<4]), let m = CivilDate.number(bytes[5..<7]),
            let d = CivilDate.number(bytes[8..<10])
        else { return nil }
        return (y, m, d)
    }

    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The ISO weekday.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (ISO 4).
        let r = ((dayNumber % 7) + 7 + 3) % 7
        return Weekday(rawValue: r + 1)!
    }

    /// Saturday or Sunday.
    public var isWeekend: Bool { weekday.isWeekend }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

    /// The following day.
    public var next: CivilDate { adding(days: 1) }

    /// The preceding day.
    public var previous: CivilDate { adding(days: -1) }

    /// `YYYY-MM-DD`.
    public var iso8601: String {
        var out = [UInt8]()
        out.reserveCapacity(10)
        CivilDate.appendDigits(year, width: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        CivilDate.appendDigits(month, width: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        CivilDate.appendDigits(day, width: 2, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `YYYYMMDD`, the iCalendar DATE form.
    public var basicISO8601: String {
        guard (0...9999).contains(year) else {
            var out = [UInt8]()
            CivilDate.appendDigits(year, width: 4, to: &out)
            CivilDate.appendDigits(month, width: 2, to: &out)
            CivilDate.appendDigits(day, width: 2, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        // Eight ASCII digits fit a small string: no heap allocation (feeds make millions of these).
        let value = year * 10_000 + month * 100 + day
        return String(unsafeUninitializedCapacity: 8) { buffer in
            var rest = value
            for i in stride(from: 7, through: 0, by: -1) {
                buffer[i] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return 8
        }
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Whether `year` has a February 29.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days of a month (0 for a month outside 1...12).
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }

    /// Every date of a year, in order.
    public static func days(ofYear year: Int) -> [CivilDate] {
        let first = CivilDate(year: year, month: 1, day: 1)!.dayNumber
        let last = CivilDate(year: year, month: 12, day: 31)!.dayNumber
        return (first...last).map(CivilDate.init(dayNumber:))
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    static func appendDigits(_ value: Int, width: Int, to out: inout [UInt8]) {
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: width)
        var v = value
        var i = width - 1
        while i >= 0 {
            digits[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
            i -= 1
        }
        out.append(contentsOf: digits)
    }
}

extension CivilDate: CustomStringConvertible {
    public var description: String { iso8601 }
}
