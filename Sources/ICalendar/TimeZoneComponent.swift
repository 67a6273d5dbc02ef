import CivilCalendar
import Foundation

/// A `VTIMEZONE` (RFC 5545 §3.6.5) derived from the system time zone database, exact over the
/// covered range, daylight saving time included.
///
/// Where the zone follows a yearly rule ("the second Sunday of March at 02:00"), the rule is one
/// `STANDARD` or `DAYLIGHT` section with an `RRULE`, starting at the first change under that rule
/// (as Outlook, Google and Apple export zones): Outlook reads only such sections, and some parsers
/// fail on a list of one-off ones. Changes that follow no yearly rule (a rule that changed, a
/// one-off shift of the standard offset) get a section each; a rule that stops gets an `UNTIL`.
public struct TimeZoneComponent: Hashable, Sendable {
    /// One period with one UTC offset, starting at a local time and perhaps recurring yearly.
    public struct Observance: Hashable, Sendable {
        public let isDaylight: Bool
        /// The local wall-clock time at which it starts, in the offset before it.
        public let start: ICalDateTime
        public let offsetFrom: Int
        public let offsetTo: Int
        public let name: String?
        /// An `RRULE` value (`FREQ=YEARLY;BYMONTH=3;BYDAY=2SU`), or `nil` for a single change.
        public let recurrence: String?
    }

    public let identifier: String
    public let observances: [Observance]

    /// How far before the covered range changes are read, to find where the rule in force began.
    static let lookBackYears = 30.0

