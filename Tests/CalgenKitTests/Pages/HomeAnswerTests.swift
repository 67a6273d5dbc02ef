import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenRender

/// What the home page answers on a day: today and tomorrow, the break (or the days off by law),
/// the next make-up workday. The bundled data: 2026 announced (国庆节 10-01–10-07, make-up
/// workdays Sunday 09-20 and Saturday 10-10), 2027 not.
@Suite struct HomeAnswerTests {
    /// The almanac of the bundled holiday files, or of the years `through` only.
    static func almanac(through last: Int = .max) -> Almanac {
        let folder = Fixture.repositoryRoot.appendingPathComponent("Content/holidays")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") && Int($0.prefix(4)).map { $0 <= last } == true }.sorted()
        let files = names.map { name in
            try! HolidayFileParser.parse(
                path: "Content/holidays/\(name)",
                bytes: [UInt8](FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)!))
        }
        let calendar = try! HolidayCalendar(files: files)
        return Almanac(calendar: calendar, years: calendar.years)
    }

    static let bundled = almanac()

    static func answer(_ iso: String, _ language: SiteLanguage = .chinese, almanac: Almanac = bundled) -> HomeAnswer {
        HomeAnswer(on: CivilDate(iso: iso)!, almanac: almanac, strings: SiteStrings(language: language))
    }

    /// Saturday before the make-up Sunday: tomorrow is a workday, said on the today line, and the
    /// make-up line does not say it again (the next one, 10-10, is three weeks off).
    @Test func theSaturdayBeforeAMakeupSunday() {
        let answer = Self.answer("2026-09-19")
        #expect(answer.today == "今天 9月19日 周六 农历八月初九 · 休息日；明天 9月20日 周日 要上班：补班（国庆节）")
        #expect(answer.holiday == "下一个假期：中秋节，还有 6 天（9月25日（周五）至9月27日（周日），共3天）")
        #expect(answer.makeup == nil)
        let english = Self.answer("2026-09-19", .english)
        #expect(
            english.today
                == "Today Sat 19 Sep (lunar 8th month, day 9) · Weekend; tomorrow (Sun 20 Sep) is a make-up workday for National Day"
        )
        #expect(english.holiday == "Next holiday: Mid-Autumn Festival, in 6 days (Fri 25 Sep – Sun 27 Sep, 3 days)")
    }

    /// A make-up day in the coming 14 days is named with its week, Monday to Sunday.
    @Test func theNextMakeupWorkdayInTwoWeeks() {
        #expect(Self.answer("2026-09-18").makeup == "本周日 9月20日 补班（国庆节）")
        #expect(Self.answer("2026-09-14").makeup == "本周日 9月20日 补班（国庆节）")
        #expect(Self.answer("2026-09-13").makeup == "下周日 9月20日 补班（国庆节）")
        #expect(Self.answer("2026-09-06").makeup == "9月20日 周日 补班（国庆节）")
        #expect(Self.answer("2026-09-05").makeup == nil)  // 15 days ahead
        #expect(Self.answer("2026-09-18").today == "今天 9月18日 周五 农历八月初八 · 工作日")
        #expect(Self.answer("2026-09-18", .english).makeup == "Make-up workday: Sun 20 Sep (National Day)")
        // On the make-up day itself the line looks on to the next one.
        #expect(Self.answer("2026-09-20").today == "今天 9月20日 周日 农历八月初十 · 补班（国庆节）")
        #expect(Self.answer("2026-09-20").makeup == nil)
        #expect(Self.answer("2026-09-27").makeup == "10月10日 周六 补班（国庆节）")
    }

    /// On the last day of a break, the next one when it starts within two weeks: 国庆 four days
    /// after 中秋 ends; a day off of a break that is no statutory day stays 休息日.
    @Test func theLastDayOfABreakNamesTheNextOne() {
        let answer = Self.answer("2026-09-27")
        #expect(answer.today == "今天 9月27日 周日 农历八月十七 · 休息日（中秋节）")
        #expect(
            answer.holiday
                == "中秋假期第3天（共3天），9月28日（周一）上班；下一个假期：国庆节，还有 4 天（10月1日（周四）至10月7日（周三），共7天）")
        #expect(Self.answer("2026-09-25").today.hasSuffix("· 法定节假日（中秋节）"))
        // 国庆 ends on 10-07; 元旦 is 86 days away: not named.
        #expect(Self.answer("2026-10-07").holiday == "国庆假期第7天（共7天），10月8日（周四）上班")
        #expect(
            Self.answer("2026-09-27", .english).holiday
                == "Mid-Autumn Festival holiday, day 3 of 3; back to work Mon 28 Sep. Next holiday: National Day, in 4 days (Thu 1 Oct – Wed 7 Oct, 7 days)"
        )
    }

    /// During a break: which day of it, and the first workday after it.
    @Test func aBreakDaySaysWhenWorkResumes() {
        let answer = Self.answer("2026-10-02")
        #expect(answer.today == "今天 10月2日 周五 农历八月廿二 · 法定节假日（国庆节）")
        #expect(answer.holiday == "国庆假期第2天（共7天），10月8日（周四）上班")
        #expect(answer.makeup == "下周六 10月10日 补班（国庆节）")
        let english = Self.answer("2026-10-02", .english)
        #expect(english.holiday == "National Day holiday, day 2 of 7; back to work Thu 8 Oct")
        #expect(english.makeup == "Make-up workday: Sat 10 Oct (National Day)")
        #expect(Self.answer("2026-10-07").holiday == "国庆假期第7天（共7天），10月8日（周四）上班")
        // The eve of a break: tomorrow is a weekday off.
        #expect(Self.answer("2026-09-30").today.hasSuffix("；明天 10月1日 周四 休息：国庆节"))
        #expect(Self.answer("2026-09-30", .english).today.hasSuffix("; tomorrow (Thu 1 Oct) is a day off: National Day"))
        // A weekend day off within a break is the usual week: nothing said of tomorrow.
        #expect(Self.answer("2026-10-02").today.contains("明天") == false)
    }

    /// At the end of the last announced year: the statutory days known by law, not "unknown".
    @Test func theYearEndBeforeTheNextArrangement() {
        let answer = Self.answer("2026-12-30")
        #expect(answer.today == "今天 12月30日 周三 农历冬月廿二 · 工作日")
        #expect(answer.holiday == "2027年放假安排尚未公布；元旦 1月1日（周五）依法放假")
        #expect(answer.makeup == nil)
        #expect(
            Self.answer("2026-12-30", .english).holiday
                == "The 2027 arrangement is not announced yet; New Year's Day (Fri 1 Jan) is off by law")
        #expect(Self.answer("2026-12-31").today.hasSuffix("；明天 1月1日 周五 依法放假：元旦（调休安排未公布）"))
        // On the day, and after it: its status by law, then the next statutory days, 春节 in full.
        #expect(Self.answer("2027-01-01").today == "今天 1月1日 周五 农历冬月廿四 · 依法放假（元旦，该年调休安排未公布）")
        #expect(Self.answer("2027-01-01").holiday == "2027年放假安排尚未公布；元旦 1月1日（周五）依法放假")
        #expect(
            Self.answer("2027-01-04").holiday == "2027年放假安排尚未公布；春节 2月5日（周五）至2月8日（周一）依法放假")
        #expect(
            Self.answer("2027-02-07").holiday == "2027年放假安排尚未公布；春节 2月5日（周五）至2月8日（周一）依法放假")
        #expect(Self.answer("2027-02-07").today.contains("依法放假（春节，该年调休安排未公布）"))
    }

    /// The data's last year announced and no file after it: the next year's days by law all the same.
    @Test func theLastYearOfTheData() {
        let almanac = Self.almanac(through: 2026)
        #expect(almanac.calendar.years.last == 2026)
        #expect(
            Self.answer("2026-12-30", almanac: almanac).holiday == "2027年放假安排尚未公布；元旦 1月1日（周五）依法放假")
        // Weeks before, once the year's last break is over: the same.
        #expect(Self.answer("2026-10-20", almanac: almanac).holiday == "2027年放假安排尚未公布；元旦 1月1日（周五）依法放假")
    }

    /// A break that runs to the end of the last announced year: the day work resumes is not
    /// settled, so the line says when the break ends instead.
    @Test func aBreakWhoseEndIsTheLastSettledDay() throws {
        let json = #"{"year": 2026, "papers": [], "days": [{"name": "元旦", "date": "2026-12-31", "isOffDay": true}]}"#
        let file = try HolidayFileParser.parse(path: "Content/holidays/2026.json", bytes: Array(json.utf8))
        let calendar = try HolidayCalendar(files: [file])
        let almanac = Almanac(calendar: calendar, years: [2026, 2027])
        #expect(Self.answer("2026-12-31", almanac: almanac).holiday == "元旦假期第1天（共1天，至12月31日（周四））")
        #expect(
            Self.answer("2026-12-31", .english, almanac: almanac).holiday
                == "New Year's Day holiday, day 1 of 1, through Thu 31 Dec")
        #expect(Self.answer("2026-12-30", almanac: almanac).today.hasSuffix("；明天 12月31日 周四 休息：元旦"))
    }

    /// The site's time zone as the home page says it.
    /// A combined break (国庆节、中秋节 2025) is named as its cells name it.
    @Test func aCombinedBreakIsNamedAsItsCells() {
        #expect(Self.answer("2025-10-03").holiday == "国庆假期第3天（共8天），10月9日（周四）上班")
        #expect(Self.answer("2025-10-03", .english).holiday.hasPrefix("National Day holiday, day 3 of 8"))
    }

    /// A day two holidays share joins both runs: 2020-10-01 is 中秋节 and 国庆节 by law.
    @Test func aSharedStatutoryDayJoinsBothRuns() {
        let almanac = Self.almanac(through: 2019)
        #expect(
            Self.answer("2020-09-20", almanac: almanac).holiday
                == "2020年放假安排尚未公布；中秋节、国庆节 10月1日（周四）至10月3日（周六）依法放假")
    }

    @Test func theTimeZoneInWords() {
        let chinese = SiteStrings(language: .chinese)
        let english = SiteStrings(language: .english)
        #expect(chinese.zoneName("Asia/Shanghai") == "北京时间")
        #expect(english.zoneName("Asia/Shanghai") == "Beijing time")
        #expect(chinese.zoneName("Europe/Berlin") == "Europe/Berlin 时间")
        #expect(english.zoneName("Europe/Berlin") == "Europe/Berlin time")
    }
}
