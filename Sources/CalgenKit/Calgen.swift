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

    /// The public feeds, which pages link to and manifests list.
    public static let publicFeedPaths = [publicFeedPath, festivalsFeedPath]
}
