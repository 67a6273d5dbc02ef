/// The version of the 《全国年节及纪念日放假办法》 (the State Council's rules on public holidays)
/// in force in a year. It fixes which days are 法定节假日 (statutory holidays, the days paid
/// triple when worked); each year's notice then adds the swapped rest days around them.
public enum HolidayLaw: String, CaseIterable, Hashable, Sendable {
    /// 1999 (国务院令第270号), in force through 2007: 10 days.
    case of1999
    /// 2007 (国务院令第513号), in force 2008–2013: 11 days, 除夕 replaces 初三, 五一 shrinks to one day,
    /// 清明, 端午 and 中秋 added.
    case of2007
    /// 2013 (国务院令第644号), in force 2014–2024: 11 days, 初三 instead of 除夕.
    case of2013
    /// 2024 (国务院令第795号), in force from 2025: 13 days, 除夕 and 5-2 added.
    case of2024

    /// The version in force in a year.
    public static func inForce(year: Int) -> HolidayLaw {
        switch year {
        case ...2007: return .of1999
        case 2008...2013: return .of2007
        case 2014...2024: return .of2013
        default: return .of2024
        }
    }

    /// The decree, as cited: `国务院令第795号`.
    public var decree: String {
        switch self {
        case .of1999: return "国务院令第270号"
        case .of2007: return "国务院令第513号"
        case .of2013: return "国务院令第644号"
        case .of2024: return "国务院令第795号"
        }
    }
}

/// A 法定节假日: a day off for everyone by law, whatever the year's notice moves around it.
public struct StatutoryDay: Hashable, Sendable {
    /// 元旦, 春节, 清明节, 劳动节, 端午节, 中秋节 or 国庆节.
    public let holiday: String
    public let date: CivilDate

    public init(holiday: String, date: CivilDate) {
        self.holiday = holiday
        self.date = date
    }

    /// The statutory days of a Gregorian year under the law in force that year, in order.
    /// Known for every year 1901–2100, announced or not; the lunar holidays need the lunar
    /// calendar and are left out outside that range.
    public static func all(inYear year: Int) -> [StatutoryDay] {
        all(inYear: year, qingming: SolarTermDate.all(inYear: year).first { $0.term == .qingming }?.date)
    }

    /// As `all(inYear:)`, with the year's 清明 date already computed.
    static func all(inYear year: Int, qingming: CivilDate?) -> [StatutoryDay] {
        let law = HolidayLaw.inForce(year: year)
        var days = [StatutoryDay]()
        func gregorian(_ name: String, _ month: Int, _ dayNumbers: ClosedRange<Int>) {
            for d in dayNumbers { days.append(StatutoryDay(holiday: name, date: CivilDate(year: year, month: month, day: d)!)) }
        }
        func lunar(_ name: String, _ month: Int, _ day: Int, offsets: ClosedRange<Int> = 0...0) {
            guard let first = try? LunarCalendar.gregorianDate(for: LunarDate(year: year, month: month, day: day)) else {
                return
            }
            for offset in offsets { days.append(StatutoryDay(holiday: name, date: first.adding(days: offset))) }
        }
        gregorian("元旦", 1, 1...1)
        switch law {
        case .of1999, .of2013: lunar("春节", 1, 1, offsets: 0...2)
        case .of2007: lunar("春节", 1, 1, offsets: -1...1)
        case .of2024: lunar("春节", 1, 1, offsets: -1...2)
        }
        if law != .of1999, let qingming { days.append(StatutoryDay(holiday: "清明节", date: qingming)) }
        switch law {
        case .of1999: gregorian("劳动节", 5, 1...3)
        case .of2007, .of2013: gregorian("劳动节", 5, 1...1)
        case .of2024: gregorian("劳动节", 5, 1...2)
        }
        if law != .of1999 {
            lunar("端午节", 5, 5)
            lunar("中秋节", 8, 15)
        }
        gregorian("国庆节", 10, 1...3)
        // By date; a day that two holidays share (中秋节 on 国庆节 10-01 in 2001 and 2020) lists
        // them in the law's order, so the first is 中秋节.
        return days.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
    }
}

/// A day off by law for some people only (部分公民放假的节日).
public struct PartialHoliday: Hashable, Sendable {
    /// 妇女节, 青年节, 儿童节 or 建军节.
    public let name: String
    public let date: CivilDate
    /// Who is off: 妇女, 14周岁以上的青年, 不满14周岁的少年儿童, 现役军人.
    public let who: String
    /// 半天 or 1天.
    public let length: String

    /// `妇女放假半天`.
    public var summary: String { who + "放假" + length }

    /// The partial holidays of a year, in order (the same under every version of the law).
    public static func all(inYear year: Int) -> [PartialHoliday] {
        rules.map { PartialHoliday(name: $0.2, date: CivilDate(year: year, month: $0.0, day: $0.1)!, who: $0.3, length: $0.4) }
    }

    /// The partial holiday on `date`, if any (one of `all(inYear:)`), without making the year's.
    public static func on(_ date: CivilDate) -> PartialHoliday? {
        guard let rule = rules.first(where: { $0.0 == date.month && $0.1 == date.day }) else { return nil }
        return PartialHoliday(name: rule.2, date: date, who: rule.3, length: rule.4)
    }

    /// Month, day, name, who and how long.
    private static let rules = [
        (3, 8, "妇女节", "妇女", "半天"),
        (5, 4, "青年节", "14周岁以上的青年", "半天"),
        (6, 1, "儿童节", "不满14周岁的少年儿童", "1天"),
        (8, 1, "建军节", "现役军人", "半天"),
    ]
}
