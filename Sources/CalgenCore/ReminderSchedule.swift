/// Works out on which dates reminders occur. The holiday arrangement of the whole range is
/// read once, when the schedule is made, so that every reminder of every subscriber is a pass
/// over plain arrays.
public struct ReminderSchedule: Sendable {
    public let calendar: HolidayCalendar
    /// The range the schedule answers for.
    public let first: CivilDate
    public let last: CivilDate
    /// The day kinds from `first - margin` through `last + margin`, by day number.
    private let base: Int
    private let kinds: [DayKind]
    private let announced: [Bool]
    private let firstYear: Int
    private static let margin = 40

    public init(calendar: HolidayCalendar, first: CivilDate, last: CivilDate) {
        self.calendar = calendar
        self.first = first
        self.last = last
        let start = first.dayNumber - ReminderSchedule.margin
        let count = last.dayNumber - first.dayNumber + 1 + 2 * ReminderSchedule.margin
        base = start
        kinds = (0..<count).map { calendar.status(of: CivilDate(dayNumber: start + $0)).kind }
        firstYear = first.year - 1
        announced = (firstYear...(last.year + 1)).map(calendar.isAnnounced(year:))
    }

    func kind(_ dayNumber: Int) -> DayKind {
        let i = dayNumber - base
        return i >= 0 && i < kinds.count ? kinds[i] : calendar.status(of: CivilDate(dayNumber: dayNumber)).kind
    }

    func isAnnounced(_ year: Int) -> Bool {
        let i = year - firstYear
        return i >= 0 && i < announced.count ? announced[i] : calendar.isAnnounced(year: year)
    }

    /// A workday in an announced year.
    func isKnownWorkday(_ dayNumber: Int) -> Bool {
        kind(dayNumber).isWorkday && isAnnounced(CivilDate(dayNumber: dayNumber).year)
    }

    /// The dates on which `reminder` occurs from `from` through `through` (both clamped to the
    /// schedule's range and to the reminder's own `from`/`until`), in order. Reminders that
    /// depend on the holiday arrangement have no dates in years that are not announced.
    ///
    /// With `work`, the evaluator of the subscriber's work schedule and leave, `workdays` occur
    /// on the days it says are worked, `shift-start` on those of them with a shift, and
    /// `makeup-eve` on the day before each worked day the schedule's pattern leaves off (a
    /// make-up workday, a worked date of the schedule's or the person's own; with `weekends`,
    /// every worked Saturday and Sunday as well); a date it cannot
    /// decide yet (unknown: an unannounced year) has none. The other kinds keep the legal
    /// calendar. Without `work`, `shift-start` has no dates.
    public func dates(
        of reminder: Reminder, following work: ScheduleEvaluator? = nil, from: CivilDate? = nil, through: CivilDate? = nil
    ) -> [CivilDate] {
        var low = max(first, from ?? first)
        var high = min(last, through ?? last)
        if let f = reminder.from { low = max(low, f) }
        if let u = reminder.until { high = min(high, u) }
        guard low <= high else { return [] }
        // One rule per kind (ReminderRules.swift), on day numbers.
        let days: [Int] =
            switch reminder.kind {
            case .workdays: work.map { scheduled($0, low: low, high: high) } ?? workdays(low: low, high: high)
            case .makeupEve(let weekends):
                work.map { scheduledEves($0, weekends: weekends, low: low, high: high) } ?? makeupEves(low: low, high: high)
            case .shiftStart: work.map { shiftStarts($0, low: low, high: high) } ?? []
            case .weekly(let days, let skipOffDays): weekly(days: days, skipOffDays: skipOffDays, low: low, high: high)
            case .monthly(let dayOfMonth, let adjust): monthly(dayOfMonth: dayOfMonth, adjust: adjust, low: low, high: high)
            case .yearly(let month, let day, let feb29): yearly(month: month, day: day, feb29: feb29, low: low, high: high)
            case .lunarYearly(let month, let day, let leap, let missingDay, let missingLeap):
                lunarYearly(
                    month: month, day: day, leap: leap, missingDay: missingDay, missingLeap: missingLeap, low: low, high: high)
            case .once(let date): once(date: date, low: low, high: high)
            case .sequence(let start, let intervals): sequence(start: start, intervals: intervals, low: low, high: high)
            }
        return days.map(CivilDate.init(dayNumber:))
    }
}
