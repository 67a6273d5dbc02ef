import CalgenCore
import Foundation

/// The settings of `Content/site.yml`.
public struct SiteConfig: Sendable, Hashable {
    public var title: String
    /// Absolute, ending in `/` (`https://calendar.example.com/`).
    public var baseURL: String
    public var language: SiteLanguage
    /// An IANA time zone identifier.
    public var timeZone: String
    public var weekStart: Weekday
    public var description: String?
    /// Feeds cover this many years before the current one…
    public var feedYearsBefore: Int
    /// …through this many after it (and on through the last announced year).
    public var feedYearsAfter: Int
    /// How often calendar apps should refresh the feeds.
    public var feedRefresh: TimeSpan
    /// Where `calgen holidays update` fetches holiday-cn files: a URL ending in `/` to which
    /// `YYYY.json` is added, or one containing `{year}`. `nil`: holiday-cn's published files.
    public var holidaysSource: String?
    /// The observance sets shown beside `Festival.all` (`observances: [western]`).
    public var observances: [ObservanceSet]

    /// Every festival the site shows: `Festival.all` and those of `observances`.
    public var festivals: [Festival] { ObservanceSet.festivals(observances) }

    public init(
        title: String, baseURL: String, language: SiteLanguage = .chinese, timeZone: String = Calgen.defaultTimeZone,
        weekStart: Weekday = .monday, description: String? = nil, feedYearsBefore: Int = 1, feedYearsAfter: Int = 1,
        feedRefresh: TimeSpan = TimeSpan(minutes: 12 * 60), holidaysSource: String? = nil,
        observances: [ObservanceSet] = []
    ) {
        self.observances = observances
        self.title = title
        self.baseURL = baseURL
        self.language = language
        self.timeZone = timeZone
        self.weekStart = weekStart
        self.description = description
        self.feedYearsBefore = feedYearsBefore
        self.feedYearsAfter = feedYearsAfter
        self.feedRefresh = feedRefresh
        self.holidaysSource = holidaysSource
    }

    /// The path part of the base URL (`/` or `/calendar/`).
    public var sitePath: String {
        guard let schemeEnd = baseURL.range(of: "://") else { return "/" }
        let afterHost = baseURL[schemeEnd.upperBound...].drop { $0 != "/" }
        return afterHost.isEmpty ? "/" : String(afterHost)
    }

    /// The civil date of an instant in the site's time zone.
    public func civilDate(of instant: Date) -> CivilDate {
        SiteConfig.civilDate(of: instant, inTimeZone: timeZone)
    }

    /// The civil date of an instant in an IANA time zone (China Standard Time when it is unknown).
    public static func civilDate(of instant: Date, inTimeZone timeZone: String) -> CivilDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 8 * 3600)!
        let c = calendar.dateComponents([.year, .month, .day], from: instant)
        return CivilDate(year: c.year!, month: c.month!, day: c.day!)!
    }

    /// An absolute http(s) URL without query, fragment or credentials, ending in `/`; `nil` for
    /// anything else.
    public static func normalizedBaseURL(_ url: String) -> String? {
        guard TextRules.isWebURL(url), let parsed = URL(string: url), parsed.host != nil, parsed.query == nil,
            parsed.fragment == nil, parsed.user == nil, parsed.password == nil
        else { return nil }
        return url.hasSuffix("/") ? url : url + "/"
    }
}
