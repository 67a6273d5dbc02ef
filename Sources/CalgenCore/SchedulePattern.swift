/// The repeating part of a work schedule: which days are worked when nothing else decides.
public enum SchedulePattern: Hashable, Sendable {
    /// The same weekdays every week (单休: Monday to Saturday).
    case weekly([Weekday])
    /// Weeks taking turns (大小周): the week (Monday to Sunday) holding `anchor` works the
    /// days of `weeks[0]`, the next one those of `weeks[1]`, and so on round, both ways in time.
    case alternating(anchor: CivilDate, weeks: [[Weekday]])
    /// The same weekdays every week, then some weekdays of the month turned worked or off
    /// (the last Saturday of the month worked).
    case monthly(weekly: [Weekday], worked: [MonthWeekday], off: [MonthWeekday])
    /// A cycle of days from `anchor` (its first day), both ways in time: each day names the
    /// shift worked, or `nil` for a day off (做四休二: D D N N off off).
    case rotation(anchor: CivilDate, cycle: [String?])

    /// Whether the pattern works `date`, and the shift its cycle names for it (rotations only).
    public func decide(_ date: CivilDate) -> (worked: Bool, shift: String?) {
        switch self {
        case .weekly(let days):
            return (days.contains(date.weekday), nil)
        case .alternating(let anchor, let weeks):
            guard !weeks.isEmpty else { return (false, nil) }
            let weekOf = { (d: CivilDate) in d.dayNumber - (d.weekday.rawValue - 1) }
            let index = SchedulePattern.modulo((weekOf(date) - weekOf(anchor)) / 7, weeks.count)
            return (weeks[index].contains(date.weekday), nil)
        case .monthly(let weekly, let worked, let off):
            if off.contains(where: { $0.matches(date) }) { return (false, nil) }
            if worked.contains(where: { $0.matches(date) }) { return (true, nil) }
            return (weekly.contains(date.weekday), nil)
        case .rotation(let anchor, let cycle):
            guard !cycle.isEmpty else { return (false, nil) }
            let shift = cycle[SchedulePattern.modulo(date.dayNumber - anchor.dayNumber, cycle.count)]
            return (shift != nil, shift)
        }
    }

    private static func modulo(_ a: Int, _ n: Int) -> Int { ((a % n) + n) % n }
}

/// One weekday of each month: the second Saturday, the last Saturday.
public struct MonthWeekday: Hashable, Sendable {
    /// 1 to 5 for the first to the fifth, -1 for the last.
    public let ordinal: Int
    public let weekday: Weekday

    /// `nil` for an ordinal other than 1...5 and -1.
    public init?(ordinal: Int, weekday: Weekday) {
        guard (1...5).contains(ordinal) || ordinal == -1 else { return nil }
        self.ordinal = ordinal
        self.weekday = weekday
    }

    /// Whether `date` is this weekday of its month.
    public func matches(_ date: CivilDate) -> Bool {
        guard date.weekday == weekday else { return false }
        if ordinal == -1 { return date.day + 7 > CivilDate.daysInMonth(year: date.year, month: date.month) }
        return (date.day - 1) / 7 + 1 == ordinal
    }
}
