import CalgenCore
import CalgenModel
import CalgenRecord
import Foundation
import TemplateEngine

/// `changes/index.html`: the site's news for people, version by version, newest first, each
/// change linking to the page it is about while that page exists. `changes.xml` holds the same
/// news for feed readers, and the page links to it.
package struct ChangesPage: Page {
    package static let kind = PageKind.changes
    package static let template = "changes"

    let pages: HTMLPages
    /// What changed, this build's items first (`ChangeNews.items`).
    let news: [NewsItem]

    package init(pages: HTMLPages, news: [NewsItem]) {
        self.pages = pages
        self.news = news
    }

    package var path: String { PagePath.changesPage + PagePath.index }

    package struct Context: Encodable {
        @Inline var layout: LayoutContext
        let versions: [Version]
        let hasNews: Bool
    }

    /// One site version's news: its label, day and links.
    struct Version: Encodable {
        let label: String
        let items: [Link]
        var date: String? = nil
        var iso: String? = nil
    }

    /// A change, linking to its page while the page exists.
    struct Link: Encodable {
        let title: String
        let href: String?
    }

    package func context() -> Context {
        let root = "../"
        let words = pages.strings.ui
        return Context(
            layout: pages.common(
                path: PagePath.changesPage, title: "\(words.changesFeed) · \(pages.site.config.title)", root: root,
                description: words.changesSubtitle),
            versions: ChangeNews.byVersion(news).map { version, items in
                var entry = Version(
                    label: pages.strings.version(version),
                    items: items.map { Link(title: $0.title, href: exists($0.path) ? root + $0.path : nil) })
                if let day = day(of: items[0].date) {
                    entry.date = pages.strings.longDate(day)
                    entry.iso = day.iso8601
                }
                return entry
            },
            hasNews: !news.isEmpty)
    }

    /// The changes page of news about every data year of the site, from the build day.
    package static func examples(_ pages: HTMLPages) -> [ChangesPage] {
        [ChangesPage(pages: pages, news: ChangesFeed.exampleNews(pages))]
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
