import Foundation

/// A `VTIMEZONE` (RFC 5545 §3.6.5) derived from the system time zone database: one observance
/// per offset change within the covered range, so that it describes any IANA zone exactly
/// there, daylight saving time included.
public struct TimeZoneComponent: Hashable, Sendable {
    /// One period with one UTC offset, starting at a local time.
    public struct Observance: Hashable, Sendable {
        public let isDaylight: Bool
        /// The local wall-clock time at which it starts, in the offset before it.
        public let start: ICalDateTime
        public let offsetFrom: Int
        public let offsetTo: Int
        public let name: String?
    }

    public let identifier: String
    public let observances: [Observance]

    /// The component for `identifier` over `from..<to`; `nil` when the system does not know the zone.
    public init?(identifier: String, from: Date, to: Date) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        var observances = [Observance]()
        let initial = zone.secondsFromGMT(for: from)
        observances.append(
            Observance(
                isDaylight: zone.isDaylightSavingTime(for: from),
                start: TimeZoneComponent.local(from, offset: initial), offsetFrom: initial, offsetTo: initial,
                name: zone.abbreviation(for: from)))
        var instant = from
        while let next = zone.nextDaylightSavingTimeTransition(after: instant), next < to, next > instant {
            let before = zone.secondsFromGMT(for: next.addingTimeInterval(-1))
            let after = zone.secondsFromGMT(for: next)
            if before != after {
                observances.append(
                    Observance(
                        isDaylight: zone.isDaylightSavingTime(for: next),
                        start: TimeZoneComponent.local(next, offset: before), offsetFrom: before, offsetTo: after,
                        name: zone.abbreviation(for: next)))
            }
            instant = next
        }
        self.observances = observances
    }

    /// The wall-clock fields of an instant at a UTC offset.
    static func local(_ instant: Date, offset: Int) -> ICalDateTime {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + offset
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let rest = seconds - days * 86_400
        return ICalDateTime(
            date: civil(fromDays: days), hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
    }

    /// Howard Hinnant's civil_from_days.
    static func civil(fromDays days: Int) -> ICalDate {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return ICalDate(year: yoe + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// The UTC fields of an instant (for `DTSTAMP` and `UNTIL`).
    public static func utcFields(_ instant: Date) -> ICalDateTime { local(instant, offset: 0) }

    /// `+0800`, `-0430`.
    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let m = abs(seconds) / 60
        var text = sign
        ICalDate.pad(m / 60, 2, &text)
        ICalDate.pad(m % 60, 2, &text)
        if abs(seconds) % 60 != 0 { ICalDate.pad(abs(seconds) % 60, 2, &text) }
        return text
    }

    func write(to writer: inout ContentLineWriter) {
        writer.begin("VTIMEZONE")
        writer.text("TZID", identifier)
        for o in observances {
            let kind = o.isDaylight ? "DAYLIGHT" : "STANDARD"
            writer.begin(kind)
            writer.line("DTSTART", raw: o.start.value)
            writer.line("TZOFFSETFROM", raw: TimeZoneComponent.offset(o.offsetFrom))
            writer.line("TZOFFSETTO", raw: TimeZoneComponent.offset(o.offsetTo))
            if let name = o.name { writer.text("TZNAME", name) }
            writer.end(kind)
        }
        writer.end("VTIMEZONE")
    }
}
