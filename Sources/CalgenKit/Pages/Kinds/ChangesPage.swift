import CalgenCore
import CalgenModel
import Foundation

/// `changes/index.html`: the site's news for people, version by version, newest first, each
/// change linking to the page it is about while that page exists. `changes.xml` holds the same
/// news for feed readers, and the page links to it.
struct ChangesPage: Page {
    static let template = "changes"

    let pages: HTMLPages
    /// What changed, this build's items first (`ChangeNews.items`).
    let news: [NewsItem]

    var path: String { PagePath.changesPage + PagePath.index }

    func context() -> [String: Any] {
        let root = "../"
        let words = pages.strings.ui
        var context = pages.common(
            path: PagePath.changesPage, title: "\(words.changesFeed) · \(pages.site.config.title)", root: root,
            description: words.changesSubtitle)
        context["versions"] = ChangeNews.byVersion(news).map { version, items -> [String: Any] in
            var entry: [String: Any] = [
                "label": pages.strings.version(version),
                "items": items.map { item -> [String: Any] in
                    var link: [String: Any] = ["title": item.title]
                    if exists(item.path) { link["href"] = root + item.path }
                    return link
                },
            ]
            if let day = day(of: items[0].date) {
                entry["date"] = pages.strings.longDate(day)
                entry["iso"] = day.iso8601
            }
            return entry
        }
        context["hasNews"] = !news.isEmpty
        return context
    }

    /// The day of a news item's time in the site's time zone; `nil` for a time that does not read.
    func day(of time: String) -> CivilDate? {
        guard let date = ISO8601DateFormatter().date(from: time) else { return nil }
        return pages.site.config.civilDate(of: date)
    }

    /// Whether this build has the page a news item names: the home page, the notes, a data
    /// year's page or a published note's. An item about a note removed since links nowhere.
    func exists(_ path: String) -> Bool {
        if path.isEmpty || path == PagePath.notes { return true }
        if pages.years.contains(where: { PagePath.year($0) == path }) { return true }
        return pages.site.notes.contains { PagePath.note($0.slug) == path }
    }
}
