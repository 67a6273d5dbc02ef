/// A named working time of a schedule, such as a day shift `D` from 08:00 to 20:00.
public struct Shift: Hashable, Sendable {
    /// As the schedule's rotation names it: `D`, `N`, `early`.
    public let name: String
    /// When it starts, on the day it belongs to.
    public let start: TimeOfDay
    /// When it ends: on the same day, or on the next one when it crosses midnight.
    public let end: TimeOfDay

    public init(name: String, start: TimeOfDay, end: TimeOfDay) {
        self.name = name
        self.start = start
        self.end = end
    }

    /// Whether it ends on the day after it starts (a night shift 20:00–08:00): `end <= start`.
    public var crossesMidnight: Bool { end <= start }

    /// The day on which the shift that starts on `date` ends.
    public func endDate(startingOn date: CivilDate) -> CivilDate { crossesMidnight ? date.next : date }

    /// How long it lasts, in minutes (a full day when `end == start`).
    public var minutes: Int { crossesMidnight ? 24 * 60 - start.minutes + end.minutes : end.minutes - start.minutes }
}
