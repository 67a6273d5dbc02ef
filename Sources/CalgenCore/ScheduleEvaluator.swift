/// Answers, for any date, what a work schedule says about it for one person.
///
/// Pure: made from a schedule, the almanac (the holiday arrangement and the statutory days)
/// and the person's own days.
public struct ScheduleEvaluator: Sendable {
    public let schedule: WorkSchedule
    public let almanac: Almanac
    public let personal: PersonalDays

    public init(schedule: WorkSchedule, almanac: Almanac, personal: PersonalDays = .none) {
        self.schedule = schedule
        self.almanac = almanac
        self.personal = personal
    }

    /// The answer for `date`, by the first rule that decides it: the schedule's dates, the
    /// person's leave, the person's dates, the national arrangement, the pattern. A date the
    /// national arrangement could still change is unknown while its year is not announced.
    public func day(_ date: CivilDate) -> ScheduleDay {
        let statutory = almanac.statutoryDay(on: date)
        if let entry = schedule.dates.first(where: { $0.contains(date) }) {
            return answer(date, entry, reason: .scheduleDate, statutory)
        }
        if let leave = personal.leave.first(where: { $0.contains(date) }) {
            return ScheduleDay(date: date, work: .off, reason: .leave, detail: leave.reason, statutoryDay: statutory)
        }
        if let entry = personal.dates.first(where: { $0.contains(date) }) {
            return answer(date, entry, reason: .personalDate, statutory)
        }
        let pattern = schedule.pattern.decide(date)
        let byPattern = ScheduleDay(
            date: date, work: pattern.worked ? .worked : .off,
            shift: pattern.worked ? (pattern.shift ?? schedule.defaultShift).flatMap(schedule.shift(named:)) : nil,
            reason: .pattern, statutoryDay: statutory)
        if schedule.national == .ignore { return byPattern }
        let status = almanac.calendar.status(of: date)
        guard status.isAnnounced else {
            if let statutory {
                return ScheduleDay(
                    date: date, work: .off, reason: .statutoryDay, detail: statutory.holiday, statutoryDay: statutory)
            }
            // Under holidays-only the arrangement can only take work away: a day the pattern
            // leaves off stays off.
            if schedule.national == .holidaysOnly, !pattern.worked { return byPattern }
            return ScheduleDay(date: date, work: .unknown, reason: .unannounced, statutoryDay: statutory)
        }
        switch status.kind {
        case .holiday:
            return ScheduleDay(date: date, work: .off, reason: .nationalHoliday, detail: status.name, statutoryDay: statutory)
        case .makeupWorkday where schedule.national == .follow:
            return ScheduleDay(
                date: date, work: .worked, shift: schedule.defaultShift.flatMap(schedule.shift(named:)),
                reason: .nationalMakeup, detail: status.name, statutoryDay: statutory)
        default:
            return byPattern
        }
    }

    /// Every date of a Gregorian year, in order.
    public func days(ofYear year: Int) -> [ScheduleDay] {
        days(from: CivilDate(year: year, month: 1, day: 1)!, through: CivilDate(year: year, month: 12, day: 31)!)
    }

    /// Every date from `first` through `last`, in order.
    public func days(from first: CivilDate, through last: CivilDate) -> [ScheduleDay] {
        guard first <= last else { return [] }
        return (first.dayNumber...last.dayNumber).map { day(CivilDate(dayNumber: $0)) }
    }

    private func answer(_ date: CivilDate, _ entry: ScheduleDate, reason: ScheduleDay.Reason, _ statutory: StatutoryDay?)
        -> ScheduleDay
    {
        let worked = entry.status != .off
        let shiftName = worked ? (entry.shift ?? schedule.pattern.decide(date).shift ?? schedule.defaultShift) : nil
        return ScheduleDay(
            date: date, work: worked ? .worked : .off, shift: shiftName.flatMap(schedule.shift(named:)),
            isHalfDay: entry.status == .half, reason: reason, detail: entry.reason, statutoryDay: statutory)
    }

    /// The `n`-th day after `date` that the schedule works (before it when `n` is negative;
    /// `date` itself when `n` is 0), counting half days; `nil` when an unknown day comes first
    /// or none is found within ten years.
    public func worked(_ n: Int, from date: CivilDate) -> CivilDate? {
        guard n != 0 else { return date }
        let step = n > 0 ? 1 : -1
        var left = abs(n)
        var day = date
        for _ in 0..<3653 {
            day = day.adding(days: step)
            switch self.day(day).work {
            case .unknown: return nil
            case .worked:
                left -= 1
                if left == 0 { return day }
            case .off: break
            }
        }
        return nil
    }
}
