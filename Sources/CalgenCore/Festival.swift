/// A traditional or commemorative day shown on the calendar (festivals are not days off by
/// themselves; see `StatutoryDay` for those).
public struct Festival: Hashable, Sendable {
    /// How the festival's date is found.
    public enum Rule: Hashable, Sendable {
        /// A day of a regular (never a leap) lunar month.
        case lunar(month: Int, day: Int)
        /// 除夕: the last day of the lunar year, 腊月廿九 or 三十.
        case lunarNewYearsEve
        /// The day a solar term begins (清明节).
        case solarTerm(SolarTerm)
        /// A fixed Gregorian month and day.
        case gregorian(month: Int, day: Int)
        /// The n-th weekday of a Gregorian month (母亲节: the second Sunday of May).
        case weekdayOfMonth(month: Int, ordinal: Int, weekday: Weekday)
    }

    /// 春节, 元宵节, … 国庆节.
    public let name: String
    public let rule: Rule

    /// The festivals every site shows, in the order a day lists them: lunar, solar-term,
    /// Gregorian, by weekday of the month. `ObservanceSet` adds more.
    public static let all: [Festival] = [
        Festival(name: "春节", rule: .lunar(month: 1, day: 1)),
        Festival(name: "元宵节", rule: .lunar(month: 1, day: 15)),
        Festival(name: "龙抬头", rule: .lunar(month: 2, day: 2)),
        Festival(name: "端午节", rule: .lunar(month: 5, day: 5)),
        Festival(name: "七夕节", rule: .lunar(month: 7, day: 7)),
        Festival(name: "中元节", rule: .lunar(month: 7, day: 15)),
        Festival(name: "中秋节", rule: .lunar(month: 8, day: 15)),
        Festival(name: "重阳节", rule: .lunar(month: 9, day: 9)),
        Festival(name: "寒衣节", rule: .lunar(month: 10, day: 1)),
        Festival(name: "下元节", rule: .lunar(month: 10, day: 15)),
        Festival(name: "腊八节", rule: .lunar(month: 12, day: 8)),
        Festival(name: "北方小年", rule: .lunar(month: 12, day: 23)),
        Festival(name: "南方小年", rule: .lunar(month: 12, day: 24)),
        Festival(name: "除夕", rule: .lunarNewYearsEve),
        Festival(name: "清明节", rule: .solarTerm(.qingming)),
        Festival(name: "元旦", rule: .gregorian(month: 1, day: 1)),
        Festival(name: "妇女节", rule: .gregorian(month: 3, day: 8)),
        Festival(name: "植树节", rule: .gregorian(month: 3, day: 12)),
        Festival(name: "劳动节", rule: .gregorian(month: 5, day: 1)),
        Festival(name: "青年节", rule: .gregorian(month: 5, day: 4)),
        Festival(name: "儿童节", rule: .gregorian(month: 6, day: 1)),
        Festival(name: "建党节", rule: .gregorian(month: 7, day: 1)),
        Festival(name: "建军节", rule: .gregorian(month: 8, day: 1)),
        Festival(name: "教师节", rule: .gregorian(month: 9, day: 10)),
        Festival(name: "国庆节", rule: .gregorian(month: 10, day: 1)),
        Festival(name: "母亲节", rule: .weekdayOfMonth(month: 5, ordinal: 2, weekday: .sunday)),
        Festival(name: "父亲节", rule: .weekdayOfMonth(month: 6, ordinal: 3, weekday: .sunday)),
    ]

    /// The festivals of a date, in the order of `all`.
    ///
    /// - Parameters:
    ///   - lunar: the date's lunar date (`nil` outside 1901–2100: no lunar festival then).
    ///   - nextLunar: the following day's lunar date, which decides 除夕.
    ///   - solarTerm: the solar term beginning that day, if any.
    ///   - among: the festivals to look for (the site's: `Festival.all` and its observance sets).
    public static func on(
        _ date: CivilDate, lunar: LunarDate?, nextLunar: LunarDate?, solarTerm: SolarTerm?, among: [Festival] = all
    ) -> [Festival] {
        among.filter { festival in
            switch festival.rule {
            case .lunar(let month, let day):
                guard let lunar, !lunar.isLeapMonth else { return false }
                return lunar.month == month && lunar.day == day
            case .lunarNewYearsEve:
                guard let lunar, let nextLunar else { return false }
                return lunar.month == 12 && !lunar.isLeapMonth && nextLunar.month == 1 && nextLunar.day == 1
                    && !nextLunar.isLeapMonth
            case .solarTerm(let term):
                return solarTerm == term
            case .gregorian(let month, let day):
                return date.month == month && date.day == day
            case .weekdayOfMonth(let month, let ordinal, let weekday):
                return date.month == month && date.weekday == weekday && (date.day - 1) / 7 + 1 == ordinal
            }
        }
    }

    /// The festivals of a date, with its lunar dates looked up; `solarTerm` as in `on(_:lunar:nextLunar:solarTerm:)`.
    public static func on(_ date: CivilDate, solarTerm: SolarTerm?, among: [Festival] = all) -> [Festival] {
        on(
            date, lunar: try? LunarCalendar.lunarDate(for: date), nextLunar: try? LunarCalendar.lunarDate(for: date.next),
            solarTerm: solarTerm, among: among)
    }
}

/// A set of observances a site may add to `Festival.all` (`observances:` in `site.yml`).
public enum ObservanceSet: String, CaseIterable, Hashable, Sendable {
    /// 情人节, 平安夜 and 圣诞节.
    case western

    /// Its festivals, in the order a day lists them.
    public var festivals: [Festival] {
        switch self {
        case .western:
            [
                Festival(name: "情人节", rule: .gregorian(month: 2, day: 14)),
                Festival(name: "平安夜", rule: .gregorian(month: 12, day: 24)),
                Festival(name: "圣诞节", rule: .gregorian(month: 12, day: 25)),
            ]
        }
    }

    /// `Festival.all` and the festivals of `sets`, each once, in the order a day lists them.
    public static func festivals(_ sets: [ObservanceSet]) -> [Festival] {
        Festival.all + sets.sorted { $0.rawValue < $1.rawValue }.flatMap(\.festivals).filter { !Festival.all.contains($0) }
    }
}
