/// One of the sixty stem-branch pairs (干支, 甲子 … 癸亥) that count years, months and days.
public struct GanZhi: Hashable, Sendable {
    /// 0 (甲子) … 59 (癸亥).
    public let index: Int

    public init(index: Int) {
        self.index = (index % 60 + 60) % 60
    }

    /// 甲 … 癸.
    public static let stems = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"]
    /// 子 … 亥.
    public static let branches = ["子", "丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥"]
    /// The animal of each branch: 鼠 for 子 … 猪 for 亥.
    public static let animals = ["鼠", "牛", "虎", "兔", "龙", "蛇", "马", "羊", "猴", "鸡", "狗", "猪"]

    /// The sixty names in order, made once: 甲子 … 癸亥.
    private static let names = (0..<60).map { stems[$0 % 10] + branches[$0 % 12] }

    /// 0 (甲) … 9 (癸).
    public var stem: Int { index % 10 }
    /// 0 (子) … 11 (亥).
    public var branch: Int { index % 12 }
    /// `丙午`.
    public var name: String { GanZhi.names[index] }
    /// The animal of the branch: `马` for 丙午.
    public var animal: String { GanZhi.animals[branch] }

    /// The 干支 of a year as its number counts it: 1984 and 2044 are 甲子, 2026 is 丙午.
    public static func year(_ year: Int) -> GanZhi { GanZhi(index: year - 1984) }

    /// The 干支 of a day: the cycle of days has run unbroken for millennia; 1949-10-01 was 甲子.
    public static func day(_ date: CivilDate) -> GanZhi { GanZhi(index: date.dayNumber - epochDay) }

    private static let epochDay = CivilDate(year: 1949, month: 10, day: 1)!.dayNumber
}

/// A date's 干支 as a Chinese almanac (黄历) prints them.
public struct DayGanZhi: Hashable, Sendable {
    /// The year by the lunar calendar, from 正月初一 (春节): 2026-02-17 on is 丙午.
    public let year: GanZhi
    /// The year as 八字 counts it, from 立春: 2026-02-04 on is 丙午.
    public let yearByLichun: GanZhi
    /// The month, from each 节 solar term (立春 starts 寅 month, 惊蛰 卯 month … 小寒 丑 month).
    public let month: GanZhi
    public let day: GanZhi

    /// The 生肖 of the lunar year: `马` for 丙午.
    public var zodiac: String { year.animal }
}

extension Almanac {
    /// The 干支 of `date`'s year (by 春节 and by 立春), month and day; `nil` outside 1901–2100,
    /// where the lunar calendar and the solar terms are not trusted.
    public func ganZhi(on date: CivilDate) -> DayGanZhi? {
        guard let lunar = try? LunarCalendar.lunarDate(for: date) else { return nil }
        // The last 节 (an even-numbered term: 小寒, 立春, 惊蛰 … 大雪) on or before the date.
        var year = date.year
        var jie = solarTerms(inYear: year).last { $0.term.rawValue % 2 == 0 && $0.date <= date }
        if jie == nil {
            // Before 小寒: the 大雪 of the year before, 1900's for 1901-01-01…05.
            year -= 1
            jie = solarTermsBeyondRange(year).last { $0.term.rawValue % 2 == 0 }
        }
        guard let jie else { return nil }
        // 小寒 of 2026 starts 己丑 month (25); each 节 starts the next of the sixty.
        let month = GanZhi(index: 25 + (year - 2026) * 12 + jie.term.rawValue / 2)
        let lichun = solarTerms(inYear: date.year).first { $0.term == .lichun }?.date
        let byLichun = lichun.map { date < $0 ? date.year - 1 : date.year } ?? lunar.year
        return DayGanZhi(
            year: .year(lunar.year), yearByLichun: .year(byLichun), month: month, day: .day(date))
    }

    /// The solar terms of a year, also of the years just outside 1901–2100 that the almanac of
    /// their first and last days needs (1900's 大雪 and 冬至).
    func solarTermsBeyondRange(_ year: Int) -> [SolarTermDate] {
        Almanac.supportedYears.contains(year) ? solarTerms(inYear: year) : SolarTermDate.all(inYear: year)
    }
}
