import CalgenCore

/// Constants that more than one part of calgen names: its version, and the defaults and paths
/// that pages, feeds, manifests and the command line must agree on.
public enum Calgen {
    /// The version of calgen (`calgen --version`).
    public static let version = "0.1.0"

    /// How manifests and feed inputs name the calgen that made them.
    public static let generator = "calgen \(version)"

    /// The time zone of a site that names none, and of subscribers of such a site.
    public static let defaultTimeZone = "Asia/Shanghai"

    /// Where the public holiday feed is published, below the base URL.
    public static let publicFeedPath = "feeds/holidays.ics"

    /// Where the public feed of festivals and solar terms is published, below the base URL.
    public static let festivalsFeedPath = "feeds/festivals.ics"

    /// How long a timed event without a `duration` (or with `0m`) lasts in a feed. An event with
    /// no end is an instant to RFC 5545, but Google, Outlook and others show it as an hour or
    /// drop it; a quarter of an hour reads as a reminder everywhere.
    public static let defaultEventMinutes = 15

    /// Where the public feed of make-up workdays only is published, below the base URL.
    public static let makeupFeedPath = "feeds/makeup.ics"

    /// Where the public feed of statutory days (法定节假日) only is published, below the base URL.
    public static let statutoryFeedPath = "feeds/statutory.ics"

    /// The feeds published in each language whatever the site's: `feeds/holidays.en.ics`,
    /// `feeds/holidays.zh.ics` and the same for each kind of feed `isInEachLanguage`.
    public static var languageFeedPaths: [String] { FeedKind.languagePaths }

    /// The public feeds whose paths do not depend on the data, which pages link to and manifests
    /// list (`FeedKind.fixedPublicPaths`); the per-year feeds (`FeedPath.year`) are public too.
    public static var publicFeedPaths: [String] { FeedKind.fixedPublicPaths }
}
