/// When a group of people works: the legal calendar taken by a policy, a repeating pattern,
/// named shifts and dates of its own. From `Content/schedules/<id>.yml`.
///
/// Which rule decides a date, first to last: the schedule's `dates`, the person's leave and
/// dates (`PersonalDays`), the national arrangement by `national`, the `pattern`.
public struct WorkSchedule: Hashable, Sendable {
    /// `[a-z0-9-]{1,64}`, from the file name.
    public let id: String
    public let name: String
    public let national: NationalPolicy
    public let pattern: SchedulePattern
    /// The shifts the rotation and the dates name, in the order the file gives them.
    public let shifts: [Shift]
    /// The shift of a worked day whose rule names none (every day of a weekly, alternating or
    /// monthly pattern); `nil`: such days have no times.
    public let defaultShift: String?
    /// Dates of the schedule's own, in the order the file gives them; they do not overlap.
    public let dates: [ScheduleDate]
    /// Who may read the schedule's feed, pages and API: anyone (a public URL), or those given
    /// its secret address (its feed only).
    public let audience: ScheduleAudience
    /// How the schedule's feed writes a rotation's shifts: one event each, or a daily rule per
    /// day of the cycle.
    public let encoding: FeedEncoding
    /// Raised to revoke a private schedule's secret address (`token-epoch:`), as a subscriber's.
    public let tokenEpoch: Int

    public init(
        id: String, name: String, national: NationalPolicy = .follow, pattern: SchedulePattern, shifts: [Shift] = [],
        defaultShift: String? = nil, dates: [ScheduleDate] = [], audience: ScheduleAudience = .private,
        encoding: FeedEncoding = .expanded, tokenEpoch: Int = 0
    ) {
        self.tokenEpoch = tokenEpoch
        self.audience = audience
        self.encoding = encoding
        self.id = id
        self.name = name
        self.national = national
        self.pattern = pattern
        self.shifts = shifts
        self.defaultShift = defaultShift
        self.dates = dates
    }

    /// The legal calendar as a schedule: Monday to Friday, holidays off and make-up days
    /// worked. What a subscriber with leave but no schedule of their own works by.
    public static let legal = WorkSchedule(
        id: "legal", name: "法定工作日", national: .follow,
        pattern: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday]))

    /// The shift of that name.
    public func shift(named name: String) -> Shift? { shifts.first { $0.name == name } }

    /// Whether some day can have a shift: a rotation's worked days name one, and so may the
    /// default `shift` and the `dates`. A schedule with `shifts:` that none of them names gives
    /// no day a shift, and a shift-start reminder on it would never ring.
    public var assignsShifts: Bool {
        if case .rotation = pattern { return true }
        return defaultShift != nil || dates.contains { $0.shift != nil }
    }
}

/// Who may read a work schedule's feed, pages and API (`audience:` in its file).
public enum ScheduleAudience: String, CaseIterable, Hashable, Sendable {
    /// A public feed at `feeds/schedules/<id>.ics`, pages and the schedule API.
    case `public`
    /// A feed at a secret address, like a subscriber's, and pages beside it; no API.
    case `private`
}
