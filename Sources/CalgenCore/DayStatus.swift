/// Everything the holiday arrangement says about one date.
public struct DayStatus: Hashable, Sendable {
    public let date: CivilDate
    public let kind: DayKind
    /// The display name of the holiday whose break the date is in or whose make-up day it is
    /// (`劳动节` for `“五一”`); `nil` on an ordinary workday or weekend.
    public let name: String?
    /// The name exactly as the data file spells it; `nil` when the data does not list the date
    /// (also on a weekend day a break takes in, see `HolidayCalendar.status(of:)`).
    public let originalName: String?
    /// Whether the date's year has a published arrangement. When `false` only weekdays and
    /// weekends are known, and the status may still change.
    public let isAnnounced: Bool

    public init(date: CivilDate, kind: DayKind, name: String?, originalName: String?, isAnnounced: Bool) {
        self.date = date
        self.kind = kind
        self.name = name
        self.originalName = originalName
        self.isAnnounced = isAnnounced
    }

    public var weekday: Weekday { date.weekday }

    /// Whether the date is a day off (a weekend or a holiday).
    public var isOffDay: Bool { !kind.isWorkday }
}
