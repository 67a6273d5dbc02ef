import CalgenCore

/// Everything loaded and validated from a `Content/` directory.
public struct Site: Sendable {
    public let config: SiteConfig
    public let calendar: HolidayCalendar
    /// Published notes in reading order (drafts only with `--drafts`).
    public let notes: [Note]
    /// The subscribers of personal feeds, by id.
    public let subscribers: [Subscriber]

    public init(config: SiteConfig, calendar: HolidayCalendar, notes: [Note] = [], subscribers: [Subscriber] = []) {
        self.config = config
        self.calendar = calendar
        self.notes = notes
        self.subscribers = subscribers
    }
}
