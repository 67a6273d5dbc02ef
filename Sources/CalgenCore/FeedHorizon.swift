/// The dates a feed covers, and how far the holiday arrangement is known within them.
public struct FeedHorizon: Hashable, Sendable {
    /// January 1 of the first year.
    public let first: CivilDate
    /// December 31 of the last year.
    public let last: CivilDate
    /// The last day through which every year from the current one is announced: reminders that
    /// depend on the arrangement are right through this date. `nil` when the current year is
    /// not announced.
    public let validThrough: CivilDate?

    /// `yearsBefore` years before the current one through `yearsAfter` years after it, and on
    /// through the last announced year.
    public init(today: CivilDate, yearsBefore: Int, yearsAfter: Int, calendar: HolidayCalendar) {
        let lastAnnounced = calendar.years.filter(calendar.isAnnounced(year:)).max() ?? today.year
        let firstYear = today.year - max(0, yearsBefore)
        let lastYear = max(today.year + max(0, yearsAfter), lastAnnounced, firstYear)
        first = CivilDate(year: firstYear, month: 1, day: 1)!
        last = CivilDate(year: lastYear, month: 12, day: 31)!
        let year = calendar.firstUnannouncedYear(from: today.year)
        validThrough = year == today.year ? nil : CivilDate(year: year - 1, month: 12, day: 31)
    }

    public init(first: CivilDate, last: CivilDate, validThrough: CivilDate?) {
        self.first = first
        self.last = last
        self.validThrough = validThrough
    }
}
