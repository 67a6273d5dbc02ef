import CalgenCore
import Testing

/// Work schedules over the bundled arrangement. 2026 春节: 02-15…02-23 off, make-up Saturdays
/// 02-14 and 02-28; statutory days 除夕 02-16 to 初三 02-19 (2024 law). 2028 is not announced.
@Suite struct WorkScheduleTests {
    static let almanac = Almanac(calendar: TestData.calendar, years: 2025...2028)
    func d(_ s: String) -> CivilDate { TestData.date(s) }

    static let monToSat: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
    static let monToFri = Array(monToSat.dropLast())

    /// 大小周 anchored on Monday 2026-01-05: that week works Monday to Saturday, the next Monday to Friday.
    func bigSmallWeeks(_ policy: NationalPolicy, dates: [ScheduleDate] = []) -> WorkSchedule {
        WorkSchedule(
            id: "dxz", name: "大小周", national: policy,
            pattern: .alternating(anchor: d("2026-01-05"), weeks: [Self.monToSat, Self.monToFri]), dates: dates)
    }

    /// `W` worked, `-` off, `?` unknown, one character a day.
    func line(_ evaluator: ScheduleEvaluator, _ first: String, _ last: String) -> String {
        String(
            evaluator.days(from: d(first), through: d(last)).map {
                switch $0.work {
                case .worked: "W"
                case .off: "-"
                case .unknown: "?"
                }
            })
    }

    /// A six-day week is off on every day of a break, also on the weekend days holiday-cn leaves
    /// out (清明 2019: 04-05 listed, 04-06 and 07 not), as on the listed ones (清明 2026: 04-04…06).
    @Test func aSixDayWeekRestsOnEveryDayOfABreak() {
        let shop = WorkSchedule(id: "shop", name: "单休", national: .follow, pattern: .weekly(Self.monToSat))
        let e = ScheduleEvaluator(schedule: shop, almanac: Almanac(calendar: TestData.calendar, years: [2019, 2026]))
        for text in ["2019-04-06", "2026-04-04"] {
            #expect(e.day(d(text)).work == .off, "\(text)")
            #expect(e.day(d(text)).reason == .nationalHoliday, "\(text)")
            #expect(e.day(d(text)).detail == "清明节", "\(text)")
        }
        #expect(line(e, "2019-03-30", "2019-04-08") == "W-WWWW---W")
    }

    @Test func alternatingWeeksOwnSaturdays() {
        let e = ScheduleEvaluator(schedule: bigSmallWeeks(.follow), almanac: Self.almanac)
        // 01-10 is the anchor week's Saturday (worked), 01-17 the next week's (off); 12-27-2025
        // is two weeks before the anchor week.
        #expect(e.day(d("2026-01-10")).work == .worked)
        #expect(e.day(d("2026-01-17")).work == .off)
        #expect(e.day(d("2025-12-27")).work == .worked)
        #expect(e.day(d("2026-01-11")).work == .off)
    }

    /// 02-09 to 03-01 under each policy. The make-up Saturdays fall in short weeks; 02-21 is a
    /// long week's Saturday in the break.
    @Test func springFestival2026UnderEachPolicy() {
        let follow = ScheduleEvaluator(schedule: bigSmallWeeks(.follow), almanac: Self.almanac)
        let holidaysOnly = ScheduleEvaluator(schedule: bigSmallWeeks(.holidaysOnly), almanac: Self.almanac)
        let ignore = ScheduleEvaluator(schedule: bigSmallWeeks(.ignore), almanac: Self.almanac)
        //                                                    09…15  16…22  23…01
        #expect(line(follow, "2026-02-09", "2026-03-01") == "WWWWWW---------WWWWW-")
        #expect(line(holidaysOnly, "2026-02-09", "2026-03-01") == "WWWWW----------WWWW--")
        #expect(line(ignore, "2026-02-09", "2026-03-01") == "WWWWW--WWWWWW-WWWWW--")
        #expect(follow.day(d("2026-02-14")).reason == .nationalMakeup)
        #expect(follow.day(d("2026-02-14")).detail == "春节")
        #expect(holidaysOnly.day(d("2026-02-14")).reason == .pattern)
        #expect(holidaysOnly.day(d("2026-02-28")).reason == .pattern)
        #expect(follow.day(d("2026-02-21")).reason == .nationalHoliday)
        #expect(ignore.day(d("2026-02-21")).reason == .pattern)
        // Worked under ignore, the statutory days are still named: paid triple.
        let statutory = (16...19).map { ignore.day(d("2026-02-\($0)")) }
        #expect(statutory.allSatisfy { $0.work == .worked && $0.statutoryDay?.holiday == "春节" })
        #expect(ignore.day(d("2026-02-20")).statutoryDay == nil)
        #expect(follow.day(d("2026-02-17")).statutoryDay?.holiday == "春节")
    }

