import CalgenCore

/// Everything loaded and validated from a `Content/` directory.
public struct Site: Sendable {
    public let config: SiteConfig
    public let calendar: HolidayCalendar

    public init(config: SiteConfig, calendar: HolidayCalendar) {
        self.config = config
        self.calendar = calendar
    }
}
