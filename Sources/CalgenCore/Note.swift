/// A publisher's note on one date or an inclusive range of dates, loaded from
/// `Content/notes/**/*.md`. Rendering is done elsewhere; the note carries its Markdown
/// source, the HTML made from it and a plain-text version for feeds.
public struct Note: Hashable, Sendable {
    /// URL-safe and unique: the note's page is `notes/<slug>/`.
    public let slug: String
    public let title: String
    /// First and last day (inclusive); equal for a one-day note.
    public let start: CivilDate
    public let end: CivilDate
    /// A time of day, in the site's time zone. With a range, the note happens at this time on
    /// each of its days.
    public let time: TimeOfDay?
    /// How long the timed note lasts (only with `time`).
    public let duration: TimeSpan?
    public let tags: [String]
    public let draft: Bool
    /// Who gets the note in their feed: `public`, subscriber ids or group names. Empty: the
    /// note is on the site only.
    public let audience: [String]
    /// The rendered body (safe HTML).
    public let html: String
    /// The body as plain text, for feed descriptions.
    public let text: String
    /// The source file, for messages (`Content/notes/2026/duty.md`).
    public let file: String
    /// `visibility: feeds`: the note is in the personal feeds it is addressed to and on their
    /// private pages only, never on a public page, in the API, the news or a public feed.
    public let feedsOnly: Bool
    /// `minor: true`: an edit of the note changes its page but is no news (no "note changed"
    /// entry on the changes page and in `changes.xml`).
    public let minor: Bool

    public init(
        slug: String, title: String, start: CivilDate, end: CivilDate, time: TimeOfDay? = nil, duration: TimeSpan? = nil,
        tags: [String] = [], draft: Bool = false, audience: [String] = [], html: String = "", text: String = "",
        file: String = "", feedsOnly: Bool = false, minor: Bool = false
    ) {
        self.slug = slug
        self.title = title
        self.start = start
        self.end = end
        self.time = time
        self.duration = duration
        self.tags = tags
        self.draft = draft
        self.audience = audience
        self.html = html
        self.text = text
        self.file = file
        self.feedsOnly = feedsOnly
        self.minor = minor
    }

    /// Every day the note covers.
    public var days: [CivilDate] { (start.dayNumber...end.dayNumber).map(CivilDate.init(dayNumber:)) }

    /// Whether the note covers any day from `first` through `last`.
    public func overlaps(_ first: CivilDate, _ last: CivilDate) -> Bool { start <= last && end >= first }

    /// Whether a feed that takes the given audiences (and has the given subscriber id) gets this note.
    public func isAddressed(to audiences: Set<String>) -> Bool { audience.contains(where: audiences.contains) }

    /// Notes in reading order: by start date, then time (all-day first), then title and slug.
    public static func ordered(_ a: Note, _ b: Note) -> Bool {
        (a.start.dayNumber, a.time?.minutes ?? -1, a.title, a.slug) < (b.start.dayNumber, b.time?.minutes ?? -1, b.title, b.slug)
    }
}
