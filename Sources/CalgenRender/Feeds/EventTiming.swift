import CalgenCore
import CalgenModel
import Foundation
import ICalendar

/// When timed events start and end, as RFC 5545 §3.3.5 places a wall-clock time in a zone.
extension FeedRenderer {
    /// Start and end of a timed occurrence. The start is the wall-clock time in `zone`, or,
    /// where the zone skips that time (the clocks jump over it) or repeats it (they go back
    /// over it), the instant RFC 5545 §3.3.5 gives it, in UTC: the time read with the offset
    /// before the change (02:30 on a spring-forward night in New York is 03:30 EDT), or its first
    /// occurrence; readers would otherwise each pick their own. The end is an instant in UTC,
    /// never a wall-clock `DTEND` (02:30–03:30 has no length on such a night, and 01:30–02:30 two
    /// hours on the night the clocks go back), nor a `DURATION`, which some readers add on the
    /// wall clock (recurring-ical-events does) though RFC 5545 makes hours exact. Without a
    /// duration an event lasts `Calgen.defaultEventMinutes` (clients turn an event without an end
    /// into an hour or drop it, and calcurse rejects an end equal to the start).
    ///
    /// A shift (`endsOnWallClock`) ends at its wall-clock end: 20:00–08:00 lasts 11 hours on the
    /// night the clocks go forward. `lengthDiffers` says when a change of offset falls within
    /// the occurrence, where a rule's instance, whose end readers work out on the wall clock or
    /// not, cannot stand for it.
    func timed(_ day: CivilDate, _ time: TimeOfDay, _ duration: TimeSpan?, zone: String, endsOnWallClock: Bool = false)
        -> EventTimes
    {
        timed(
            day, time, duration, zone: ZoneOffsetsCache.Looked(identifier: zone, offsets: offsets.offsets(of: zone)),
            endsOnWallClock: endsOnWallClock)
    }

    /// As `timed(_:_:_:zone:endsOnWallClock:)`, with the zone's offsets looked up already.
    func timed(
        _ day: CivilDate, _ time: TimeOfDay, _ duration: TimeSpan?, zone looked: ZoneOffsetsCache.Looked,
        endsOnWallClock: Bool = false
    ) -> EventTimes {
        let zone = looked.identifier
        let local = ICalDateTime(date: FeedRenderer.date(day), hour: time.hour, minute: time.minute)
        let minutes = (duration?.minutes ?? 0) > 0 ? duration!.minutes : Calgen.defaultEventMinutes
        guard let offsets = looked.offsets else {
            let ends = time.adding(minutes: minutes)
            let wallEnd = ICalDateTime(
                date: FeedRenderer.date(day.adding(days: ends.days)), hour: ends.time.hour, minute: ends.time.minute)
            return EventTimes(start: .local(local, timeZone: zone), end: .local(wallEnd, timeZone: zone), kind: .regular)
        }
        // The start and the end on the wall clock as seconds since 1970 on that clock: the end is
        // `minutes` (over 0) after the start, the same wall-clock time as `time.adding(minutes:)`
        // on `day` plus its days would give, without making its fields.
        let wall = day.dayNumber * 86_400 + time.minutes * 60
        let start = offsets.resolve(wall: wall)
        let byWallClock = offsets.resolve(wall: wall + minutes * 60).instant
        let exact = start.instant + minutes * 60
        let end = endsOnWallClock ? max(byWallClock, start.instant + 60) : exact
        return EventTimes(
            start: start.kind == .regular ? .local(local, timeZone: zone) : .utc(start.utc),
            end: .utc(ResolvedTime.fields(of: end)), kind: start.kind, lengthDiffers: byWallClock != exact)
    }

    /// A wall-clock time in a zone, in UTC (for `UNTIL`), as RFC 5545 §3.3.5 places it.
    func utc(_ day: CivilDate, _ time: TimeOfDay, zone identifier: String) -> ICalDateTime {
        let local = ICalDateTime(date: FeedRenderer.date(day), hour: time.hour, minute: time.minute)
        return offsets.offsets(of: identifier)?.resolve(local).utc ?? local
    }

    /// A wall-clock time in a zone, in UTC, as RFC 5545 §3.3.5 places it (offsets read for the call).
    static func utc(_ day: CivilDate, _ time: TimeOfDay, zone identifier: String) -> ICalDateTime {
        let local = ICalDateTime(date: FeedRenderer.date(day), hour: time.hour, minute: time.minute)
        let from = Date(timeIntervalSince1970: TimeInterval(day.dayNumber - 400) * 86_400)
        let to = Date(timeIntervalSince1970: TimeInterval(day.dayNumber + 400) * 86_400)
        return ZoneOffsets(identifier: identifier, from: from, to: to)?.resolve(local).utc ?? local
    }
}

/// A timed or all-day occurrence's `DTSTART` and `DTEND`.
struct EventTimes {
    let start: ICalTime
    /// The day after an all-day event; a timed event's end instant, in UTC.
    let end: ICalTime
    /// Whether the zone skips or repeats a timed start (then `start` is in UTC).
    let kind: ResolvedTime.Kind
    /// Whether a change of offset falls within a timed occurrence: its length differs from its
    /// length on the wall clock, and no rule's instance can stand for it.
    var lengthDiffers = false
}

extension EventTimes {
    /// All day on `day`.
    init(allDay day: CivilDate) {
        self.init(start: .date(FeedRenderer.date(day)), end: .date(FeedRenderer.date(day.next)), kind: .regular)
    }
}
