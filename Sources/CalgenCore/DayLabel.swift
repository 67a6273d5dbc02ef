/// What a calendar's day cell says about its day, by one rule for every grid (the year poster,
/// the month page, the home page, print) and both languages. The words come later; this is
/// which facts a cell names:
///
/// - a festival's or a solar term's name on its own day only (春节 on 正月初一, 清明节 on 清明);
///   on a statutory day the festival that is its holiday comes first (元旦, then 腊八节, on 2012-01-01);
/// - on a statutory day whose festivals do not already name it, the statutory holiday the law
///   gives it (国庆节 on 10-02 and 10-03, also beside 重阳节 on 2014-10-02; 春节 on 正月初二);
/// - on another day of a holiday break, that it is the break (春节假期);
/// - on a make-up workday, that it is worked, and for which holiday (春节补班);
/// - the lunar date, the lunar month's name on its first day.
///
/// A cell with room for one label only names, in this order of precedence: a festival, a solar
/// term, the start of a lunar month, the statutory holiday, the lunar day (`single`). The 休 and
/// 班 badges say whether a break day or a make-up day is off or worked.
public struct DayLabel: Hashable, Sendable {
    /// The festivals of the day, in `Festival.all` order.
    public let festivals: [Festival]
    /// The solar term that begins on the day, unless a festival stands for it (清明 is 清明节).
    public let solarTerm: SolarTerm?
    /// The lunar date; `nil` outside 1901–2100.
    public let lunar: LunarDate?
    /// The statutory holiday the day belongs to by law, unless the day's festivals name it already
    /// (国庆节 on 10-01, 除夕 for 春节): 国庆节 on 10-02. Known for unannounced years too.
    public let statutoryHoliday: String?
    /// On a day of a holiday break that is not a statutory day: the break's holiday.
    public let breakOf: String?
    /// On a make-up workday: the holiday it is worked for.
    public let makeupFor: String?

    public init(
        festivals: [Festival], solarTerm: SolarTerm?, lunar: LunarDate?, statutoryHoliday: String?, breakOf: String?,
        makeupFor: String?
    ) {
        self.festivals = festivals
        self.solarTerm = solarTerm
        self.lunar = lunar
        self.statutoryHoliday = statutoryHoliday
        self.breakOf = breakOf
        self.makeupFor = makeupFor
    }

    /// The one label of a cell with room for one, by precedence.
    public enum Single: Hashable, Sendable {
        case festival(Festival)
        case solarTerm(SolarTerm)
        /// The first day of a lunar month, named by its month (正月, 闰四月).
        case lunarMonth(LunarDate)
        case statutoryHoliday(String)
        case lunarDay(LunarDate)
        /// Outside 1901–2100 with nothing else to say.
        case none
    }

    /// The one label: a festival, a solar term, the start of a lunar month, the statutory holiday,
    /// the lunar day.
    public var single: Single {
        if let festival = festivals.first { return .festival(festival) }
        if let solarTerm { return .solarTerm(solarTerm) }
        if let lunar, lunar.day == 1 { return .lunarMonth(lunar) }
        if let statutoryHoliday { return .statutoryHoliday(statutoryHoliday) }
        if let lunar { return .lunarDay(lunar) }
        return .none
    }
}

extension DayLabel {
    /// Whether a day's festivals already name its statutory holiday: the holiday itself (国庆节 on
    /// 10-01, 中秋节 on 八月十五), or 除夕 on a statutory 除夕 of 春节. 重阳节 on a statutory 10-02 does not.
    static func namesOwnFestival(_ festivals: [Festival], _ holiday: String) -> Bool {
        festivals.contains { $0.name == holiday || ($0.name == "除夕" && holiday == "春节") }
    }
}

extension Almanac {
    /// What a day cell says about `date` (`DayLabel`).
    public func label(on date: CivilDate) -> DayLabel {
        let observances = observances(on: date)
        let status = calendar.status(of: date)
        let statutory = statutoryDay(on: date)
        var breakOf: String?
        var makeupFor: String?
        switch status.kind {
        case .holiday where statutory == nil: breakOf = status.name
        case .makeupWorkday: makeupFor = status.name
        case .holiday, .workday, .weekend: break
        }
        // On a statutory day, the festival that is its holiday comes first, so that a one-label
        // cell names it: 元旦 before 腊八节 on 2012-01-01.
        var festivals = observances.festivals
        if let holiday = statutory?.holiday, let own = festivals.firstIndex(where: { DayLabel.namesOwnFestival([$0], holiday) }) {
            festivals.insert(festivals.remove(at: own), at: 0)
        }
        return DayLabel(
            festivals: festivals, solarTerm: observances.solarTerm,
            lunar: try? LunarCalendar.lunarDate(for: date),
            statutoryHoliday: statutory.flatMap {
                DayLabel.namesOwnFestival(festivals, $0.holiday) ? nil : $0.holiday
            },
            breakOf: breakOf,
            makeupFor: makeupFor)
    }
}
