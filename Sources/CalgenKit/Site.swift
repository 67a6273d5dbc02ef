import CalgenCore

/// Everything loaded and validated from a `Content/` directory.
public struct Site: Sendable {
    public let config: SiteConfig
    public let calendar: HolidayCalendar
    /// Published notes in reading order (drafts only with `--drafts`).
    public let notes: [Note]

    public init(config: SiteConfig, calendar: HolidayCalendar, notes: [Note] = []) {
        self.config = config
        self.calendar = calendar
        self.notes = notes
    }
}