    /// The component for `identifier` over `from..<to`; `nil` when the system does not know the zone.
    public init?(identifier: String, from: Date, to: Date) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        let lookBack = from.addingTimeInterval(-TimeZoneComponent.lookBackYears * 365.2425 * 86_400)
        var transitions = [Transition]()
        var instant = lookBack
        while let next = zone.nextDaylightSavingTimeTransition(after: instant), next < to, next > instant {
            let before = zone.secondsFromGMT(for: next.addingTimeInterval(-1))
            let after = zone.secondsFromGMT(for: next)
            if before != after {
                transitions.append(
                    Transition(
                        instant: next, local: TimeZoneComponent.local(next, offset: before), offsetFrom: before,
                        offsetTo: after, isDaylight: zone.isDaylightSavingTime(for: next), name: zone.abbreviation(for: next)))
            }
            instant = next
        }
        // The offset in force at the start of the range, as a section of its own.
        let offset = zone.secondsFromGMT(for: from)
        let atStart = Observance(
            isDaylight: zone.isDaylightSavingTime(for: from), start: TimeZoneComponent.local(from, offset: offset),
            offsetFrom: offset, offsetTo: offset, name: zone.abbreviation(for: from), recurrence: nil)
        guard transitions.contains(where: { $0.instant >= from }) else {
            // The offset does not change over the range: that one section says it.
            observances = [atStart]
            return
        }
        let runs = YearlyRun.runs(of: transitions)
        let latestBefore = transitions.lastIndex { $0.instant < from }
        var result = [Observance]()
        // No change before the range within the look-back: its start needs that section too.
        if latestBefore == nil { result.append(atStart) }
        for run in runs {
            let inRange = run.indices.contains { transitions[$0].instant >= from }
            let setsTheStart = latestBefore.map { run.indices.contains($0) } ?? false
            guard inRange || setsTheStart else { continue }
            result += run.observances(transitions, continuesPast: to)
        }
        observances = result.sorted { ($0.start, $0.isDaylight ? 1 : 0) < ($1.start, $1.isDaylight ? 1 : 0) }
    }

    /// A change of offset read from the time zone database.
    struct Transition {
        let instant: Date
        /// The wall-clock time of the change, in the offset before it.
        let local: ICalDateTime
        let offsetFrom: Int
        let offsetTo: Int
        let isDaylight: Bool
        let name: String?

        /// 0 = Sunday … 6 = Saturday.
        var weekday: Int { ProlepticGregorian.weekday(dayNumber: local.date.dayNumber) % 7 }

        /// Which of its weekdays in the month the date is: its ordinal from the start, and -1
        /// when it is the last one.
        var ordinals: Set<Int> {
            let d = local.date
            var set: Set<Int> = [(d.day - 1) / 7 + 1]
            if d.day + 7 > ProlepticGregorian.daysInMonth(year: d.year, month: d.month) { set.insert(-1) }
            return set
        }

        /// Whether `next`, a year later, can follow this change under one yearly rule.
        func sharesRule(with next: Transition) -> Bool {
            next.local.date.year == local.date.year + 1 && next.local.date.month == local.date.month
                && next.weekday == weekday
                && (next.local.hour, next.local.minute, next.local.second)
                    == (local.hour, local.minute, local.second)
                && next.offsetFrom == offsetFrom && next.offsetTo == offsetTo && next.isDaylight == isDaylight
                && next.name == name
        }
    }

    /// Consecutive yearly changes of one kind under one rule.
    struct YearlyRun {
        var indices: [Int]
        var ordinals: Set<Int>

        /// Groups changes: each joins the latest run of its kind (daylight or standard) when it
        /// follows that run's last change a year later under the same rule.
        static func runs(of transitions: [Transition]) -> [YearlyRun] {
            var runs = [YearlyRun]()
            var open = [Bool: Int]()  // kind → index in runs
            for (i, t) in transitions.enumerated() {
                if let r = open[t.isDaylight], let last = runs[r].indices.last, transitions[last].sharesRule(with: t),
                    !runs[r].ordinals.intersection(t.ordinals).isEmpty
                {
                    runs[r].indices.append(i)
                    runs[r].ordinals.formIntersection(t.ordinals)
                } else {
                    open[t.isDaylight] = runs.count
                    runs.append(YearlyRun(indices: [i], ordinals: t.ordinals))
                }
            }
            return runs
        }

        /// One section with an `RRULE` for a run of two or more years, else one for the change.
        func observances(_ transitions: [Transition], continuesPast end: Date) -> [Observance] {
            let first = transitions[indices[0]]
            guard indices.count >= 2 else {
                return [
                    Observance(
                        isDaylight: first.isDaylight, start: first.local, offsetFrom: first.offsetFrom,
                        offsetTo: first.offsetTo, name: first.name, recurrence: nil)
                ]
            }
            let last = transitions[indices[indices.count - 1]]
            let ordinal = ordinals.contains(-1) ? -1 : ordinals.min()!
            let weekday = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][first.weekday]
            var rule = "FREQ=YEARLY;BYMONTH=\(first.local.date.month);BYDAY=\(ordinal)\(weekday)"
            // The rule stops when a later change of its kind follows another rule, or when no
            // change comes within the year before the end of the range.
            let stops =
                transitions.contains { $0.isDaylight == last.isDaylight && $0.instant > last.instant }
                || end.timeIntervalSince(last.instant) > 366 * 86_400
            // A day after the last change: the same rule for any reader, and one that compares
            // UNTIL with the local DTSTART as if both were UTC (dateutil) still keeps that change.
            if stops { rule += ";UNTIL=" + TimeZoneComponent.utcFields(last.instant.addingTimeInterval(86_400)).utcValue }
            return [
                Observance(
                    isDaylight: first.isDaylight, start: first.local, offsetFrom: first.offsetFrom, offsetTo: first.offsetTo,
                    name: first.name, recurrence: rule)
            ]
        }
    }

    /// The wall-clock fields of an instant at a UTC offset.
    static func local(_ instant: Date, offset: Int) -> ICalDateTime {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + offset
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let rest = seconds - days * 86_400
        return ICalDateTime(
            date: ICalDate(dayNumber: days), hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
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
            if let rule = o.recurrence { writer.line("RRULE", raw: rule) }
            if let name = o.name { writer.text("TZNAME", name) }
            writer.end(kind)
        }
        writer.end("VTIMEZONE")
    }
}
