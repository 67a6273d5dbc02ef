import Foundation

/// The UTC offsets of a time zone over a span of years, read once from the system time zone
/// database, to place wall-clock times: which exist once, which fall in a gap (the clocks
/// skip them when daylight saving time starts) and which come twice (when it ends).
public struct ZoneOffsets: Hashable, Sendable {
    /// One change of offset: the instant (seconds since 1970 UTC) and the offsets around it.
    struct Change: Hashable, Sendable {
        let instant: Int
        let before: Int
        let after: Int
        /// The first wall-clock second (as seconds since 1970 on the wall clock) the change
        /// skips or repeats, and the first past them.
        var low: Int { instant + min(before, after) }
        var high: Int { instant + max(before, after) }
    }

    public let identifier: String
    /// The offset before the first change.
    let initialOffset: Int
    let changes: [Change]

    /// The offsets of `identifier` over `from..<to`; `nil` when the system does not know the zone.
    public init?(identifier: String, from: Date, to: Date) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        initialOffset = zone.secondsFromGMT(for: from)
        var changes = [Change]()
        var instant = from
        while let next = zone.nextDaylightSavingTimeTransition(after: instant), next < to, next > instant {
            let before = zone.secondsFromGMT(for: next.addingTimeInterval(-1))
            let after = zone.secondsFromGMT(for: next)
            if before != after {
                changes.append(Change(instant: Int(next.timeIntervalSince1970.rounded()), before: before, after: after))
            }
            instant = next
        }
        self.changes = changes
    }

    /// Where a wall-clock time falls, and the instant RFC 5545 §3.3.5 gives it: in a gap, the
    /// time read with the offset before the change (02:30 on a spring-forward night in New York
    /// is 03:30 EDT); a time that comes twice, its first occurrence (01:30 EDT, not EST).
    public func resolve(_ local: ICalDateTime) -> ResolvedTime {
        resolve(wall: local.date.dayNumber * 86_400 + local.hour * 3600 + local.minute * 60 + local.second)
    }

    /// As `resolve(_:)`, for a wall-clock time given as seconds since 1970-01-01 00:00 on the
    /// wall clock (day number × 86,400 + seconds of the day).
    public func resolve(wall: Int) -> ResolvedTime {
        // After the last change (every time in a zone that no longer changes its clocks, as
        // Asia/Shanghai since 1991): the search below would end on that change, past its span.
        if let last = changes.last, wall >= last.high { return ResolvedTime(wall - last.after, .regular) }
        // The last change whose skipped or repeated wall-clock span starts at or before `wall`.
        var lo = 0
        var hi = changes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if changes[mid].low <= wall { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return ResolvedTime(wall - (changes.first?.before ?? initialOffset), .regular) }
        let change = changes[lo - 1]
        if wall < change.high {
            return ResolvedTime(wall - change.before, change.after > change.before ? .skipped : .repeated)
        }
        return ResolvedTime(wall - change.after, .regular)
    }
}

/// A wall-clock time placed in its zone (`ZoneOffsets.resolve`).
public struct ResolvedTime: Hashable, Sendable {
    /// How a wall-clock time relates to the zone's clocks.
    public enum Kind: Hashable, Sendable {
        /// It happens once.
        case regular
        /// It never happens: the clocks jump over it.
        case skipped
        /// It happens twice: the clocks go back over it.
        case repeated
    }

    /// The instant, in seconds since 1970 UTC.
    public let instant: Int
    public let kind: Kind

    init(_ instant: Int, _ kind: Kind) {
        self.instant = instant
        self.kind = kind
    }

    /// The instant's UTC fields.
    public var utc: ICalDateTime { ResolvedTime.fields(of: instant) }

    /// The UTC fields of an instant in seconds since 1970: the day by floor division, as
    /// `TimeZoneComponent.utcFields` finds it from a `Date`, in integers only.
    public static func fields(of instant: Int) -> ICalDateTime {
        let days = instant >= 0 ? instant / 86_400 : -((-instant + 86_399) / 86_400)
        let rest = instant - days * 86_400
        return ICalDateTime(date: ICalDate(dayNumber: days), hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
    }
}