    static let rotation = WorkSchedule(
        id: "four-two", name: "做四休二", national: .ignore,
        pattern: .rotation(anchor: TestData.date("2025-12-29"), cycle: ["D", "D", "N", "N", nil, nil]),
        shifts: [
            Shift(name: "D", start: TimeOfDay("08:00")!, end: TimeOfDay("20:00")!),
            Shift(name: "N", start: TimeOfDay("20:00")!, end: TimeOfDay("08:00")!),
        ])

    /// The cycle runs on across the year's end and through 元旦 (a statutory day, worked).
    @Test func rotationAcrossTheYearBoundary() {
        let e = ScheduleEvaluator(schedule: Self.rotation, almanac: Self.almanac)
        let shifts = e.days(from: d("2025-12-27"), through: d("2026-01-08")).map { $0.shift?.name ?? "-" }
        #expect(shifts == ["-", "-", "D", "D", "N", "N", "-", "-", "D", "D", "N", "N", "-"])
        #expect(e.day(d("2025-12-31")).statutoryDay == nil)
        #expect(e.day(d("2026-01-01")).statutoryDay?.holiday == "元旦")
        #expect(e.day(d("2026-01-01")).work == .worked)
        // 61 cycles of 6 days after the anchor is 2026-12-30 (366 days), a cycle's first day again.
        #expect(e.day(d("2026-12-30")).shift?.name == "D")
        #expect(e.day(d("2026-12-29")).work == .off)
        #expect(e.day(d("2026-12-28")).work == .off)
        #expect(e.day(d("2026-12-27")).shift?.name == "N")
    }

    @Test func nightShiftEndsTheNextMorning() throws {
        let e = ScheduleEvaluator(schedule: Self.rotation, almanac: Self.almanac)
        let night = e.day(d("2025-12-31"))
        let shift = try #require(night.shift)
        #expect(shift.name == "N")
        #expect(shift.crossesMidnight)
        #expect(shift.start.description == "20:00")
        #expect(shift.end.description == "08:00")
        #expect(shift.endDate(startingOn: night.date) == d("2026-01-01"))
        #expect(shift.minutes == 12 * 60)
        let day = try #require(e.day(d("2025-12-29")).shift)
        #expect(!day.crossesMidnight)
        #expect(day.endDate(startingOn: d("2025-12-29")) == d("2025-12-29"))
    }

    /// Leave over a make-up Saturday: the person is off, the arrangement notwithstanding.
    @Test func leaveOverAMakeupSaturday() throws {
        let leave = try #require(ScheduleDate(first: d("2026-02-26"), last: d("2026-02-28"), status: .off, reason: "年假"))
        let e = ScheduleEvaluator(schedule: bigSmallWeeks(.follow), almanac: Self.almanac, personal: PersonalDays(leave: [leave]))
        let saturday = e.day(d("2026-02-28"))
        #expect(saturday.work == .off)
        #expect(saturday.reason == .leave)
        #expect(saturday.detail == "年假")
        #expect(e.day(d("2026-03-02")).work == .worked)
    }

    @Test func anExplicitHalfDay() throws {
        let half = try #require(ScheduleDate(first: d("2026-12-31"), status: .half, reason: "下午放假"))
        let schedule = WorkSchedule(
            id: "office", name: "Office", pattern: .weekly(Self.monToFri),
            shifts: [Shift(name: "day", start: TimeOfDay("09:00")!, end: TimeOfDay("18:00")!)], defaultShift: "day",
            dates: [half])
        let e = ScheduleEvaluator(schedule: schedule, almanac: Self.almanac)
        let day = e.day(d("2026-12-31"))
        #expect(day.work == .worked)
        #expect(day.isHalfDay)
        #expect(day.reason == .scheduleDate)
        #expect(day.detail == "下午放假")
        #expect(day.shift?.name == "day")
        #expect(!e.day(d("2026-12-30")).isHalfDay)
        #expect(e.day(d("2026-12-30")).shift?.start.description == "09:00")
    }

