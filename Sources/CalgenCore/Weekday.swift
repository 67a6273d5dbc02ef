/// An ISO 8601 weekday: 1 = Monday … 7 = Sunday.
public enum Weekday: Int, CaseIterable, Sendable, Comparable {
    case monday = 1
    case tuesday, wednesday, thursday, friday, saturday, sunday

    /// Saturday or Sunday.
    public var isWeekend: Bool { self == .saturday || self == .sunday }

    /// 星期一 … 星期日.
    public var chineseName: String {
        ["星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"][rawValue - 1]
    }

    /// 一 … 日, as in a calendar's column header.
    public var chineseShortName: String {
        ["一", "二", "三", "四", "五", "六", "日"][rawValue - 1]
    }

    /// Monday … Sunday.
    public var englishName: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue - 1]
    }

    /// The lower-case English name (`monday`), as configuration files spell it.
    public var key: String { englishName.lowercased() }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
