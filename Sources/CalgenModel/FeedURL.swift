/// The two addresses of a published feed: `https://…` for apps that take a URL, and the same
/// address as `webcal://…`, which makes browsers hand it to the calendar app.
public struct FeedURL: Sendable, Equatable {
    public let https: String

    /// - Parameters:
    ///   - baseURL: the site's base URL (`https://calendar.example.com/`), ending in `/`.
    ///   - path: the feed's path below it (`feeds/holidays.ics`).
    public init(baseURL: String, path: String) {
        https = baseURL + path
    }

    /// The address with its scheme replaced by `webcal`.
    public var webcal: String {
        "webcal://" + https.drop { $0 != ":" }.dropFirst(3)
    }
}
