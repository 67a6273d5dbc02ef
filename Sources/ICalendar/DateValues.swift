/// A DATE value (`20261001`).
public struct ICalDate: Hashable, Comparable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    }

    /// The number of days of a month of the proleptic Gregorian calendar.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        default: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        }
    }

    /// `YYYYMMDD`.
    public var value: String {
        var text = ""
        text.reserveCapacity(8)
        ICalDate.pad(year, 4, &text)
        ICalDate.pad(month, 2, &text)
        ICalDate.pad(day, 2, &text)
        return text
    }

    static func pad(_ n: Int, _ width: Int, _ text: inout String) {
        let digits = String(n)
        if digits.count < width { text += String(repeating: "0", count: width - digits.count) }
        text += digits
    }

    public static func < (a: ICalDate, b: ICalDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
}

/// A DATE-TIME value's fields (`20261001T085000`), local or UTC depending on use.
public struct ICalDateTime: Hashable, Comparable, Sendable {
    public let date: ICalDate
    public let hour: Int
    public let minute: Int
    public let second: Int

    public init(date: ICalDate, hour: Int, minute: Int, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// `YYYYMMDDTHHMMSS`, without a zone designator.
    public var value: String {
        var text = date.value + "T"
        ICalDate.pad(hour, 2, &text)
        ICalDate.pad(minute, 2, &text)
        ICalDate.pad(second, 2, &text)
        return text
    }

    /// `YYYYMMDDTHHMMSSZ`.
    public var utcValue: String { value + "Z" }

    public static func < (a: ICalDateTime, b: ICalDateTime) -> Bool {
        (a.date, a.hour, a.minute, a.second) < (b.date, b.hour, b.minute, b.second)
    }
}

/// When an event starts or ends: a whole day, a wall-clock time in a time zone that the
/// calendar describes with a `VTIMEZONE`, or an instant in UTC (for a wall-clock time the zone
/// skips or repeats, which readers would place differently).
public enum ICalTime: Hashable, Sendable {
    case date(ICalDate)
    case local(ICalDateTime, timeZone: String)
    case utc(ICalDateTime)

    /// Writes `NAME;VALUE=DATE:…`, `NAME;TZID=…:…` or `NAME:…Z`.
    func write(_ name: String, to writer: inout ContentLineWriter) {
        switch self {
        case .date(let d): writer.date(name, d)
        case .local(let t, let zone): writer.dateTime(name, t, timeZone: zone)
        case .utc(let t): writer.dateTime(name, t, timeZone: nil)
        }
    }
}
