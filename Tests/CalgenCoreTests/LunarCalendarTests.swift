import CalgenCore
import Testing

@Suite struct LunarCalendarTests {
    func lunar(_ iso: String) throws -> LunarDate { try LunarCalendar.lunarDate(for: CivilDate(iso: iso)!) }

    @Test func knownDates() throws {
        #expect(try lunar("2021-02-12").text == "正月初一")
        #expect(try lunar("2021-02-12") == LunarDate(year: 2021, month: 1, day: 1))
        #expect(try lunar("2020-05-23").text == "闰四月初一")
        #expect(try lunar("2020-05-23") == LunarDate(year: 2020, month: 4, day: 1, isLeapMonth: true))
        #expect(try lunar("2023-03-22").text == "闰二月初一")
        #expect(try lunar("2024-09-17").text == "八月十五")
        #expect(try lunar("2026-10-08").text == "八月廿八")
        #expect(try lunar("2026-02-16").text == "腊月廿九")  // 除夕 of a year whose 腊月 has 29 days
        #expect(try lunar("2026-01-10") == LunarDate(year: 2025, month: 11, day: 22))
        #expect(try lunar("2026-01-10").text == "冬月廿二")
        #expect(try lunar("1901-01-01") == LunarDate(year: 1900, month: 11, day: 11))
    }

    func newYear(_ year: Int) throws -> String {
        try LunarCalendar.gregorianDate(for: LunarDate(year: year, month: 1, day: 1)).iso8601
    }

    /// 春节 by the Hong Kong Observatory's tables (1916's is a day before ICU's 02-04).
    @Test func springFestivals() throws {
        #expect(try newYear(1901) == "1901-02-19")
        #expect(try newYear(1914) == "1914-01-26")
        #expect(try newYear(1916) == "1916-02-03")
        #expect(try lunar("1916-02-02").text == "腊月廿九")  // 除夕: 1915's 腊月 has 29 days
        #expect(try newYear(1920) == "1920-02-20")
        #expect(try newYear(2033) == "2033-01-31")
        #expect(try newYear(2057) == "2057-02-04")
        #expect(try newYear(2097) == "2097-02-12")
        #expect(try newYear(2100) == "2100-02-09")
    }

    /// The months whose first day Foundation's Chinese calendar (ICU), which calgen used before the
    /// compiled-in table, puts a day off the Hong Kong Observatory's: the day in question by HKO.
    @Test func monthsWhereICUDiffers() throws {
        #expect(try lunar("1914-11-17") == LunarDate(year: 1914, month: 10, day: 1))  // ICU: 九月三十
        #expect(try lunar("1916-02-03") == LunarDate(year: 1916, month: 1, day: 1))  // ICU: 腊月三十
        #expect(try lunar("1920-11-10") == LunarDate(year: 1920, month: 10, day: 1))  // ICU: 九月三十
        #expect(try lunar("1933-07-22") == LunarDate(year: 1933, month: 6, day: 1))  // ICU: 闰五月三十
        #expect(try lunar("1954-11-25") == LunarDate(year: 1954, month: 10, day: 30))  // ICU: 冬月初一
        #expect(try lunar("1954-11-26") == LunarDate(year: 1954, month: 11, day: 1))
        #expect(try lunar("1978-09-02") == LunarDate(year: 1978, month: 8, day: 1))  // ICU: 七月三十
        #expect(try lunar("2057-09-28") == LunarDate(year: 2057, month: 9, day: 1))  // ICU: 八月三十
        #expect(try lunar("2097-08-07") == LunarDate(year: 2097, month: 7, day: 1))  // ICU: 六月三十
        #expect(LunarCalendar.monthLength(year: 1914, month: 9) == 29)
        #expect(LunarCalendar.monthLength(year: 1914, month: 10) == 30)
        #expect(LunarCalendar.monthLength(year: 2097, month: 6) == 29)
        #expect(LunarCalendar.monthLength(year: 2097, month: 7) == 30)
    }

