/// What one person adds to a schedule: leave, and dates of their own (a swapped shift, a day
/// on call). It comes after the schedule's own dates and before everything else.
public struct PersonalDays: Hashable, Sendable {
    /// Days of leave; each is off, whatever the schedule says.
    public let leave: [ScheduleDate]
    /// Other dates of the person's own, worked, off or half.
    public let dates: [ScheduleDate]

    /// Every entry of `leave` counts as off, whatever status it was given.
    public init(leave: [ScheduleDate] = [], dates: [ScheduleDate] = []) {
        self.leave = leave
        self.dates = dates
    }

    /// No leave and no dates.
    public static let none = PersonalDays()
}
