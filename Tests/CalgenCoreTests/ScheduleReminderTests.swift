import CalgenCore
import Testing

/// Reminders of a subscriber with a work schedule: `workdays`, `makeup-eve` and `shift-start`
/// follow the schedule, the person's leave and the national arrangement by the schedule's policy.
@Suite struct ScheduleReminderTests {
    let schedule = ReminderSchedule(
        calendar: TestData.calendar, first: TestData.date("2025-01-01"), last: TestData.date("2027-12-31"))
    let almanac = Almanac(calendar: TestData.calendar, years: 2024...2028)

    /// 大小周: the week of 2026-01-05 works Monday to Saturday, the next Monday to Friday.
    static let bigSmallWeek = WorkSchedule(
        id: "big-small-week", name: "大小周", national: .follow,
        pattern: .alternating(
            anchor: TestData.date("2026-01-05"),
            weeks: [
                [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday],
                [.monday, .tuesday, .wednesday, .thursday, .friday],
            ]),
        shifts: [Shift(name: "day", start: TimeOfDay(hour: 9, minute: 0)!, end: TimeOfDay(hour: 18, minute: 0)!)],
        defaultShift: "day")

    /// 做四休二: D D N N off off from 2026-01-01, running through holidays.
    static let rotation = WorkSchedule(
        id: "four-on-two-off", name: "做四休二", national: .ignore,
        pattern: .rotation(anchor: TestData.date("2026-01-01"), cycle: ["D", "D", "N", "N", nil, nil]),
        shifts: [
            Shift(name: "D", start: TimeOfDay(hour: 8, minute: 0)!, end: TimeOfDay(hour: 20, minute: 0)!),
            Shift(name: "N", start: TimeOfDay(hour: 20, minute: 0)!, end: TimeOfDay(hour: 8, minute: 0)!),
        ])

    func reminder(_ kind: ReminderKind, timing: ReminderTiming = .allDay) -> Reminder {
        Reminder(id: "r", kind: kind, title: "t", timing: timing)
    }

    func dates(
        _ kind: ReminderKind, _ work: ScheduleEvaluator?, from: String = "2026-01-01", through: String = "2026-12-31"
    ) -> [String] {
        schedule.dates(of: reminder(kind), following: work, from: TestData.date(from), through: TestData.date(through))
            .map(\.iso8601)
    }

    func evaluator(_ schedule: WorkSchedule, leave: [ScheduleDate] = []) -> ScheduleEvaluator {
        ScheduleEvaluator(schedule: schedule, almanac: almanac, personal: PersonalDays(leave: leave))
    }

