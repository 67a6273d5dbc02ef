/// Where the site's files live, relative to the site root: the one place that spells a path.
/// Swift code builds links from here, and templates print the same paths from `paths` of their
/// context (`{{root}}{{paths.subscribe}}`), so that no template spells one.
package enum PagePath {
    /// `index.html`, a folder's page.
    package static let index = "index.html"

    /// `404.html`, served for any missing path.
    package static let notFound = "404.html"

    /// `2026/`.
    package static func year(_ year: Int) -> String { "\(year)/" }

    /// `10/`, a month's folder inside its year's.
    package static func monthFolder(_ month: Int) -> String { (month < 10 ? "0" : "") + "\(month)/" }

    /// `2026/10/`.
    package static func month(_ year: Int, _ month: Int) -> String { Self.year(year) + monthFolder(month) }

    /// `subscribe/`, how to subscribe to the feeds.
    package static let subscribe = "subscribe/"

    /// `api/`, the day API and its page.
    package static let api = "api/"

    /// `api/days/`, one JSON file a day: `api/days/2026-10-01.json`.
    package static let apiDays = api + "days/"

    /// `api/years.json`, the years with data.
    package static let apiYears = api + "years.json"

    /// `api/2026.json`, one year of the day API.
    package static func apiYear(_ year: Int) -> String { api + "\(year).json" }

    /// `api/lunar/2026.json`: the months of the lunar year that begins in 2026.
    package static func apiLunarYear(_ year: Int) -> String { api + "lunar/\(year).json" }

    /// `api/schedules.json`: the public work schedules and their years.
    package static let apiSchedules = api + "schedules.json"

    /// `api/schedules/big-small-week/2026.json`: one year of a public work schedule.
    package static func apiScheduleYear(_ id: String, _ year: Int) -> String { api + "schedules/\(id)/\(year).json" }

    /// `schedules/`: every public work schedule with its answer for today.
    package static let schedules = "schedules/"

    /// `schedules/big-small-week/`: a public work schedule's pages, a folder a year.
    package static func schedule(_ id: String) -> String { schedules + "\(id)/" }

    /// `schedules/big-small-week/2026/`: a public work schedule's year page.
    package static func scheduleYear(_ id: String, _ year: Int) -> String { schedule(id) + "\(year)/" }

    /// `api/days/2026-10-01.json`.
    package static func apiDay(_ date: String) -> String { apiDays + date + ".json" }

    /// `notes/`, the notes index.
    package static let notes = "notes/"

    /// `notes/national-day-duty/`.
    package static func note(_ slug: String) -> String { notes + slug + "/" }

    /// `feeds/`, the public feeds and every personal feed's folder.
    package static let feeds = "feeds/"

    /// `changes.xml`, the site's news as an Atom feed.
    package static let changes = "changes.xml"

    /// `changes/`, the same news as a page for people.
    package static let changesPage = "changes/"

    /// `sitemap.xml`.
    package static let sitemap = "sitemap.xml"

    /// `robots.txt`.
    package static let robots = "robots.txt"

    /// `_headers`, response headers for hosts that read it.
    package static let headers = "_headers"

    /// `manifest.json`, the site manifest.
    package static let manifest = "manifest.json"

    /// `assets/`, the templates' static files as they are.
    package static let assets = "assets/"

    /// `static/`, the same files under names that change with their content.
    package static let hashedAssets = "static/"

    /// `paths` of every template context: the fixed paths by name, for templates to print.
    package static let templateContext: [String: String] = [
        "subscribe": subscribe, "api": api, "apiDays": apiDays, "apiYears": apiYears, "notes": notes, "feeds": feeds,
        "publicFeed": Calgen.publicFeedPath, "festivalsFeed": Calgen.festivalsFeedPath,
        "publicSchedules": FeedPath.publicSchedules, "yearFeeds": FeedPath.years, "changes": changes,
        "schedules": schedules, "changesPage": changesPage, "sitemap": sitemap, "manifest": manifest, "assets": assets,
        "hashedAssets": hashedAssets,
    ]
}
