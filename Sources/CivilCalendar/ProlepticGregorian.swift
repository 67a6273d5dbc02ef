/// The proleptic Gregorian calendar as arithmetic on integers: the Gregorian rules carried back
/// before 1582 and forward without end, with year 0 (1 BC) and negative years (astronomical
/// numbering).
///
/// A day number counts days since 1970-01-01 (negative before). The conversions are Howard
/// Hinnant's `days_from_civil` and `civil_from_days` (http://howardhinnant.github.io/date_algorithms.html):
/// no table, no loop, no `Calendar`, and exact far beyond any year calgen meets (its tests go to
/// year ±1,000,000). Pure: no Foundation, no clock, no time zone.
///
/// Fields are not checked: callers that take dates from outside check them first, with
/// ``daysInMonth(year:month:)``.
public enum ProlepticGregorian {
    /// The day number of a date (0 for 1970-01-01, negative before).
    ///
    /// `month` is 1...12 and `day` 1...``daysInMonth(year:month:)``; the number of any other
    /// fields is unspecified.
    @inlinable
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        // 146,097 days in a 400-year cycle (an era); 0000-03-01 is day -719,468.
        return era * 146_097 + doe - 719_468
    }

    /// The date of a day number (0 is 1970-01-01): the inverse of ``dayNumber(year:month:day:)``.
    @inlinable
    public static func date(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The ISO weekday of a day number: 1 for Monday … 7 for Sunday (1970-01-01 was a Thursday,
    /// 4). `weekday % 7` numbers from Sunday = 0 instead, as iCalendar's `BYDAY` list does.
    @inlinable
    public static func weekday(dayNumber: Int) -> Int {
        ((dayNumber % 7) + 7 + 3) % 7 + 1
    }

    /// Whether `year` has a February 29: every fourth year, but not a century year unless it is
    /// also a multiple of 400 (2000 and 2400 have one, 1900 and 2100 none).
    @inlinable
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days of a month, 28 to 31; 0 for a month outside 1...12.
    @inlinable
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }
}