    @Test func aBigSmallWeekAcrossTheSpringFestival() {
        let days = Set(dates(.workdays, evaluator(Self.bigSmallWeek), from: "2026-02-01", through: "2026-03-15"))
        // The make-up Saturdays of 2026 春节 fall in small weeks: worked by the arrangement.
        #expect(days.contains("2026-02-14") && days.contains("2026-02-28"))
        for day in 15...23 { #expect(!days.contains("2026-02-\(day)"), "02-\(day)") }
        // Big-week Saturdays ring; small-week Saturdays and every Sunday do not.
        for saturday in ["2026-02-07", "2026-03-07"] { #expect(days.contains(saturday), "\(saturday)") }
        for off in ["2026-02-01", "2026-02-08", "2026-03-01", "2026-03-14"] { #expect(!days.contains(off), "\(off)") }
        #expect(days.contains("2026-02-13") && days.contains("2026-02-24"))
        // The schedule's own day off: the company's anniversary, a Wednesday.
        let anniversary = WorkSchedule(
            id: "a", name: "a", pattern: Self.bigSmallWeek.pattern,
            dates: [ScheduleDate(first: TestData.date("2026-05-20"), status: .off, reason: "公司周年")!])
        #expect(!dates(.workdays, evaluator(anniversary), from: "2026-05-18", through: "2026-05-22").contains("2026-05-20"))
    }

    @Test func theBigSmallWeekIn2026AgainstTheLegalCalendar() {
        let scheduled = dates(.workdays, evaluator(Self.bigSmallWeek))
        let legal = dates(.workdays, nil)
        #expect(legal.count == 248)
        // Every legal workday, and the big-week Saturdays that are no holiday.
        #expect(Set(legal).isSubset(of: Set(scheduled)))
        // 26 big-week Saturdays, of which 02-21 (春节), 04-04 (清明节), 05-02 (劳动节) and 10-03
        // (国庆节) are holidays.
        #expect(scheduled.count == 248 + 22)
        #expect(!scheduled.contains("2026-02-21") && scheduled.contains("2026-01-10") && scheduled.contains("2026-12-26"))
        #expect(scheduled.filter { !legal.contains($0) }.allSatisfy { TestData.date($0).weekday == .saturday })
    }

    @Test func makeupEveWarnsBeforeEveryWorkedDayTheUsualWeekHasOff() {
        let eves = dates(.makeupEve(), evaluator(Self.bigSmallWeek))
        #expect(eves == ["2026-01-03", "2026-02-13", "2026-02-27", "2026-05-08", "2026-09-19", "2026-10-09"])
        // A duty Sunday of the schedule's own is warned of too; a big-week Saturday is not.
        let duty = WorkSchedule(
            id: "d", name: "d", pattern: Self.bigSmallWeek.pattern,
            dates: [ScheduleDate(first: TestData.date("2026-03-22"), status: .worked, reason: "盘点")!])
        #expect(dates(.makeupEve(), evaluator(duty), from: "2026-03-01", through: "2026-03-31") == ["2026-03-21"])
    }

    /// `weekends: true`: the evening before every worked Saturday and Sunday as well, the
    /// big-week Saturdays of a 大小周 among them.
    @Test func makeupEveOnWeekendsWarnsBeforeBigWeekSaturdays() {
        let eves = dates(.makeupEve(weekends: true), evaluator(Self.bigSmallWeek), from: "2026-03-01", through: "2026-03-31")
        // The big-week Saturdays 03-07 and 03-21 (the week of 2026-01-05 is big, every other after it).
        #expect(eves == ["2026-03-06", "2026-03-20"])
        // A make-up Saturday in a small week is warned of either way; a weekday never is.
        let october = dates(.makeupEve(weekends: true), evaluator(Self.bigSmallWeek), from: "2026-10-01", through: "2026-10-31")
        #expect(october.contains("2026-10-09") && october.allSatisfy { TestData.date($0).next.isWeekend })
    }

    @Test func leaveOverAMakeupSaturdaySilencesIt() {
        let leave = [
            ScheduleDate(first: TestData.date("2026-02-09"), last: TestData.date("2026-02-14"), status: .off, reason: "年假")!
        ]
        let work = evaluator(Self.bigSmallWeek, leave: leave)
        let days = dates(.workdays, work, from: "2026-02-01", through: "2026-02-28")
        #expect(!days.contains("2026-02-14"))
        for day in 9...13 { #expect(!days.contains("2026-02-\(day)"), "02-\(day)") }
        #expect(days.contains("2026-02-28") && days.contains("2026-02-06"))
        // Nobody needs telling the evening before a day of leave.
        #expect(dates(.makeupEve(), work, from: "2026-02-01", through: "2026-02-28") == ["2026-02-27"])
    }

    @Test func aRotationRingsAtEachShiftsStart() {
        let work = evaluator(Self.rotation)
        let days = dates(.shiftStart, work, from: "2026-01-01", through: "2026-01-12")
        #expect(
            days == [
                "2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-07", "2026-01-08", "2026-01-09", "2026-01-10",
            ])
        let starts = days.map { work.day(TestData.date($0)).shift!.start.description }
        #expect(starts == ["08:00", "08:00", "20:00", "20:00", "08:00", "08:00", "20:00", "20:00"])
        let night = work.day(TestData.date("2026-01-03")).shift!
        #expect(night.crossesMidnight && night.minutes == 12 * 60)
        // Under `ignore` the rotation runs through the Spring Festival: 02-18 (初二), a 法定节假日,
        // is a D day, 02-20 (初四) an N day.
        #expect(
            dates(.shiftStart, work, from: "2026-02-16", through: "2026-02-21") == [
                "2026-02-18", "2026-02-19", "2026-02-20", "2026-02-21",
            ])
        #expect(work.day(TestData.date("2026-02-18")).statutoryDay != nil)
        // Without a schedule a shift-start reminder has nothing to follow.
        #expect(dates(.shiftStart, nil).isEmpty)
    }

    @Test func anUnannouncedYearHasNoScheduledWorkdaysAsNoLegalOnes() {
        #expect(!TestData.calendar.isAnnounced(year: 2027))
        #expect(dates(.workdays, evaluator(Self.bigSmallWeek), from: "2027-01-01", through: "2027-12-31").isEmpty)
        #expect(dates(.workdays, nil, from: "2027-01-01", through: "2027-12-31").isEmpty)
        #expect(dates(.makeupEve(), evaluator(Self.bigSmallWeek), from: "2027-01-01", through: "2027-12-31").isEmpty)
        // A rotation that ignores the arrangement knows 2027 already.
        #expect(dates(.shiftStart, evaluator(Self.rotation), from: "2027-01-01", through: "2027-01-06").count == 4)
    }

    @Test func theLegalScheduleGivesTheLegalCalendarsDays() {
        let legal = evaluator(.legal)
        for kind in [ReminderKind.workdays, .makeupEve()] {
            #expect(
                dates(kind, legal, from: "2025-01-01", through: "2027-12-31")
                    == dates(kind, nil, from: "2025-01-01", through: "2027-12-31"))
        }
    }
}
