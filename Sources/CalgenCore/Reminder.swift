/// One reminder a subscriber declares: what it is called, when it happens and how it alerts.
public struct Reminder: Hashable, Sendable {
    /// Unique within the subscriber: `[a-z0-9-]{1,64}`. Part of every event's UID.
    public let id: String
    public let kind: ReminderKind
    public let title: String
    public let location: String?
    public let description: String?
    public let timing: ReminderTiming
    /// Offsets before the start at which the calendar app alerts (`0m`, `10m`, `1d`).
    public let alarms: [TimeSpan]
    /// Occurrences before `from` or after `until` are left out.
    public let from: CivilDate?
    public let until: CivilDate?

    public init(
        id: String, kind: ReminderKind, title: String, location: String? = nil, description: String? = nil,
        timing: ReminderTiming, alarms: [TimeSpan] = [], from: CivilDate? = nil, until: CivilDate? = nil
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.location = location
        self.description = description
        self.timing = timing
        self.alarms = alarms
        self.from = from
        self.until = until
    }
}

/// All-day, at a wall-clock time in the subscriber's time zone for a duration, or over the
/// day's shift of the subscriber's work schedule.
public enum ReminderTiming: Hashable, Sendable {
    case allDay
    case at(TimeOfDay, duration: TimeSpan)
    /// From the start of the shift worked that day to its end (the next morning for a night
    /// shift), in the subscriber's time zone: the timing of `shift-start` reminders.
    case shift
}

/// The rule that decides on which dates a reminder occurs.
public enum ReminderKind: Hashable, Sendable {
    /// Every legal workday: Monday to Friday unless off, plus make-up workdays; with a work
    /// schedule, every day the schedule says is worked.
    case workdays
    /// The day before each make-up workday (the evening reminder "明天补班"); with a work
    /// schedule, the day before each worked day that the schedule's pattern leaves off, and with
    /// `weekends` before every worked Saturday and Sunday too (a 大小周's big-week Saturdays).
    case makeupEve(weekends: Bool = false)
    /// Each day the subscriber's work schedule says is worked with a shift, at the shift's
    /// start (timing `.shift`). Only for a subscriber with a schedule.
    case shiftStart
    /// Chosen weekdays; with `skipOffDays`, not on holidays or ordinary weekends.
    case weekly(days: [Weekday], skipOffDays: Bool)
    /// Day `day` of every month (`-1`: the last day; a day past the month's end means its last
    /// day), moved off days off by `adjust`.
    case monthly(day: Int, adjust: WorkdayAdjustment)
    /// A Gregorian month and day every year.
    case yearly(month: Int, day: Int, feb29: Feb29Policy)
    /// A lunar month and day every lunar year.
    case lunarYearly(month: Int, day: Int, leap: Bool, missingDay: MissingLunarDayPolicy, missingLeap: MissingLeapMonthPolicy)
    /// One date.
    case once(CivilDate)
    /// `start`, then after each of `intervals` days in turn.
    case sequence(start: CivilDate, intervals: [Int])

    /// The kinds by name, as subscriber files write them (`kind: makeup-eve`). Adding a kind
    /// means a case above, a name here, a parser (`SubscriberParser`) and a rule
    /// (`ReminderSchedule`): the compiler asks for each in turn.
    public enum Name: String, CaseIterable, Hashable, Sendable {
        case workdays
        case makeupEve = "makeup-eve"
        case shiftStart = "shift-start"
        case weekly
        case monthly
        case yearly
        case lunarYearly = "lunar-yearly"
        case once
        case sequence
    }

    /// The kind's name in subscriber files.
    public var name: Name {
        switch self {
        case .workdays: .workdays
        case .makeupEve: .makeupEve
        case .shiftStart: .shiftStart
        case .weekly: .weekly
        case .monthly: .monthly
        case .yearly: .yearly
        case .lunarYearly: .lunarYearly
        case .once: .once
        case .sequence: .sequence
        }
    }
}

/// What a monthly reminder does when its day is not a workday.
public enum WorkdayAdjustment: String, CaseIterable, Hashable, Sendable {
    case none
    case previousWorkday = "previous-workday"
    case nextWorkday = "next-workday"
}

/// Where a yearly February 29 goes in a common year.
public enum Feb29Policy: String, CaseIterable, Hashable, Sendable {
    case feb28, mar1, skip
}

/// What a lunar day 30 does in a lunar month of 29 days.
public enum MissingLunarDayPolicy: String, CaseIterable, Hashable, Sendable {
    /// The month's last day (day 29).
    case last
    case skip
}

/// What a date in a leap month does in a lunar year without that leap month.
public enum MissingLeapMonthPolicy: String, CaseIterable, Hashable, Sendable {
    /// The same day of the ordinary month of that number.
    case regular
    case skip
}
