import CalgenCore

/// Everything loaded and validated from a `Content/` directory.
public struct Site: Sendable {
    public let config: SiteConfig
    public let calendar: HolidayCalendar
    /// Published notes in reading order (drafts only with `--drafts`).
    public let notes: [Note]
    /// The subscribers of personal feeds, by id.
    public let subscribers: [Subscriber]
    /// The SHA-256 of each year's holiday-cn source file.
    public let holidaySources: [Int: String]
    /// Every year's holiday periods, worked out once for the pages and the feeds.
    let periodsByYear: [Int: [HolidayPeriod]]

    public init(
        config: SiteConfig, calendar: HolidayCalendar, notes: [Note] = [], subscribers: [Subscriber] = [],
        holidaySources: [Int: String] = [:]
    ) {
        self.holidaySources = holidaySources
        self.periodsByYear = Dictionary(uniqueKeysWithValues: calendar.years.map { ($0, calendar.holidayPeriods(year: $0)) })
        self.config = config
        self.calendar = calendar
        self.notes = notes
        self.subscribers = subscribers
    }
}
