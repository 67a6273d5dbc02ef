import CalgenCore
import Testing

/// Solar terms, festivals, statutory days and workday arithmetic, checked against published facts.
struct AlmanacTests {
    func d(_ s: String) -> CivilDate { TestData.date(s) }
    static let almanac = Almanac(calendar: TestData.calendar, years: 2006...2028)

    /// Several years worked out on all cores are those worked out one by one.
    @Test func solarTermsOfSeveralYearsAreEachYearsTerms() {
        let years = [1950, 2024, 2025, 2025, 2099]
        let terms = SolarTermDate.all(inYears: years)
        #expect(terms.keys.sorted() == [1950, 2024, 2025, 2099])
        for year in years { #expect(terms[year] == SolarTermDate.all(inYear: year)) }
    }

    @Test func solarTermsOf2026() {
        let terms = SolarTermDate.all(inYear: 2026)
        #expect(terms.count == 24)
        #expect(terms.map(\.term) == SolarTerm.allCases)
        let byName = Dictionary(uniqueKeysWithValues: terms.map { ($0.term.name, $0.date.iso8601) })
        #expect(byName["小寒"] == "2026-01-05")
        #expect(byName["立春"] == "2026-02-04")
        #expect(byName["清明"] == "2026-04-05")
        #expect(byName["夏至"] == "2026-06-21")
        #expect(byName["冬至"] == "2026-12-22")
    }

    @Test func aTermSecondsBeforeMidnightStaysOnItsDay() {
        // 1979 大寒 fell at 23:59:56 Beijing time on 01-20 by the ephemeris.
        #expect(SolarTermDate.all(inYear: 1979).first { $0.term == .dahan }?.date == d("1979-01-20"))
        // 2021 冬至: 23:59 on 12-21.
        #expect(SolarTermDate.all(inYear: 2021).first { $0.term == .dongzhi }?.date == d("2021-12-21"))
    }

    @Test func solarTermLongitudesStepByFifteenDegrees() {
        #expect(SolarTerm.chunfen.longitude == 0)
        #expect(SolarTerm.dongzhi.longitude == 270)
        #expect(SolarTerm.xiaohan.longitude == 285)
        #expect(SolarTerm(name: "清明") == .qingming)
        #expect(SolarTerm(name: "清明节") == nil)
    }

    @Test func newYearsEveIsTheLastDayOfTheTwelfthMonthOf29Or30Days() {
        // 2026: 腊月 has 29 days, so 除夕 is 腊月廿九.
        #expect(Self.almanac.festivals(on: d("2026-02-16")).map(\.name) == ["除夕"])
        #expect(Self.almanac.festivals(on: d("2026-02-17")).map(\.name) == ["春节"])
        #expect(Self.almanac.festivals(on: d("2027-02-05")).map(\.name) == ["除夕"])
        #expect(Self.almanac.festivals(on: d("2025-01-28")).map(\.name) == ["除夕"])
    }

    @Test func festivalsOnSharedDaysListLunarFirst() {
        #expect(Self.almanac.festivals(on: d("2025-10-06")).map(\.name) == ["中秋节"])
        #expect(Self.almanac.festivals(on: d("2020-10-01")).map(\.name) == ["中秋节", "国庆节"])
        #expect(Self.almanac.festivals(on: d("2026-04-05")).map(\.name) == ["清明节"])
        #expect(Self.almanac.festivals(on: d("2026-01-26")).map(\.name) == ["腊八节"])
        #expect(Self.almanac.festivals(on: d("2026-02-10")).map(\.name) == ["北方小年"])
        #expect(Self.almanac.festivals(on: d("2026-02-11")).map(\.name) == ["南方小年"])
        #expect(Self.almanac.festivals(on: d("2026-11-23")).map(\.name) == ["下元节"])
        #expect(Self.almanac.festivals(on: d("2026-11-24")).isEmpty)
    }

    /// 母亲节 and 父亲节, the second and third Sunday of May and June, on every site; the western
    /// set (情人节, 平安夜, 圣诞节) only where a site asks for it.
    @Test func observancesByWeekdayAndBySet() {
        #expect(Self.almanac.festivals(on: d("2026-05-10")).map(\.name) == ["母亲节"])
        #expect(Self.almanac.festivals(on: d("2026-06-21")).map(\.name) == ["父亲节"])
        #expect(Self.almanac.festivals(on: d("2026-05-03")).isEmpty && Self.almanac.festivals(on: d("2026-06-14")).isEmpty)
        #expect(Self.almanac.festivals(on: d("2027-05-09")).map(\.name) == ["母亲节"])  // May 2027 starts on a Saturday
        #expect(Self.almanac.festivals(on: d("2026-12-25")).isEmpty)
        let western = Almanac(calendar: TestData.calendar, years: 2026...2026, festivals: ObservanceSet.festivals([.western]))
        #expect(western.festivals(on: d("2026-12-25")).map(\.name) == ["圣诞节"])
        #expect(western.festivals(on: d("2026-02-14")).map(\.name) == ["情人节"])
        #expect(western.festivals(inYear: 2026).count == Self.almanac.festivals(inYear: 2026).count + 3)
        // 2026-05-10 is still 母亲节 on the western site: the sets only add.
        #expect(western.festivals(on: d("2026-05-10")).map(\.name) == ["母亲节"])
    }

    @Test func qingmingIsShownOnceAsAFestival() {
        #expect(Self.almanac.solarTerm(on: d("2026-04-05")) == .qingming)
        #expect(Self.almanac.observances(on: d("2026-04-05")).festivals.map(\.name) == ["清明节"])
        #expect(Self.almanac.observances(on: d("2026-04-05")).solarTerm == nil)
        #expect(Self.almanac.observances(on: d("2026-12-22")).solarTerm == .dongzhi)
    }

    @Test func aFestivalNeverFallsInALeapMonth() {
        // 2023 has 闰二月: 龙抬头 is 二月初二 (2023-02-21), not 闰二月初二 (2023-03-23).
        #expect(Self.almanac.festivals(on: d("2023-02-21")).map(\.name) == ["龙抬头"])
        #expect(Self.almanac.festivals(on: d("2023-03-23")).isEmpty)
    }

    @Test func statutoryDaysFollowTheLawInForce() {
        #expect(Self.almanac.statutoryDays(inYear: 2025).count == 13)
        #expect(Self.almanac.statutoryDays(inYear: 2024).count == 11)
        #expect(Self.almanac.statutoryDays(inYear: 2012).count == 11)
        #expect(Self.almanac.statutoryDays(inYear: 2007).count == 10)
        let spring2012 = Self.almanac.statutoryDays(inYear: 2012).filter { $0.holiday == "春节" }.map(\.date.iso8601)
        #expect(spring2012 == ["2012-01-22", "2012-01-23", "2012-01-24"])
        let spring2024 = Self.almanac.statutoryDays(inYear: 2024).filter { $0.holiday == "春节" }.map(\.date.iso8601)
        #expect(spring2024 == ["2024-02-10", "2024-02-11", "2024-02-12"])
        let labour2025 = Self.almanac.statutoryDays(inYear: 2025).filter { $0.holiday == "劳动节" }.map(\.date.iso8601)
        #expect(labour2025 == ["2025-05-01", "2025-05-02"])
        #expect(HolidayLaw.inForce(year: 2014) == .of2013)
        #expect(HolidayLaw.inForce(year: 2025).decree == "国务院令第795号")
    }

    @Test func statutoryDaysAreKnownForUnannouncedYears() {
        #expect(!TestData.calendar.isAnnounced(year: 2027))
        let days = Self.almanac.statutoryDays(inYear: 2027)
        #expect(days.count == 13)
        #expect(days.first { $0.holiday == "春节" }?.date == d("2027-02-05"))
    }

    @Test func everyStatutoryDayIsAnOffDayInTheData() {
        for year in TestData.calendar.years where TestData.calendar.isAnnounced(year: year) {
            for day in Self.almanac.statutoryDays(inYear: year) {
                #expect(TestData.calendar.status(of: day.date).isOffDay, "\(day.date) \(day.holiday)")
            }
        }
    }

    @Test func partialHolidaysSayWhoIsOff() {
        let partial = Self.almanac.day(d("2026-03-08")).partialHoliday
        #expect(partial?.summary == "妇女放假半天")
        #expect(Self.almanac.day(d("2026-06-01")).partialHoliday?.summary == "不满14周岁的少年儿童放假1天")
    }

    @Test func workdayArithmeticAcrossTheNationalDayBreak() {
        let calendar = TestData.calendar
        // 2026: 10-01…10-07 off, 09-20 (Sun) and 10-10 (Sat) make-up workdays.
        #expect(calendar.settledNextWorkday(after: d("2026-09-30")) == d("2026-10-08"))
        #expect(calendar.workday(5, from: d("2026-09-30")) == d("2026-10-13"))
        #expect(calendar.workday(-1, from: d("2026-10-08")) == d("2026-09-30"))
        #expect(calendar.workday(0, from: d("2026-10-03")) == d("2026-10-03"))
    }

    @Test func workdayArithmeticAcrossAYearBoundary() {
        let calendar = TestData.calendar
        // 2025-12-31 (Wed) → 2026-01-01…01-03 off, 01-04 (Sun) a make-up workday.
        #expect(calendar.settledNextWorkday(after: d("2025-12-31")) == d("2026-01-04"))
        #expect(calendar.settledPreviousWorkday(before: d("2026-01-04")) == d("2025-12-31"))
        // 2027 is not announced: nothing past 2026-12-31 is settled.
        #expect(calendar.settledNextWorkday(after: d("2026-12-31")) == nil)
        #expect(calendar.workday(3, from: d("2026-12-30")) == nil)
        #expect(calendar.settledNextWorkday(after: d("2027-03-01")) == nil)
        #expect(calendar.settledPreviousWorkday(before: d("2007-01-01")) == nil)
    }

    @Test func workdayOrdinalsAndCounts() {
        #expect(Self.almanac.workdayOfYear(d("2026-01-04")) == 1)
        #expect(Self.almanac.workdayOfYear(d("2026-01-05")) == 2)
        #expect(Self.almanac.workdayOfMonth(d("2026-01-05")) == 2)
        #expect(Self.almanac.workdayOfMonth(d("2026-02-02")) == 1)
        #expect(Self.almanac.workdayOfYear(d("2026-01-03")) == nil)
        #expect(Self.almanac.workdayOfYear(d("2027-01-04")) == nil)
        let workdays2026 = Self.almanac.workdays(inYear: 2026)
        #expect(workdays2026?.count == TestData.calendar.workdays(from: d("2026-01-01"), through: d("2026-12-31")).count)
        #expect(Self.almanac.workdays(inYear: 2027) == nil)
        #expect(TestData.calendar.workdayCount(year: 2026, month: 10) == 18)
        #expect(TestData.calendar.workdayCount(year: 2027, month: 1) == nil)
    }

    @Test func theNextHoliday() {
        // 2026: 中秋节 09-25…09-27 and 国庆节 10-01…10-07 are separate breaks.
        let next = Self.almanac.nextHoliday(after: d("2026-09-20"))
        #expect(next?.name == "中秋节")
        #expect(next?.start == d("2026-09-25"))
        #expect(next?.length == 3)
        // During a break the next one is the following break.
        let afterMidAutumn = Self.almanac.nextHoliday(after: d("2026-09-26"))
        #expect(afterMidAutumn?.name == "国庆节")
        #expect(afterMidAutumn?.length == 7)
        // After 国庆节 the next break is in 2027, not announced yet.
        #expect(Self.almanac.nextHoliday(after: d("2026-10-02")) == nil)
        // 元旦 2019 began on 2018-12-30, in the year before its notice.
        #expect(Self.almanac.nextHoliday(after: d("2018-12-29"))?.start == d("2018-12-30"))
        #expect(Self.almanac.nextHoliday(after: d("2027-01-10")) == nil)
        #expect(Self.almanac.nextHoliday(after: d("2006-06-01")) == nil)
    }

    /// A date's partial holiday is the one of its year's that falls on it.
    @Test func partialHolidaysByDate() {
        for year in [1901, 2024, 2026, 2100] {
            let all = PartialHoliday.all(inYear: year)
            #expect(all.count == 4)
            for date in CivilDate.days(ofYear: year) {
                #expect(PartialHoliday.on(date) == all.first { $0.date == date })
            }
        }
    }
}
