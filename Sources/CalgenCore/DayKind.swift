/// What kind of day a date is under the mainland China arrangement.
public enum DayKind: String, Sendable, Hashable, CaseIterable {
    /// A Monday–Friday that is not an off day (also a listed weekday workday such as 2020-02-03).
    case workday
    /// An ordinary Saturday or Sunday that nothing turned into a workday.
    case weekend
    /// A day of a holiday break: a listed off day (a statutory holiday or a day moved to join
    /// one), or a Saturday or Sunday the break takes in although the data does not list it.
    case holiday
    /// A weekend day listed as a workday (调休/补班).
    case makeupWorkday

    /// Whether people work on such a day.
    public var isWorkday: Bool { self == .workday || self == .makeupWorkday }

    /// 工作日, 周末, 休, 班 in words.
    public var chineseName: String {
        switch self {
        case .workday: return "工作日"
        case .weekend: return "周末"
        case .holiday: return "节假日"
        case .makeupWorkday: return "补班"
        }
    }

    /// Workday, weekend, holiday, make-up workday.
    public var englishName: String {
        switch self {
        case .workday: return "workday"
        case .weekend: return "weekend"
        case .holiday: return "holiday"
        case .makeupWorkday: return "make-up workday"
        }
    }
}
