import CalgenCore
import Testing

@Suite struct ReminderScheduleTests {
    let schedule = ReminderSchedule(
        calendar: TestData.calendar, first: TestData.date("2025-01-01"), last: TestData.date("2027-12-31"))

    func reminder(_ kind: ReminderKind, timing: ReminderTiming = .allDay, from: String? = nil, until: String? = nil) -> Reminder {
        Reminder(
            id: "r", kind: kind, title: "t", timing: timing, from: from.map(TestData.date), until: until.map(TestData.date))
    }

    func dates(_ kind: ReminderKind, from: String? = nil, until: String? = nil) -> [String] {
        schedule.dates(of: reminder(kind, from: from, until: until)).map(\.iso8601)
    }

    static let makeup2026 = ["2026-01-04", "2026-02-14", "2026-02-28", "2026-05-09", "2026-09-20", "2026-10-10"]

    @Test func workdaysOf2026SkipHolidaysAndIncludeEveryMakeupDay() {
        let days = Set(dates(.workdays, from: "2026-01-01", until: "2026-12-31"))
        #expect(days.count == 248)
        for off in ["2026-09-25", "2026-09-26", "2026-09-27"] + (1...7).map({ "2026-10-0\($0)" }) {
            #expect(!days.contains(off), "\(off)")
        }
        for makeup in Self.makeup2026 { #expect(days.contains(makeup), "\(makeup)") }
        #expect(days.contains("2026-09-24") && days.contains("2026-10-08"))
    }

    @Test func makeupEveIsTheDayBeforeEachMakeupDay() {
        let eves = dates(.makeupEve(), from: "2026-01-01", until: "2026-12-31")
        #expect(eves == ["2026-01-03", "2026-02-13", "2026-02-27", "2026-05-08", "2026-09-19", "2026-10-09"])
    }

    @Test func aPaydayMovesToThePreviousWorkdayEvenAMakeupSaturday() {
        let paydays = dates(.monthly(day: 15, adjust: .previousWorkday), from: "2026-01-01", until: "2026-12-31")
        #expect(paydays.contains("2026-02-14"))  // 02-15 is in Spring Festival; 02-14 is a make-up Saturday
        #expect(paydays.contains("2026-08-14"))  // 08-15 is a Saturday
        #expect(paydays.count == 12)
        #expect(dates(.monthly(day: 15, adjust: .nextWorkday), from: "2026-02-01", until: "2026-02-28") == ["2026-02-24"])
        #expect(dates(.monthly(day: 15, adjust: .none), from: "2026-02-01", until: "2026-02-28") == ["2026-02-15"])
    }

    @Test func lastDayAndDaysPastTheMonthsEnd() {
        #expect(
            dates(.monthly(day: -1, adjust: .none), from: "2026-01-01", until: "2026-03-31") == [
                "2026-01-31", "2026-02-28", "2026-03-31",
            ])
        #expect(dates(.monthly(day: 31, adjust: .none), from: "2026-04-01", until: "2026-04-30") == ["2026-04-30"])
        // 2026-05-31 is a Sunday: the next workday is 06-01, outside May but inside the range.
        #expect(dates(.monthly(day: -1, adjust: .nextWorkday), from: "2026-05-01", until: "2026-06-15") == ["2026-06-01"])
    }

