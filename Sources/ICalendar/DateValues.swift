import CivilCalendar

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

    /// The date with the given day number (0 = 1970-01-01).
    init(dayNumber: Int) {
        (year, month, day) = ProlepticGregorian.date(dayNumber: dayNumber)
    }

    /// Days since 1970-01-01 (negative before).
    var dayNumber: Int { ProlepticGregorian.dayNumber(year: year, month: month, day: day) }

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

    /// As `write(_:to:)`, with the name of `cache` and the name and parameter taken from it.
    func write(to writer: inout ContentLineWriter, cache: inout TimePrefixCache) {
        switch self {
        case .date(let d): writer.date(prefix: cache.prefix(zone: nil, date: true), d)
        case .local(let t, let zone): writer.dateTime(prefix: cache.prefix(zone: zone, date: false), t, utc: false)
        case .utc(let t): writer.dateTime(prefix: cache.prefix(zone: nil, date: false), t, utc: true)
        }
    }
}
