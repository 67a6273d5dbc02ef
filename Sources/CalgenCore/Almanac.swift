/// Everything calgen knows about the days of a span of years: the holiday arrangement, the
/// lunar date, solar terms, festivals, statutory days and the workday arithmetic, looked up
/// without recomputing per day.
///
/// Pure: made from a `HolidayCalendar` and a span of years.
public struct Almanac: Sendable {
    public let calendar: HolidayCalendar
    private let solarTerms: [Int: SolarTerm]
    private let termDates: [Int: [SolarTermDate]]
    private let workdayIndex: [Int: Int]
    private let workdayLists: [Int: [CivilDate]]
    private let statutoryDays: [Int: StatutoryDay]
    /// The breaks announced in each year's file (`HolidayCalendar.holidayPeriods(year:)`), worked
    /// out once for the pages, the feeds and `nextHoliday(after:)`.
    public let periodsByYear: [Int: [HolidayPeriod]]
    /// The breaks of every announced year, by start.
    public let announcedPeriods: [HolidayPeriod]
    /// The festivals the calendar shows: `Festival.all` and the site's observance sets.
    public let festivalList: [Festival]

    /// Works out the solar terms and statutory days of `years` (those within 1901–2100) and the
    /// workdays of every announced year of `calendar`. Other years are computed when asked.
    /// `festivals`: those the calendar shows (a site's `Festival.all` and observance sets).
    public init(calendar: HolidayCalendar, years: some Sequence<Int>, festivals: [Festival] = Festival.all) {
        self.calendar = calendar
        festivalList = festivals
        var terms = [Int: SolarTerm]()
        var dates = [Int: [SolarTermDate]]()
        let supported = years.filter { Almanac.supportedYears.contains($0) }
        let computed = SolarTermDate.all(inYears: supported)
        for year in supported {
            let all = computed[year]!
            dates[year] = all
            for term in all { terms[term.date.dayNumber] = term.term }
        }
        solarTerms = terms
        termDates = dates
        var statutory = [Int: StatutoryDay]()
        for (year, yearTerms) in dates {
            let qingming = yearTerms.first { $0.term == .qingming }?.date
            // The first of a shared day's holidays, as `statutoryDay(on:)` answers for other years.
            for day in StatutoryDay.all(inYear: year, qingming: qingming) where statutory[day.date.dayNumber] == nil {
                statutory[day.date.dayNumber] = day
            }
        }
        statutoryDays = statutory
        let byYear = Dictionary(uniqueKeysWithValues: calendar.years.map { ($0, calendar.holidayPeriods(year: $0)) })
        periodsByYear = byYear
        announcedPeriods = calendar.years.filter(calendar.isAnnounced(year:)).flatMap { byYear[$0] ?? [] }.sorted {
            $0.start < $1.start
        }
        var index = [Int: Int]()
        var lists = [Int: [CivilDate]]()
        for year in calendar.years {
            guard let workdays = calendar.workdays(inYear: year) else { continue }
            lists[year] = workdays
            for (i, d) in workdays.enumerated() { index[d.dayNumber] = i + 1 }
        }
        workdayIndex = index
        workdayLists = lists
    }

    /// The solar terms of a year, in order; empty outside 1901–2100.
    public func solarTerms(inYear year: Int) -> [SolarTermDate] {
        if let dates = termDates[year] { return dates }
        guard Almanac.supportedYears.contains(year) else { return [] }
        return SolarTermDate.all(inYear: year)
    }

    /// The solar term that begins on `date`.
    public func solarTerm(on date: CivilDate) -> SolarTerm? {
        if termDates[date.year] != nil { return solarTerms[date.dayNumber] }
        return solarTerms(inYear: date.year).first { $0.date == date }?.term
    }

    /// 1901–2100, where the lunar calendar and the solar terms are trusted.
    public static let supportedYears = LunarCalendar.firstSupportedDate.year...LunarCalendar.lastSupportedDate.year

    /// The festivals of `date`.
    public func festivals(on date: CivilDate) -> [Festival] {
        Festival.on(date, solarTerm: solarTerm(on: date), among: festivalList)
    }

    /// What a calendar shows for `date`: its festivals, and its solar term unless one of the
    /// festivals stands for it (清明 is 清明节), so that nothing is said twice.
    public func observances(on date: CivilDate) -> (festivals: [Festival], solarTerm: SolarTerm?) {
        let term = solarTerm(on: date)
        let festivals = Festival.on(date, solarTerm: term, among: festivalList)
        guard let term, !festivals.contains(where: { $0.rule == .solarTerm(term) }) else { return (festivals, nil) }
        return (festivals, term)
    }