    @Test func lunarBirthdays() {
        #expect(
            dates(.lunarYearly(month: 8, day: 15, leap: false, missingDay: .last, missingLeap: .regular)) == [
                "2025-10-06", "2026-09-25", "2027-09-15",
            ])
        // 除夕: 腊月三十, or the 29th when 腊月 has 29 days.
        #expect(
            dates(.lunarYearly(month: 12, day: 30, leap: false, missingDay: .last, missingLeap: .regular)) == [
                "2025-01-28", "2026-02-16", "2027-02-05",
            ])
        let skipping = dates(.lunarYearly(month: 12, day: 30, leap: false, missingDay: .skip, missingLeap: .regular))
        #expect(skipping.count < 3)
    }

    @Test func aLeapMonthBirthdayInYearsWithoutThatLeapMonth() throws {
        // 2025 has 闰六月; 2026 and 2027 do not.
        #expect(LunarCalendar.leapMonth(inYear: 2025) == 6)
        let leap = try LunarCalendar.gregorianDate(for: LunarDate(year: 2025, month: 6, day: 8, isLeapMonth: true)).iso8601
        let regular2026 = try LunarCalendar.gregorianDate(for: LunarDate(year: 2026, month: 6, day: 8)).iso8601
        let regular2027 = try LunarCalendar.gregorianDate(for: LunarDate(year: 2027, month: 6, day: 8)).iso8601
        #expect(
            dates(.lunarYearly(month: 6, day: 8, leap: true, missingDay: .last, missingLeap: .regular)) == [
                leap, regular2026, regular2027,
            ])
        #expect(dates(.lunarYearly(month: 6, day: 8, leap: true, missingDay: .last, missingLeap: .skip)) == [leap])
    }

    @Test func february29() {
        #expect(dates(.yearly(month: 2, day: 29, feb29: .feb28), from: "2027-01-01") == ["2027-02-28"])
        #expect(dates(.yearly(month: 2, day: 29, feb29: .mar1), from: "2027-01-01") == ["2027-03-01"])
        #expect(dates(.yearly(month: 2, day: 29, feb29: .skip)) == [])
        let leapYears = ReminderSchedule(
            calendar: TestData.calendar, first: TestData.date("2028-01-01"), last: TestData.date("2028-12-31"))
        #expect(leapYears.dates(of: reminder(.yearly(month: 2, day: 29, feb29: .skip))).map(\.iso8601) == ["2028-02-29"])
    }

    @Test func arrangementDependentRemindersStopAtTheUnannouncedYear() {
        #expect(dates(.workdays, from: "2027-01-01").isEmpty)
        #expect(dates(.makeupEve(), from: "2027-01-01").isEmpty)
        #expect(dates(.weekly(days: [.monday], skipOffDays: true), from: "2027-01-01").isEmpty)
        #expect(dates(.monthly(day: 15, adjust: .previousWorkday), from: "2027-01-01").isEmpty)
        #expect(dates(.weekly(days: [.monday], skipOffDays: false), from: "2027-01-01").count == 52)
        #expect(dates(.monthly(day: 15, adjust: .none), from: "2027-01-01").count == 12)
    }

    @Test func weeklyWithAndWithoutOffDays() {
        let all = dates(.weekly(days: [.thursday, .saturday], skipOffDays: false), from: "2026-10-01", until: "2026-10-31")
        #expect(
            all == [
                "2026-10-01", "2026-10-03", "2026-10-08", "2026-10-10", "2026-10-15", "2026-10-17", "2026-10-22", "2026-10-24",
                "2026-10-29", "2026-10-31",
            ])
        let working = dates(.weekly(days: [.thursday, .saturday], skipOffDays: true), from: "2026-10-01", until: "2026-10-31")
        #expect(working == ["2026-10-08", "2026-10-10", "2026-10-15", "2026-10-22", "2026-10-29"])
    }

    @Test func onceAndSequences() {
        #expect(dates(.once(TestData.date("2026-12-01"))) == ["2026-12-01"])
        #expect(dates(.once(TestData.date("2030-12-01"))) == [])
        #expect(
            dates(.sequence(start: TestData.date("2026-03-01"), intervals: [10, 10, 10, 10])) == [
                "2026-03-01", "2026-03-11", "2026-03-21", "2026-03-31", "2026-04-10",
            ])
        #expect(
            dates(.sequence(start: TestData.date("2026-11-02"), intervals: [1, 2, 4, 7]), until: "2026-11-09") == [
                "2026-11-02", "2026-11-03", "2026-11-05", "2026-11-09",
            ])
    }

    @Test func horizons() {
        let h = FeedHorizon(today: TestData.date("2026-11-21"), yearsBefore: 1, yearsAfter: 1, calendar: TestData.calendar)
        #expect(h.first.iso8601 == "2025-01-01" && h.last.iso8601 == "2027-12-31")
        #expect(h.validThrough?.iso8601 == "2026-12-31")
        let narrow = FeedHorizon(today: TestData.date("2026-11-21"), yearsBefore: 0, yearsAfter: 0, calendar: TestData.calendar)
        #expect(narrow.first.iso8601 == "2026-01-01" && narrow.last.iso8601 == "2026-12-31")
        let unannounced = FeedHorizon(
            today: TestData.date("2027-03-01"), yearsBefore: 1, yearsAfter: 0, calendar: TestData.calendar)
        #expect(unannounced.validThrough == nil && unannounced.last.iso8601 == "2027-12-31")
    }
}
