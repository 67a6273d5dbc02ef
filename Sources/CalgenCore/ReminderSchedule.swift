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
    public func dates(of reminder: Reminder, from: CivilDate? = nil, through: CivilDate? = nil) -> [CivilDate] {
        var low = max(first, from ?? first)
        var high = min(last, through ?? last)
        if let f = reminder.from { low = max(low, f) }
        if let u = reminder.until { high = min(high, u) }
        guard low <= high else { return [] }
        let lo = low.dayNumber
        let hi = high.dayNumber
        var result = [Int]()
        switch reminder.kind {
        case .workdays:
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
        case .makeupEve:
            for day in (lo + 1)...(hi + 1) where kind(day) == .makeupWorkday {
                if isAnnounced(CivilDate(dayNumber: day).year) { result.append(day - 1) }
            }
        case .weekly(let days, let skipOffDays):
            var wanted = [Bool](repeating: false, count: 8)
            for d in days { wanted[d.rawValue] = true }
            for day in lo...hi {
                // Day number 0 is 1970-01-01, a Thursday (ISO 4).
                let weekday = ((day % 7 + 7) % 7 + 3) % 7 + 1
                guard wanted[weekday] else { continue }
                if !skipOffDays || isKnownWorkday(day) { result.append(day) }
            }
        case .monthly(let dayOfMonth, let adjust):
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
        case .yearly(let month, let day, let feb29):
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
        case .lunarYearly(let month, let day, let leap, let missingDay, let missingLeap):
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
        case .once(let date):
            if date.dayNumber >= lo && date.dayNumber <= hi { result.append(date.dayNumber) }
        case .sequence(let start, let intervals):
            var day = start.dayNumber
            for step in [0] + intervals {
                day += step
                if day > hi { break }
                if day >= lo { result.append(day) }
            }
        }
        return result.map(CivilDate.init(dayNumber:))
    }
}
