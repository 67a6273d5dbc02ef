import CalgenCore
import Testing

/// 干支, 生肖, 数九 and 三伏, on dates an almanac prints (checked for every day of 1901–2100
/// against lunar_python by checks/test_api.py).
struct GanZhiTests {
    func d(_ s: String) -> CivilDate { TestData.date(s) }
    var almanac: Almanac { AlmanacTests.almanac }

    @Test func theCyclesOfYearsAndDays() {
        #expect((0..<60).map { GanZhi(index: $0).name }.prefix(3) == ["甲子", "乙丑", "丙寅"])
        #expect(GanZhi(index: 59).name == "癸亥" && GanZhi(index: -1).name == "癸亥" && GanZhi(index: 60).name == "甲子")
        #expect((0..<60).allSatisfy { GanZhi(index: $0).name == GanZhi.stems[$0 % 10] + GanZhi.branches[$0 % 12] })
        #expect(GanZhi.day(d("1949-10-01")).name == "甲子")
        #expect(GanZhi.day(d("1949-09-30")).name == "癸亥")
        #expect(GanZhi.year(1984).name == "甲子" && GanZhi.year(2026).name == "丙午")
        #expect(GanZhi.year(2026).animal == "马" && GanZhi.year(2025).animal == "蛇")
        #expect(GanZhi(index: -1).name == "癸亥" && GanZhi(index: 60).name == "甲子")
    }

    @Test func theYearTurnsAtChunjieAndAtLichun() throws {
        // 2026-02-04 is 立春; 2026-02-17 is 正月初一.
        let beforeLichun = try #require(almanac.ganZhi(on: d("2026-02-03")))
        #expect(beforeLichun.year.name == "乙巳" && beforeLichun.yearByLichun.name == "乙巳")
        #expect(beforeLichun.month.name == "己丑")
        let lichun = try #require(almanac.ganZhi(on: d("2026-02-04")))
        #expect(lichun.year.name == "乙巳" && lichun.yearByLichun.name == "丙午" && lichun.month.name == "庚寅")
        #expect(lichun.zodiac == "蛇")
        let chunjie = try #require(almanac.ganZhi(on: d("2026-02-17")))
        #expect(chunjie.year.name == "丙午" && chunjie.zodiac == "马")
    }

    @Test func monthsTurnAtEachJie() throws {
        // 大雪 2025-12-07 starts 戊子 month; 小寒 2026-01-05 己丑; 惊蛰 2026-03-05 辛卯.
        #expect(almanac.ganZhi(on: d("2025-12-22"))?.month.name == "戊子")
        #expect(almanac.ganZhi(on: d("2026-01-04"))?.month.name == "戊子")
        #expect(almanac.ganZhi(on: d("2026-01-05"))?.month.name == "己丑")
        #expect(almanac.ganZhi(on: d("2026-03-05"))?.month.name == "辛卯")
        // 1901-01-01…05 lie before 小寒 1901: 1900's 大雪 month.
        #expect(almanac.ganZhi(on: d("1901-01-01"))?.month.name == "戊子")
        #expect(almanac.ganZhi(on: d("1900-12-31")) == nil)
    }

    @Test func shuJiuFromDongzhi() {
        // 冬至 2025-12-21: 一九 day 1; 九九 ends on the 81st day, 2026-03-11.
        #expect(almanac.shuJiu(on: d("2025-12-21")) == SeasonalCount(name: "一九", day: 1))
        #expect(almanac.shuJiu(on: d("2026-01-10"))?.text == "三九第3天")
        #expect(almanac.shuJiu(on: d("2026-03-11")) == SeasonalCount(name: "九九", day: 9))
        #expect(almanac.shuJiu(on: d("2026-03-12")) == nil)
        #expect(almanac.shuJiu(on: d("2025-12-20")) == nil)
    }

    @Test func sanFuFromTheGengDays() {
        // 2026: 初伏 07-15, 中伏 07-25 for 20 days (立秋 08-07; its first 庚 day is 08-14), 末伏 08-14.
        #expect(almanac.sanFu(on: d("2026-07-14")) == nil)
        #expect(almanac.sanFu(on: d("2026-07-15")) == SeasonalCount(name: "初伏", day: 1))
        #expect(almanac.sanFu(on: d("2026-07-25")) == SeasonalCount(name: "中伏", day: 1))
        #expect(almanac.sanFu(on: d("2026-08-13")) == SeasonalCount(name: "中伏", day: 20))
        #expect(almanac.sanFu(on: d("2026-08-14")) == SeasonalCount(name: "末伏", day: 1))
        #expect(almanac.sanFu(on: d("2026-08-23"))?.text == "末伏第10天")
        #expect(almanac.sanFu(on: d("2026-08-24")) == nil)
    }
}