    /// 2028 has no arrangement: under follow every date is unknown but the statutory days (off by
    /// law); under holidays-only the days the pattern leaves off are off too; under ignore the
    /// pattern decides every date.
    @Test func anUnannouncedYear() {
        let follow = ScheduleEvaluator(schedule: bigSmallWeeks(.follow), almanac: Self.almanac)
        let holidaysOnly = ScheduleEvaluator(schedule: bigSmallWeeks(.holidaysOnly), almanac: Self.almanac)
        let ignore = ScheduleEvaluator(schedule: bigSmallWeeks(.ignore), almanac: Self.almanac)
        // 2028-01-03 is a Monday, 104 weeks after the anchor week: a long week.
        #expect(line(follow, "2028-01-03", "2028-01-09") == "???????")
        #expect(line(holidaysOnly, "2028-01-03", "2028-01-09") == "??????-")
        #expect(line(ignore, "2028-01-03", "2028-01-09") == "WWWWWW-")
        #expect(follow.day(d("2028-01-03")).reason == .unannounced)
        #expect(ignore.day(d("2028-01-03")).reason == .pattern)
        let newYear = follow.day(d("2028-01-01"))
        #expect(newYear.work == .off)
        #expect(newYear.reason == .statutoryDay)
        #expect(newYear.detail == "元旦")
        #expect(ignore.day(d("2028-01-01")).statutoryDay?.holiday == "元旦")
    }

    /// Each rule beats the ones after it: 2026-02-14, a make-up Saturday the pattern leaves off.
    @Test func precedence() throws {
        let saturday = d("2026-02-14")
        let duty = try #require(ScheduleDate(first: saturday, status: .worked, reason: "值班"))
        let leave = try #require(ScheduleDate(first: saturday, status: .off, reason: "年假"))
        let swap = try #require(ScheduleDate(first: saturday, status: .off, reason: "换班"))
        let pattern = ScheduleEvaluator(schedule: bigSmallWeeks(.holidaysOnly), almanac: Self.almanac).day(saturday)
        #expect(pattern.work == .off)
        #expect(pattern.reason == .pattern)
        let national = ScheduleEvaluator(schedule: bigSmallWeeks(.follow), almanac: Self.almanac).day(saturday)
        #expect(national.work == .worked)
        #expect(national.reason == .nationalMakeup)
        let personal = ScheduleEvaluator(
            schedule: bigSmallWeeks(.follow), almanac: Self.almanac, personal: PersonalDays(dates: [swap])
        ).day(saturday)
        #expect(personal.reason == .personalDate)
        #expect(personal.work == .off)
        let onLeave = ScheduleEvaluator(
            schedule: bigSmallWeeks(.follow), almanac: Self.almanac, personal: PersonalDays(leave: [leave], dates: [swap])
        ).day(saturday)
        #expect(onLeave.reason == .leave)
        let explicit = ScheduleEvaluator(
            schedule: bigSmallWeeks(.follow, dates: [duty]), almanac: Self.almanac, personal: PersonalDays(leave: [leave])
        ).day(saturday)
        #expect(explicit.reason == .scheduleDate)
        #expect(explicit.work == .worked)
        #expect(explicit.detail == "值班")
    }

    /// 单休 with the last Saturday of the month worked on top of Monday to Friday.
    @Test func monthlyLastSaturday() throws {
        let last = try #require(MonthWeekday(ordinal: -1, weekday: .saturday))
        let e = ScheduleEvaluator(
            schedule: WorkSchedule(
                id: "m", name: "月末周六", national: .holidaysOnly, pattern: .monthly(weekly: Self.monToFri, worked: [last], off: [])),
            almanac: Self.almanac)
        #expect(e.day(d("2026-03-28")).work == .worked)
        #expect(e.day(d("2026-03-21")).work == .off)
        #expect(e.day(d("2026-10-31")).work == .worked)
        #expect(e.day(d("2026-10-24")).work == .off)
        #expect(MonthWeekday(ordinal: 2, weekday: .saturday)!.matches(d("2026-03-14")))
        #expect(!MonthWeekday(ordinal: 2, weekday: .saturday)!.matches(d("2026-03-07")))
        #expect(MonthWeekday(ordinal: 0, weekday: .saturday) == nil)
    }

    @Test func aReversedRangeIsNoDate() {
        #expect(ScheduleDate(first: d("2026-03-02"), last: d("2026-03-01"), status: .off, reason: "x") == nil)
    }
}
