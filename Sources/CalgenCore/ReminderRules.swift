import CivilCalendar

/// The rule of each reminder kind: on which days (day numbers) from `low` through `high` it
/// occurs. Rules that depend on the holiday arrangement give no days in unannounced years.
extension ReminderSchedule {
    /// Every legal workday of announced years.
    func workdays(low: CivilDate, high: CivilDate) -> [Int] {
        let (lo, hi) = (low.dayNumber, high.dayNumber)
        var result = [Int]()
        result.reserveCapacity((hi - lo + 1) * 5 / 7 + 8)
        var year = low.year
        var yearKnown = isAnnounced(year)
        var nextYearStart = CivilDate(year: year + 1, month: 1, day: 1)!.dayNumber
        for day in lo...hi {
            if day >= nextYearStart {
                year += 1
                yearKnown = isAnnounced(year)
                nextYearStart = CivilDate(year: year + 1, month: 1, day: 1)!.dayNumber
            }
            if yearKnown && kind(day).isWorkday { result.append(day) }
        }
        return result
    }

    /// The day before each make-up workday of an announced year.
    func makeupEves(low: CivilDate, high: CivilDate) -> [Int] {
        let (lo, hi) = (low.dayNumber, high.dayNumber)
        var result = [Int]()
        for day in (lo + 1)...(hi + 1) where kind(day) == .makeupWorkday {
            if isAnnounced(CivilDate(dayNumber: day).year) { result.append(day - 1) }
        }
        return result
    }

    /// Every day a work schedule says is worked (a half day counts).
    func scheduled(_ work: ScheduleEvaluator, low: CivilDate, high: CivilDate) -> [Int] {
        (low.dayNumber...high.dayNumber).filter { work.day(CivilDate(dayNumber: $0)).work == .worked }
    }

    /// Every day a work schedule says is worked with a shift.
    func shiftStarts(_ work: ScheduleEvaluator, low: CivilDate, high: CivilDate) -> [Int] {
        (low.dayNumber...high.dayNumber).filter {
            let day = work.day(CivilDate(dayNumber: $0))
            return day.work == .worked && day.shift != nil
        }
    }

    /// The day before each worked day that the schedule's pattern leaves off: the person's
    /// usual week has the day free, so they need telling.
    func scheduledEves(_ work: ScheduleEvaluator, weekends: Bool, low: CivilDate, high: CivilDate) -> [Int] {
        ((low.dayNumber + 1)...(high.dayNumber + 1)).compactMap { day in
            let date = CivilDate(dayNumber: day)
            guard work.day(date).work == .worked, (weekends && date.isWeekend) || !work.schedule.pattern.decide(date).worked
            else { return nil }
            return day - 1
        }
    }

    /// The chosen weekdays; with `skipOffDays`, only the known workdays among them.
    func weekly(days: [Weekday], skipOffDays: Bool, low: CivilDate, high: CivilDate) -> [Int] {
        let (lo, hi) = (low.dayNumber, high.dayNumber)
        var result = [Int]()
        var wanted = [Bool](repeating: false, count: 8)
        for d in days { wanted[d.rawValue] = true }
        for day in lo...hi {
            guard wanted[ProlepticGregorian.weekday(dayNumber: day)] else { continue }
            if !skipOffDays || isKnownWorkday(day) { result.append(day) }
        }
        return result
    }

    /// Day `dayOfMonth` of every month, moved by `adjust` when it is not a workday.
    func monthly(dayOfMonth: Int, adjust: WorkdayAdjustment, low: CivilDate, high: CivilDate) -> [Int] {
        let (lo, hi) = (low.dayNumber, high.dayNumber)
        var result = [Int]()
        var year = low.year
        var month = low.month
        // Adjustment can move a date into the neighbouring month: start a month early.
        if month == 1 {
            year -= 1
            month = 12
        } else {
            month -= 1
        }
        while CivilDate(year: year, month: month, day: 1)!.dayNumber <= hi + 31 {
            let length = CivilDate.daysInMonth(year: year, month: month)
            let d = dayOfMonth < 0 ? length : min(dayOfMonth, length)
            var day = CivilDate(year: year, month: month, day: d)!.dayNumber
            var ok = true
            if adjust != .none {
                let step = adjust == .previousWorkday ? -1 : 1
                var guardSteps = 0
                while ok && !kind(day).isWorkday {
                    day += step
                    guardSteps += 1
                    if guardSteps > 60 { ok = false }
                }
                ok = ok && isAnnounced(year) && isAnnounced(CivilDate(dayNumber: day).year)
            }
            if ok && day >= lo && day <= hi { result.append(day) }
            month += 1
            if month > 12 {
                month = 1
                year += 1
            }
        }
        return result
    }

    /// A Gregorian month and day every year, February 29 by `feb29`.
    func yearly(month: Int, day: Int, feb29: Feb29Policy, low: CivilDate, high: CivilDate) -> [Int] {
        let (lo, hi) = (low.dayNumber, high.dayNumber)
        var result = [Int]()
        for year in low.year...high.year {
            var date = CivilDate(year: year, month: month, day: day)
            if date == nil, month == 2, day == 29 {
                switch feb29 {
                case .feb28: date = CivilDate(year: year, month: 2, day: 28)
                case .mar1: date = CivilDate(year: year, month: 3, day: 1)
                case .skip: date = nil
                }
            }
            if let n = date?.dayNumber, n >= lo, n <= hi { result.append(n) }
        }
        return result
    }

    /// A lunar month and day every lunar year, by the policies for missing days and leap months.
    func lunarYearly(
        month: Int, day: Int, leap: Bool, missingDay: MissingLunarDayPolicy, missingLeap: MissingLeapMonthPolicy, low: CivilDate,
        high: CivilDate
    ) -> [Int] {
        let (lo, hi) = (low.dayNumber, high.dayNumber)
        var result = [Int]()
        // A lunar year starts in late January or February: the previous one reaches into `low.year`.
        for year in (low.year - 1)...high.year {
            var isLeap = leap
            if leap && LunarCalendar.leapMonth(inYear: year) != month {
                if missingLeap == .skip { continue }
                isLeap = false
            }
            guard let length = LunarCalendar.monthLength(year: year, month: month, isLeap: isLeap) else { continue }
            var d = day
            if d > length {
                if missingDay == .skip { continue }
                d = length
            }
            guard
                let date = try? LunarCalendar.gregorianDate(
                    for: LunarDate(year: year, month: month, day: d, isLeapMonth: isLeap))
            else { continue }
            if date.dayNumber >= lo && date.dayNumber <= hi { result.append(date.dayNumber) }
        }
        return result
    }

    /// One date.
    func once(date: CivilDate, low: CivilDate, high: CivilDate) -> [Int] {
        let (lo, hi) = (low.dayNumber, high.dayNumber)
        var result = [Int]()
        if date.dayNumber >= lo && date.dayNumber <= hi { result.append(date.dayNumber) }
        return result
    }

    /// `start`, then after each interval in turn.
    func sequence(start: CivilDate, intervals: [Int], low: CivilDate, high: CivilDate) -> [Int] {
        let (lo, hi) = (low.dayNumber, high.dayNumber)
        var result = [Int]()
        var day = start.dayNumber
        for step in [0] + intervals {
            day += step
            if day > hi { break }
            if day >= lo { result.append(day) }
        }
        return result
    }
}
