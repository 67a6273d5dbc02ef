/// The days of a span counted by what they are: "how many workdays between A and B".
public struct DayTally: Hashable, Sendable {
    public var days = 0
    /// Workdays of announced years, make-up workdays included.
    public var workdays = 0
    public var makeupWorkdays = 0
    /// Days off of announced years: weekends and holidays.
    public var offDays = 0
    /// 法定节假日 (known by law in every year).
    public var statutoryDays = 0
    /// Days of unannounced years, whose workday or day off is not known yet.
    public var unknown = 0

    public init() {}
}

extension Almanac {
    /// The days from `first` through `last` counted: workdays, days off, statutory days and the
    /// days not known yet.
    public func tally(from first: CivilDate, through last: CivilDate) -> DayTally {
        var tally = DayTally()
        guard first <= last else { return tally }
        for n in first.dayNumber...last.dayNumber {
            let date = CivilDate(dayNumber: n)
            let status = calendar.status(of: date)
            tally.days += 1
            if statutoryDay(on: date) != nil { tally.statutoryDays += 1 }
            guard status.isAnnounced else {
                tally.unknown += 1
                continue
            }
            if status.kind.isWorkday { tally.workdays += 1 } else { tally.offDays += 1 }
            if status.kind == .makeupWorkday { tally.makeupWorkdays += 1 }
        }
        return tally
    }
}
