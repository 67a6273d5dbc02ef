/// A day counted within one of the seasonal runs of the almanac: 数九 in winter (`三九第5天`),
/// 三伏 in summer (`中伏第3天`).
public struct SeasonalCount: Hashable, Sendable {
    /// `一九` … `九九`, or `初伏`, `中伏`, `末伏`.
    public let name: String
    /// 1-based day within the period.
    public let day: Int

    public init(name: String, day: Int) {
        self.name = name
        self.day = day
    }

    /// `三九第5天`.
    public var text: String { "\(name)第\(day)天" }
}

extension Almanac {
    /// 数九: from 冬至 (day 1 of 一九), nine periods of nine days; `nil` on the other days.
    public func shuJiu(on date: CivilDate) -> SeasonalCount? {
        for year in [date.year, date.year - 1] {
            // The 冬至 of 1900 begins the 数九 of early 1901.
            guard let winter = solarTermsBeyondRange(year).first(where: { $0.term == .dongzhi })?.date else { continue }
            let offset = date.dayNumber - winter.dayNumber
            guard offset >= 0 else { continue }
            guard offset < 81 else { return nil }
            let numerals = ["一", "二", "三", "四", "五", "六", "七", "八", "九"]
            return SeasonalCount(name: numerals[offset / 9] + "九", day: offset % 9 + 1)
        }
        return nil
    }

    /// 三伏: 初伏 from the third 庚 day counted from 夏至 (夏至 itself counts when it is one),
    /// 中伏 from the fourth, 末伏 from the first 庚 day counted from 立秋, ten days each but 中伏,
    /// which lasts until 末伏 (10 or 20 days); `nil` on the other days and outside 1901–2100.
    public func sanFu(on date: CivilDate) -> SeasonalCount? {
        let terms = solarTerms(inYear: date.year)
        guard let summer = terms.first(where: { $0.term == .xiazhi })?.date,
            let autumn = terms.first(where: { $0.term == .liqiu })?.date
        else { return nil }
        // The first 庚 (stem 6) day on or after a date.
        func firstGeng(from day: CivilDate) -> Int { day.dayNumber + (6 - GanZhi.day(day).stem + 10) % 10 }
        let first = firstGeng(from: summer) + 20
        let middle = first + 10
        let last = firstGeng(from: autumn)
        let n = date.dayNumber
        switch n {
        case first..<middle: return SeasonalCount(name: "初伏", day: n - first + 1)
        case middle..<last: return SeasonalCount(name: "中伏", day: n - middle + 1)
        case last..<(last + 10): return SeasonalCount(name: "末伏", day: n - last + 1)
        default: return nil
        }
    }
}
