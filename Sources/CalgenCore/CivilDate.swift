import CivilCalendar

/// A day of the proleptic Gregorian calendar, with no time and no time zone.
///
/// Arithmetic runs on a day number (days since 1970-01-01, `ProlepticGregorian` of the
/// CivilCalendar target), so adding days, comparing and finding the weekday need no `Calendar`.
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
        (year, month, day) = ProlepticGregorian.date(dayNumber: dayNumber)
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
    public var dayNumber: Int { ProlepticGregorian.dayNumber(year: year, month: month, day: day) }

    /// The ISO weekday.
    public var weekday: Weekday { Weekday(rawValue: ProlepticGregorian.weekday(dayNumber: dayNumber))! }

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
        if (0...9999).contains(year) {
            // Ten bytes fit a small string: no allocation.
            let (year, month, day) = (self.year, self.month, self.day)
            return String(unsafeUninitializedCapacity: 10) { buffer in
                buffer[0] = UInt8(ascii: "0") + UInt8(year / 1000)
                buffer[1] = UInt8(ascii: "0") + UInt8(year / 100 % 10)
                buffer[2] = UInt8(ascii: "0") + UInt8(year / 10 % 10)
                buffer[3] = UInt8(ascii: "0") + UInt8(year % 10)
                buffer[4] = UInt8(ascii: "-")
                buffer[5] = UInt8(ascii: "0") + UInt8(month / 10)
                buffer[6] = UInt8(ascii: "0") + UInt8(month % 10)
                buffer[7] = UInt8(ascii: "-")
                buffer[8] = UInt8(ascii: "0") + UInt8(day / 10)
                buffer[9] = UInt8(ascii: "0") + UInt8(day % 10)
                return 10
            }
        }
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

    /// The number of days of a month (0 for a month outside 1...12).
    public static func daysInMonth(year: Int, month: Int) -> Int { ProlepticGregorian.daysInMonth(year: year, month: month) }

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
