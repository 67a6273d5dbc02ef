/// What a work schedule says about one date: worked or not, with which shift, and why.
public struct ScheduleDay: Hashable, Sendable {
    /// Worked, off, or not known yet.
    public enum Work: String, Hashable, Sendable {
        case worked
        case off
        /// The answer depends on a year whose arrangement is not published.
        case unknown
    }

    /// The rule that decided, in the order of precedence.
    public enum Reason: String, Hashable, Sendable {
        /// One of the schedule's own dates.
        case scheduleDate
        /// The person's leave.
        case leave
        /// One of the person's own dates.
        case personalDate
        /// A day off of the national arrangement (a holiday or a day of its break).
        case nationalHoliday
        /// A make-up workday (调休/补班) of the national arrangement.
        case nationalMakeup
        /// A 法定节假日 of a year whose arrangement is not published yet: off by law.
        case statutoryDay
        /// The schedule's pattern.
        case pattern
        /// Nothing can decide before the year's arrangement is published.
        case unannounced
    }

    public let date: CivilDate
    public let work: Work
    /// The shift worked (a worked or half day whose rule or schedule names one).
    public let shift: Shift?
    /// Worked for half the day only.
    public let isHalfDay: Bool
    public let reason: Reason
    /// The words behind the reason: the date's or the leave's reason, the holiday's name.
    public let detail: String?
    /// The 法定节假日 on the date, whatever decided it: working it is paid triple.
    public let statutoryDay: StatutoryDay?

    public init(
        date: CivilDate, work: Work, shift: Shift? = nil, isHalfDay: Bool = false, reason: Reason, detail: String? = nil,
        statutoryDay: StatutoryDay? = nil
    ) {
        self.date = date
        self.work = work
        self.shift = shift
        self.isHalfDay = isHalfDay
        self.reason = reason
        self.detail = detail
        self.statutoryDay = statutoryDay
    }

    /// Whether the date is worked (a half day counts); `nil` when unknown.
    public var isWorked: Bool? {
        switch work {
        case .worked: true
        case .off: false
        case .unknown: nil
        }
    }

    /// When the day's work starts and how long it lasts: its shift, or the first half of it on
    /// a half day; `nil` without a shift.
    public var hours: (start: TimeOfDay, minutes: Int)? {
        guard work == .worked, let shift else { return nil }
        return (shift.start, isHalfDay ? shift.minutes / 2 : shift.minutes)
    }
}
