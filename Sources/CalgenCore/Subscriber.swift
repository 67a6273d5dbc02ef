/// A person who gets a personal feed, from `Content/users/<id>.yml`.
public struct Subscriber: Hashable, Sendable {
    /// `[a-z0-9-]{1,64}`, from the file name.
    public let id: String
    public let name: String
    /// The calendar's name in the app.
    public let calendarName: String
    /// `#RRGGBB`.
    public let color: String?
    /// An IANA time zone identifier; timed reminders happen at their time in this zone.
    public let timeZone: String
    /// The language of the page beside the feed; `nil`: the site's. The feed's own texts are
    /// in the site's language either way.
    public let language: SiteLanguage?
    /// Whether the public holiday events are in the feed too.
    public let includesHolidays: Bool
    /// Whether festivals (春节, 中秋节, …) are in the feed; those a holiday event already names are left out.
    public let includesFestivals: Bool
    /// Whether the 24 solar terms are in the feed.
    public let includesSolarTerms: Bool
    /// Note audiences whose notes go into the feed (notes addressed to the id always do).
    public let noteAudiences: [String]
    public let encoding: FeedEncoding
    public let reminders: [Reminder]
    /// Overrides of the site's feed horizon.
    public let yearsBefore: Int?
    public let yearsAfter: Int?
    /// Raising it changes the feed's secret URL, revoking the old one.
    public let tokenEpoch: Int
    /// The id of the work schedule (`Content/schedules/<id>.yml`) the person works by; `nil`:
    /// the legal calendar. With one, `workdays`, `makeup-eve` and `shift-start` reminders follow
    /// the schedule (see `ReminderSchedule.dates(of:following:)`).
    public let schedule: String?
    /// The person's leave, which the schedule's evaluator puts after the schedule's own dates.
    public let personal: PersonalDays

    public init(
        id: String, name: String, calendarName: String, color: String? = nil, timeZone: String,
        language: SiteLanguage? = nil, includesHolidays: Bool = false, includesFestivals: Bool = false,
        includesSolarTerms: Bool = false, noteAudiences: [String] = [], encoding: FeedEncoding = .expanded,
        reminders: [Reminder], yearsBefore: Int? = nil, yearsAfter: Int? = nil, tokenEpoch: Int = 0,
        schedule: String? = nil, personal: PersonalDays = .none
    ) {
        self.id = id
        self.name = name
        self.calendarName = calendarName
        self.color = color
        self.timeZone = timeZone
        self.language = language
        self.includesHolidays = includesHolidays
        self.includesFestivals = includesFestivals
        self.includesSolarTerms = includesSolarTerms
        self.noteAudiences = noteAudiences
        self.encoding = encoding
        self.reminders = reminders
        self.yearsBefore = yearsBefore
        self.yearsAfter = yearsAfter
        self.tokenEpoch = tokenEpoch
        self.schedule = schedule
        self.personal = personal
    }

    /// The audiences whose notes this feed carries: its own list and its id.
    public var audiences: Set<String> { Set(noteAudiences + [id]) }
}

/// How recurring reminders are written into a feed.
public enum FeedEncoding: String, CaseIterable, Hashable, Sendable {
    /// One event per occurrence: the most compatible.
    case expanded
    /// A weekly `RRULE` with `EXDATE`s for the days it skips, plus one event per extra day.
    case compact
}
