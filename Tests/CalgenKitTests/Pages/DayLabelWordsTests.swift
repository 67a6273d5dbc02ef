import CalgenCore
import CalgenModel
import Testing

/// The words of a day cell in both languages.
struct DayLabelWordsTests {
    let chinese = SiteStrings(language: .chinese)
    let english = SiteStrings(language: .english)

    @Test func lunarDatesInBothLanguages() {
        let day = LunarDate(year: 2026, month: 8, day: 21)
        let first = LunarDate(year: 2026, month: 9, day: 1)
        let leap = LunarDate(year: 2028, month: 5, day: 3, isLeapMonth: true)
        #expect(chinese.lunarCell(day) == "廿一" && chinese.lunarCell(first) == "九月")
        #expect(chinese.lunarCell(LunarDate(year: 2028, month: 5, day: 1, isLeapMonth: true)) == "闰五月")
        #expect(english.lunarCell(day) == "L8-21" && english.lunarCell(first) == "L9-1" && english.lunarCell(leap) == "LL5-3")
        #expect(chinese.lunarSpoken(day) == "农历八月廿一")
        #expect(english.lunarSpoken(day) == "lunar 8th month, day 21")
        #expect(english.lunarSpoken(leap) == "lunar leap 5th month, day 3")
        #expect(english.lunarSpoken(LunarDate(year: 2026, month: 11, day: 2)) == "lunar 11th month, day 2")
        #expect(english.lunarSpoken(LunarDate(year: 2026, month: 2, day: 2)) == "lunar 2nd month, day 2")
    }

    @Test func breaksAndMakeupDays() {
        #expect(chinese.breakDay("春节") == "春节假期" && chinese.breakDay("国庆节") == "国庆假期")
        #expect(chinese.breakDay("劳动节") == "五一假期" && chinese.breakDay("元旦") == "元旦假期")
        #expect(chinese.makeupDay("国庆节") == "国庆补班" && chinese.makeupDay("春节") == "春节补班")
        #expect(english.breakDay("春节") == "Spring Festival holiday")
        #expect(english.makeupDay("国庆节") == "Make-up workday")
        #expect(english.makeupDaySpoken("国庆节") == "make-up workday for National Day")
    }

    @Test func englishCellsBreakLongWordsAtSyllables() {
        #expect(english.cellText("Mid-Autumn Festival") == "Mid-Autumn Fes\u{AD}ti\u{AD}val")
        #expect(english.cellText("Make-up workday") == "Make-up work\u{AD}day")
        #expect(chinese.cellText("中秋节") == "中秋节")
        // Only soft hyphens are added: the text reads the same.
        #expect(english.cellText("Dragon Boat Festival").replacingOccurrences(of: "\u{AD}", with: "") == "Dragon Boat Festival")
    }

    @Test func partialHolidaysInBothLanguages() {
        let women = PartialHoliday.all(inYear: 2026)[0]
        #expect(chinese.partialLine(women) == "妇女节（3月8日）妇女放假半天")
        #expect(english.partialLine(women) == "Women's Day (8 Mar): half a day off for women")
    }
}
