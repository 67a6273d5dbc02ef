/// Counting legal workdays. Every answer here is a settled fact: a date counts only when its
/// year's arrangement is announced, so an answer that would reach into an unannounced year, or
/// outside the data, is `nil` rather than a guess from weekdays.
extension HolidayCalendar {
    /// Whether the status of `date` is settled: its year's arrangement is announced.
    ///
    /// A following year's notice has moved days of the last week of December before (2006,
    /// 2007, 2011, 2018, 2022); such a change arrives as a data update, like any correction.
    public func isSettled(_ date: CivilDate) -> Bool { isAnnounced(year: date.year) }

    /// The `n`-th workday after `date` (before it when `n` is negative; `date` itself when 0),
    /// or `nil` when the count reaches a date that is not settled.
    public func workday(_ n: Int, from date: CivilDate) -> CivilDate? {
        guard n != 0 else { return date }
        let step = n > 0 ? 1 : -1
        var remaining = abs(n)
        var d = date
        while remaining > 0 {
            d = d.adding(days: step)
            guard isSettled(d) else { return nil }
            if isWorkday(d) { remaining -= 1 }
        }
        return d
    }

    /// The first workday after `date`, or `nil` when not settled.
    public func settledNextWorkday(after date: CivilDate) -> CivilDate? { workday(1, from: date) }

    /// The last workday before `date`, or `nil` when not settled.
    public func settledPreviousWorkday(before date: CivilDate) -> CivilDate? { workday(-1, from: date) }

    /// The workdays of a year in order, or `nil` when the year is not announced.
    public func workdays(inYear year: Int) -> [CivilDate]? {
        guard isAnnounced(year: year) else { return nil }
        return CivilDate.days(ofYear: year).filter(isWorkday)
    }

    /// The number of workdays of a month, or `nil` when its year is not announced.
    public func workdayCount(year: Int, month: Int) -> Int? {
        guard isAnnounced(year: year), let first = CivilDate(year: year, month: month, day: 1) else { return nil }
        let last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))!
        return workdays(from: first, through: last).count
    }
}