    /// The festivals of a year with their dates, in date order (a day's own in `Festival.all` order).
    public func festivals(inYear year: Int) -> [(festival: Festival, date: CivilDate)] {
        CivilDate.days(ofYear: year).flatMap { date in festivals(on: date).map { (festival: $0, date: date) } }
    }

    /// The workdays of an announced year, in order; `nil` otherwise.
    public func workdays(inYear year: Int) -> [CivilDate]? { workdayLists[year] }

    /// The 1-based position of a workday in its year; `nil` on an off day or an unsettled date.
    public func workdayOfYear(_ date: CivilDate) -> Int? { workdayIndex[date.dayNumber] }

    /// The 1-based position of a workday in its month; `nil` on an off day or an unsettled date.
    public func workdayOfMonth(_ date: CivilDate) -> Int? {
        guard let ordinal = workdayIndex[date.dayNumber] else { return nil }
        let first = CivilDate(year: date.year, month: date.month, day: 1)!
        let before = (first.dayNumber..<date.dayNumber).first { workdayIndex[$0] != nil }.flatMap { workdayIndex[$0] }
        return ordinal - (before ?? ordinal) + 1
    }

    /// The statutory days of a year, in order; empty outside 1901–2100.
    public func statutoryDays(inYear year: Int) -> [StatutoryDay] {
        if termDates[year] != nil { return CivilDate.days(ofYear: year).compactMap { statutoryDays[$0.dayNumber] } }
        guard Almanac.supportedYears.contains(year) else { return [] }
        return StatutoryDay.all(inYear: year, qingming: solarTerms(inYear: year).first { $0.term == .qingming }?.date)
    }

    /// The 法定节假日 on `date`, if any; on a day two holidays share, the first in the law's order.
    public func statutoryDay(on date: CivilDate) -> StatutoryDay? {
        if termDates[date.year] != nil { return statutoryDays[date.dayNumber] }
        return statutoryDays(inYear: date.year).first { $0.date == date }
    }

    /// The first holiday break that starts after `date`, or `nil` when it is not known yet:
    /// `date`'s year or a year up to the break's is unannounced, or the data ends first.
    public func nextHoliday(after date: CivilDate) -> HolidayPeriod? {
        var lo = 0
        var hi = announcedPeriods.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if announcedPeriods[mid].start <= date { lo = mid + 1 } else { hi = mid }
        }
        guard lo < announcedPeriods.count else { return nil }
        let period = announcedPeriods[lo]
        let lastYear = max(period.year, period.start.year)
        guard (date.year...max(lastYear, date.year)).allSatisfy(calendar.isAnnounced(year:)) else { return nil }
        return period
    }

    /// Everything about one date.
    public func day(_ date: CivilDate) -> AlmanacDay {
        let term = solarTerm(on: date)
        return AlmanacDay(
            status: calendar.status(of: date),
            lunar: try? LunarCalendar.lunarDate(for: date),
            solarTerm: term,
            festivals: Festival.on(date, solarTerm: term, among: festivalList),
            statutory: statutoryDay(on: date),
            partialHoliday: PartialHoliday.on(date),
            previousWorkday: calendar.settledPreviousWorkday(before: date),
            nextWorkday: calendar.settledNextWorkday(after: date),
            workdayOfYear: workdayOfYear(date),
            nextHoliday: nextHoliday(after: date),
            ganZhi: ganZhi(on: date),
            shuJiu: shuJiu(on: date),
            sanFu: sanFu(on: date))
    }
}

/// One date as the almanac knows it.
public struct AlmanacDay: Hashable, Sendable {
    public let status: DayStatus
    /// `nil` outside 1901–2100.
    public let lunar: LunarDate?
    public let solarTerm: SolarTerm?
    public let festivals: [Festival]
    /// The 法定节假日 on this date, if any.
    public let statutory: StatutoryDay?
    public let partialHoliday: PartialHoliday?
    public let previousWorkday: CivilDate?
    public let nextWorkday: CivilDate?
    public let workdayOfYear: Int?
    /// The next break starting after the date, when known.
    public let nextHoliday: HolidayPeriod?
    /// The year's (by 春节 and by 立春), month's and day's 干支; `nil` outside 1901–2100.
    public let ganZhi: DayGanZhi?
    /// 数九 (`三九第5天`), from 冬至 for 81 days.
    public let shuJiu: SeasonalCount?
    /// 三伏 (`中伏第3天`).
    public let sanFu: SeasonalCount?

    public var date: CivilDate { status.date }
}
