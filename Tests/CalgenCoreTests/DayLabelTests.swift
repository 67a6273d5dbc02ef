import CalgenCore
import Testing

/// The one rule of what a day cell says, on the days the year grids used to get wrong.
struct DayLabelTests {
    func label(_ iso: String) -> DayLabel { AlmanacTests.almanac.label(on: TestData.date(iso)) }

    @Test func festivalsOnTheirOwnDaysOnly() {
        // 2026-04-04 is a swapped rest day of the 清明 break; 04-05 is 清明 and the statutory day.
        #expect(label("2026-04-04").festivals.isEmpty)
        #expect(label("2026-04-04").breakOf == "清明节")
        #expect(label("2026-04-04").single == .lunarDay(LunarDate(year: 2026, month: 2, day: 17)))
        #expect(label("2026-04-05").single == .festival(Festival.all.first { $0.name == "清明节" }!))
        #expect(label("2026-04-05").solarTerm == nil)
        // 02-15 (腊月廿八) is the break's first day; 02-17 is 正月初一.
        #expect(label("2026-02-15").breakOf == "春节")
        #expect(label("2026-02-15").single == .lunarDay(LunarDate(year: 2025, month: 12, day: 28)))
        #expect(label("2026-02-17").single == .festival(Festival.all.first { $0.name == "春节" }!))
    }

    @Test func statutoryDaysNameTheirHolidayUnlessTheyHaveAFestival() {
        #expect(label("2026-10-02").statutoryHoliday == "国庆节")
        #expect(label("2026-10-02").single == .statutoryHoliday("国庆节"))
        #expect(label("2026-10-02").breakOf == nil)
        // 除夕 is a statutory day of 春节 from 2025, and says 除夕.
        #expect(label("2026-02-16").festivals.map(\.name) == ["除夕"])
        #expect(label("2026-02-16").statutoryHoliday == nil)
        // 初二 names 春节 by law; 雨水 begins that day and comes first in a one-label cell.
        #expect(label("2026-02-18").statutoryHoliday == "春节")
        #expect(label("2026-02-18").single == .solarTerm(.yushui))
        // 2025-10-06, 中秋节 inside the 国庆 break: its own festival, not the break's name.
        #expect(label("2025-10-06").festivals.map(\.name) == ["中秋节"])
        #expect(label("2025-10-06").statutoryHoliday == nil && label("2025-10-06").breakOf == nil)
        // An unannounced year's statutory days are known by law.
        #expect(label("2028-10-02").statutoryHoliday == "国庆节")
    }

    @Test func aFestivalOfAnotherNameDoesNotHideTheStatutoryHoliday() {
        // 2014-10-02 is 重阳节 and a statutory day of 国庆节: both are named.
        #expect(label("2014-10-02").festivals.map(\.name) == ["重阳节"])
        #expect(label("2014-10-02").statutoryHoliday == "国庆节")
        // 2020-10-01 is 中秋节 and 国庆节, each a festival of the day.
        #expect(label("2020-10-01").statutoryHoliday == nil)
    }

    @Test func onAStatutoryDayItsOwnFestivalComesFirst() {
        // 2012-01-01 is 腊八节 and 元旦, a statutory day of 元旦: a one-label cell says 元旦.
        #expect(label("2012-01-01").festivals.map(\.name) == ["元旦", "腊八节"])
        #expect(label("2012-01-01").single == .festival(Festival.all.first { $0.name == "元旦" }!))
        #expect(label("2012-01-01").statutoryHoliday == nil)
    }

    @Test func breaksAndMakeupDaysSayWhatTheyAre() {
        #expect(label("2026-05-05").solarTerm == .lixia)
        #expect(label("2026-05-05").breakOf == "劳动节")
        #expect(label("2026-05-05").single == .solarTerm(.lixia))
        #expect(label("2026-02-14").makeupFor == "春节")
        #expect(label("2026-02-14").breakOf == nil && label("2026-02-14").statutoryHoliday == nil)
        #expect(label("2026-10-10").makeupFor == "国庆节")
        // 10-10 is 九月初一: the lunar month's start is the one label.
        #expect(label("2026-10-10").single == .lunarMonth(LunarDate(year: 2026, month: 9, day: 1)))
    }

    @Test func precedenceIsFestivalTermMonthStatutoryDay() {
        let lunar = LunarDate(year: 2026, month: 8, day: 1)
        let all = DayLabel(
            festivals: [Festival.all[0]], solarTerm: .qiufen, lunar: lunar, statutoryHoliday: "国庆节", breakOf: nil,
            makeupFor: nil)
        #expect(all.single == .festival(Festival.all[0]))
        let term = DayLabel(
            festivals: [], solarTerm: .qiufen, lunar: lunar, statutoryHoliday: "国庆节", breakOf: nil, makeupFor: nil)
        #expect(term.single == .solarTerm(.qiufen))
        let month = DayLabel(
            festivals: [], solarTerm: nil, lunar: lunar, statutoryHoliday: "国庆节", breakOf: nil, makeupFor: nil)
        #expect(month.single == .lunarMonth(lunar))
        let day = LunarDate(year: 2026, month: 8, day: 2)
        let statutory = DayLabel(
            festivals: [], solarTerm: nil, lunar: day, statutoryHoliday: "国庆节", breakOf: nil, makeupFor: nil)
        #expect(statutory.single == .statutoryHoliday("国庆节"))
        let plain = DayLabel(festivals: [], solarTerm: nil, lunar: day, statutoryHoliday: nil, breakOf: "国庆节", makeupFor: nil)
        #expect(plain.single == .lunarDay(day))
        #expect(
            DayLabel(festivals: [], solarTerm: nil, lunar: nil, statutoryHoliday: nil, breakOf: nil, makeupFor: nil).single
                == .none)
    }
}