    /// Each lunar year ends the day before the next one's 正月初一, with its 腊月 complete.
    @Test func everyLunarYearFollowsOnFromTheOneBefore() throws {
        for year in 1901...2100 {
            let first = try LunarCalendar.gregorianDate(for: LunarDate(year: year, month: 1, day: 1))
            let length = try #require(LunarCalendar.monthLength(year: year - 1, month: 12))
            let eve = try LunarCalendar.lunarDate(for: first.adding(days: -1))
            #expect(eve == LunarDate(year: year - 1, month: 12, day: length))
        }
        // 2100's 腊月 begins on the last supported day.
        #expect(try lunar("2100-12-31") == LunarDate(year: 2100, month: 12, day: 1))
        #expect(throws: LunarCalendarError.outOfRange("2100年腊月初二")) {
            try LunarCalendar.gregorianDate(for: LunarDate(year: 2100, month: 12, day: 2))
        }
    }

    @Test func everyDayFrom1901To2100RoundTrips() throws {
        var date = LunarCalendar.firstSupportedDate
        var previous: LunarDate?
        var count = 0
        while date <= LunarCalendar.lastSupportedDate {
            let l = try LunarCalendar.lunarDate(for: date)
            #expect(try LunarCalendar.gregorianDate(for: l) == date)
            #expect((1...30).contains(l.day) && (1...12).contains(l.month))
            if let p = previous, l.day != 1 {
                #expect(l.day == p.day + 1 && l.month == p.month && l.isLeapMonth == p.isLeapMonth)
            }
            previous = l
            date = date.next
            count += 1
        }
        #expect(count == 73_049)
    }

    @Test func names() {
        #expect((1...12).map(LunarDate.monthName) == ["正月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "冬月", "腊月"])
        #expect(LunarDate.dayName(1) == "初一")
        #expect(LunarDate.dayName(10) == "初十")
        #expect(LunarDate.dayName(15) == "十五")
        #expect(LunarDate.dayName(20) == "二十")
        #expect(LunarDate.dayName(29) == "廿九")
        #expect(LunarDate.dayName(30) == "三十")
    }

    @Test func leapMonthsAndMonthLengths() throws {
        #expect(LunarCalendar.leapMonth(inYear: 2020) == 4)
        #expect(LunarCalendar.leapMonth(inYear: 2023) == 2)
        #expect(LunarCalendar.leapMonth(inYear: 2025) == 6)
        #expect(LunarCalendar.leapMonth(inYear: 2026) == nil)
        #expect(LunarCalendar.leapMonth(inYear: 2033) == 11)
        #expect(try lunar("2033-12-22").text == "闰冬月初一")
        #expect(LunarCalendar.leapMonth(inYear: 1900) == 8)
        #expect(LunarCalendar.leapMonth(inYear: 2099) == 2)
        #expect(LunarCalendar.leapMonth(inYear: 2100) == nil)
        #expect(LunarCalendar.monthLength(year: 2025, month: 12) == 29)
        #expect(LunarCalendar.monthLength(year: 2026, month: 4, isLeap: true) == nil)
    }

    @Test func clearErrorsOutsideTheRangeAndForMissingDates() {
        #expect(throws: LunarCalendarError.outOfRange("1900-12-31")) {
            try LunarCalendar.lunarDate(for: CivilDate(iso: "1900-12-31")!)
        }
        #expect(throws: LunarCalendarError.outOfRange("2101-01-01")) {
            try LunarCalendar.lunarDate(for: CivilDate(iso: "2101-01-01")!)
        }
        let noLeap = LunarDate(year: 2026, month: 4, day: 1, isLeapMonth: true)
        #expect(throws: LunarCalendarError.noSuchMonth(noLeap)) { try LunarCalendar.gregorianDate(for: noLeap) }
        let thirtieth = LunarDate(year: 2025, month: 12, day: 30)
        #expect(throws: LunarCalendarError.noSuchDay(thirtieth, monthLength: 29)) {
            try LunarCalendar.gregorianDate(for: thirtieth)
        }
        #expect(LunarCalendarError.noSuchDay(thirtieth, monthLength: 29).description == "2025年腊月 has 29 days, so it has no 三十")
        #expect(throws: LunarCalendarError.self) { try LunarCalendar.gregorianDate(for: LunarDate(year: 2200, month: 1, day: 1)) }
    }
}
