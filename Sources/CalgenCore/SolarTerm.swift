import Foundation

/// One of the 24 solar terms (节气), in the order they fall in a Gregorian year.
public enum SolarTerm: Int, CaseIterable, Hashable, Sendable {
    case xiaohan, dahan, lichun, yushui, jingzhe, chunfen, qingming, guyu, lixia, xiaoman, mangzhong, xiazhi
    case xiaoshu, dashu, liqiu, chushu, bailu, qiufen, hanlu, shuangjiang, lidong, xiaoxue, daxue, dongzhi

    /// 小寒 … 冬至.
    public var name: String {
        [
            "小寒", "大寒", "立春", "雨水", "惊蛰", "春分", "清明", "谷雨", "立夏", "小满", "芒种", "夏至",
            "小暑", "大暑", "立秋", "处暑", "白露", "秋分", "寒露", "霜降", "立冬", "小雪", "大雪", "冬至",
        ][rawValue]
    }

    /// The Sun's apparent longitude that starts the term: 285° for 小寒 … 0° for 春分 … 270° for 冬至.
    public var longitude: Double { Double((rawValue * 15 + 285) % 360) }

    /// The term with a name, or `nil`.
    public init?(name: String) {
        guard let term = SolarTerm.allCases.first(where: { $0.name == name }) else { return nil }
        self = term
    }
}

/// A solar term in a given year: the moment the Sun's apparent longitude reaches the term's
/// longitude, and the date of that moment in China Standard Time (UTC+8).
public struct SolarTermDate: Hashable, Sendable {
    public let term: SolarTerm
    /// The date in China Standard Time.
    public let date: CivilDate
    /// The moment, good to about a minute.
    public let moment: Date

    /// The 24 terms of a Gregorian year, in order, computed astronomically (see `SunLongitude`).
    ///
    /// Trusted for 1901–2100, where they agree to the date with independent ephemerides; the
    /// further a year lies from today, the less certain ΔT and so a term within a minute of
    /// midnight.
    public static func all(inYear year: Int) -> [SolarTermDate] {
        // A pure function of the year that costs a VSOP87 series per term: worked out once per
        // year and process, so that rebuilds (`calgen serve`, tests) do not repeat it.
        if let known = memo.withLock({ $0[year] }) { return known }
        let terms = compute(inYear: year)
        memo.withLock { $0[year] = terms }
        return terms
    }

    /// `all(inYear:)` of several years, those not worked out yet on all cores (each is a
    /// VSOP87 series per term, and the years depend on nothing of each other).
    public static func all(inYears years: [Int]) -> [Int: [SolarTermDate]] {
        let missing = Array(Set(years.filter { year in memo.withLock { $0[year] == nil } })).sorted()
        if missing.count > 1 {
            DispatchQueue.concurrentPerform(iterations: missing.count) { i in _ = all(inYear: missing[i]) }
        }
        var terms = [Int: [SolarTermDate]]()
        for year in years { terms[year] = all(inYear: year) }
        return terms
    }

    /// The terms of each year worked out so far.
    private static let memo = Memo<[Int: [SolarTermDate]]>([:])

    private static func compute(inYear year: Int) -> [SolarTermDate] {
        let january6 = CivilDate(year: year, month: 1, day: 6)!
        // Julian Day of 00:00 UT on 1970-01-01.
        let unixEpochJD = 2_440_587.5
        return SolarTerm.allCases.map { term in
            let estimate = Double(january6.dayNumber) + unixEpochJD + Double(term.rawValue) * 15.2184
            let jde = SunLongitude.instant(ofLongitude: term.longitude, near: estimate)
            let decimalYear = Double(year) + Double(term.rawValue) / 24
            let jd = jde - DeltaT.seconds(atYear: decimalYear) / 86_400
            let unixSeconds = (jd - unixEpochJD) * 86_400
            let cstDay = Int(((unixSeconds + 8 * 3600) / 86_400).rounded(.down))
            return SolarTermDate(
                term: term, date: CivilDate(dayNumber: cstDay), moment: Date(timeIntervalSince1970: unixSeconds))
        }
    }
}
