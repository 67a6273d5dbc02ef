/// Why a lunar conversion has no answer.
public enum LunarCalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The date lies outside 1901-01-01 … 2100-12-31, where the tables are trusted.
    case outOfRange(String)
    /// The lunar month does not exist (a leap month that year does not have, month 13).
    case noSuchMonth(LunarDate)
    /// The lunar month is shorter than the day asked for (三十 in a 29-day month).
    case noSuchDay(LunarDate, monthLength: Int)

    public var description: String {
        switch self {
        case .outOfRange(let what):
            return "\(what) is outside the supported range 1901-01-01 … 2100-12-31"
        case .noSuchMonth(let date):
            return "lunar year \(date.year) has no month \(date.monthName)"
        case .noSuchDay(let date, let length):
            return "\(date.year)年\(date.monthName) has \(length) days, so it has no \(date.dayName)"
        }
    }
}

/// Gregorian ↔ Chinese lunar conversion for 1901–2100.
///
/// The months come from a table compiled in (``LunarMonthTable/years``, generated from the Hong Kong
/// Observatory's conversion tables), the same on every platform; conversions are table look-ups.
public enum LunarCalendar {
    /// The first Gregorian date supported.
    public static let firstSupportedDate = CivilDate(year: 1901, month: 1, day: 1)!
    /// The last Gregorian date supported.
    public static let lastSupportedDate = CivilDate(year: 2100, month: 12, day: 31)!

    /// The lunar date of a Gregorian date.
    public static func lunarDate(for date: CivilDate) throws(LunarCalendarError) -> LunarDate {
        guard firstSupportedDate <= date, date <= lastSupportedDate else { throw .outOfRange(date.iso8601) }
        let table = LunarMonthTable.shared
        let dn = date.dayNumber
        // The last month starting on or before `dn`.
        var lo = 0
        var hi = table.months.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if table.months[mid].start <= dn { lo = mid } else { hi = mid - 1 }
        }
        let m = table.months[lo]
        return LunarDate(year: m.year, month: m.month, day: dn - m.start + 1, isLeapMonth: m.isLeap)
    }

    /// The Gregorian date of a lunar date.
    public static func gregorianDate(for lunar: LunarDate) throws(LunarCalendarError) -> CivilDate {
        let table = LunarMonthTable.shared
        guard let i = table.index[MonthKey(year: lunar.year, month: lunar.month, isLeap: lunar.isLeapMonth)] else {
            if lunar.year < 1900 || lunar.year > 2100 { throw .outOfRange("lunar year \(lunar.year)") }
            throw .noSuchMonth(lunar)
        }
        let m = table.months[i]
        guard lunar.day >= 1, lunar.day <= m.length else { throw .noSuchDay(lunar, monthLength: m.length) }
        let date = CivilDate(dayNumber: m.start + lunar.day - 1)
        guard firstSupportedDate <= date, date <= lastSupportedDate else { throw .outOfRange(lunar.description) }
        return date
    }

    /// The leap month of a lunar year (4 for 2020's 闰四月), or `nil`.
    public static func leapMonth(inYear year: Int) -> Int? {
        LunarMonthTable.shared.leapMonths[year]
    }

    /// The length of a lunar month (29 or 30), or `nil` when it does not exist.
    public static func monthLength(year: Int, month: Int, isLeap: Bool = false) -> Int? {
        let table = LunarMonthTable.shared
        return table.index[MonthKey(year: year, month: month, isLeap: isLeap)].map { table.months[$0].length }
    }
}

struct MonthKey: Hashable, Sendable {
    let year: Int
    let month: Int
    let isLeap: Bool
}

/// Every lunar month from 1900's 正月 (1900-01-31) to 2100's 腊月, which covers 2100-12-31.
struct LunarMonthTable: Sendable {
    struct Month: Sendable {
        let start: Int  // day number of 初一
        let length: Int
        let year: Int
        let month: Int
        let isLeap: Bool
    }

    let months: [Month]
    let index: [MonthKey: Int]
    let leapMonths: [Int: Int]

    static let shared = LunarMonthTable.build()

    /// Unpacks ``years`` into months, each starting the day after the one before.
    static func build() -> LunarMonthTable {
        var months = [Month]()
        months.reserveCapacity(years.count * 13)
        for (i, word) in years.enumerated() {
            let year = firstYear + i
            let leap = Int(word >> 16 & 0xF)
            var start = CivilDate(year: year, month: 1, day: 1)!.dayNumber + Int(word >> 20)
            assert(months.last.map { $0.start + $0.length == start } ?? true, "lunar year \(year) does not follow on")
            var order = 0
            for month in 1...12 {
                for isLeap in month == leap ? [false, true] : [false] {
                    let length = word >> order & 1 == 1 ? 30 : 29
                    months.append(Month(start: start, length: length, year: year, month: month, isLeap: isLeap))
                    start += length
                    order += 1
                }
            }
        }
        var index = [MonthKey: Int]()
        var leaps = [Int: Int]()
        for (i, m) in months.enumerated() {
            index[MonthKey(year: m.year, month: m.month, isLeap: m.isLeap)] = i
            if m.isLeap { leaps[m.year] = m.month }
        }
        return LunarMonthTable(months: months, index: index, leapMonths: leaps)
    }
}
