/// A date or a run of dates a schedule, or a person, sets apart from the pattern: the
/// company's anniversary off, the afternoon of 12-31 off, a duty Saturday.
public struct ScheduleDate: Hashable, Sendable {
    /// What the dates are.
    public enum Status: String, CaseIterable, Hashable, Sendable {
        case off
        case worked
        /// Worked for half the day.
        case half
    }

    public let first: CivilDate
    /// The last date, `first` for a single date; never before `first`.
    public let last: CivilDate
    public let status: Status
    /// Why, in the words of whoever wrote it: `公司周年`.
    public let reason: String
    /// The shift worked on a worked or half date, by name; `nil`: the schedule's usual one.
    public let shift: String?

    /// `nil` when `last` is before `first`.
    public init?(first: CivilDate, last: CivilDate? = nil, status: Status, reason: String, shift: String? = nil) {
        let last = last ?? first
        guard first <= last else { return nil }
        self.first = first
        self.last = last
        self.status = status
        self.reason = reason
        self.shift = shift
    }

    /// Whether `date` is one of the dates.
    public func contains(_ date: CivilDate) -> Bool { first <= date && date <= last }

    /// Whether the two share a date.
    public func overlaps(_ other: ScheduleDate) -> Bool { first <= other.last && other.first <= last }
}
