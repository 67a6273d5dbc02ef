/// A date of the Chinese lunisolar calendar.
///
/// `year` is Gregorian-numbered: the Gregorian year in which that lunar year's 正月初一 falls
/// (2026-01-10 is lunar 2025 冬月廿二).
public struct LunarDate: Hashable, Sendable {
    public let year: Int
    /// 1 (正月) … 12 (腊月).
    public let month: Int
    /// 1 (初一) … 30 (三十).
    public let day: Int
    /// Whether the month is the leap (闰) month after month `month`.
    public let isLeapMonth: Bool

    public init(year: Int, month: Int, day: Int, isLeapMonth: Bool = false) {
        self.year = year
        self.month = month
        self.day = day
        self.isLeapMonth = isLeapMonth
    }

    /// 正月, 二月 … 冬月, 腊月, with 闰 before a leap month (闰四月).
    public var monthName: String {
        (isLeapMonth ? "闰" : "") + LunarDate.monthName(month)
    }

    /// 初一 … 初十, 十一 … 十九, 二十, 廿一 … 廿九, 三十.
    public var dayName: String { LunarDate.dayName(day) }

    /// The month and day, e.g. 闰四月初一, 八月十五.
    public var text: String { monthName + dayName }

    /// 正月 … 腊月 for 1 … 12.
    public static func monthName(_ month: Int) -> String {
        guard (1...12).contains(month) else { return "\(month)月" }
        return ["正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "冬", "腊"][month - 1] + "月"
    }

    /// 初一 … 三十 for 1 … 30.
    public static func dayName(_ day: Int) -> String {
        let digits = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"]
        switch day {
        case 1...10: return "初" + digits[day]
        case 11...19: return "十" + digits[day - 10]
        case 20: return "二十"
        case 21...29: return "廿" + digits[day - 20]
        case 30: return "三十"
        default: return "\(day)日"
        }
    }
}

extension LunarDate: CustomStringConvertible {
    public var description: String { "\(year)年\(text)" }
}
