import CalgenModel
import CalgenRecord
import TemplateEngine

/// `changes.xml`: the site's news as an Atom feed (RFC 4287), one entry per site version that
/// changed holiday data or notes, so that feed readers learn of a new State Council notice.
///
/// Every value goes through `XMLText.clean` and Mustache's escaping, those from the previous
/// manifest's news above all, so that none can add markup or make the file invalid. An entry's
/// content is HTML in XML: `partials/changes-entry` renders it (escaped once), and the feed's
/// template escapes it again.
package struct ChangesFeed: Page {
    package static let kind = PageKind.changesFeed
    package static let template = PagePath.changes
    package static let pieces = ["changes-entry"]
    static let path = PagePath.changes

    let news: [NewsItem]
    let baseURL: String
    let siteTitle: String
    let strings: SiteStrings
    /// `updated` of a feed without news: the previous manifest's time, else this build's.
    let fallbackDate: String
    let templates: TemplateSet

    package var path: String { ChangesFeed.path }

    package static func file(
        news: [NewsItem], baseURL: String, siteTitle: String, strings: SiteStrings, fallbackDate: String,
        templates: TemplateSet
    ) -> OutputFile {
        templates.render(
            ChangesFeed(
                news: news, baseURL: baseURL, siteTitle: siteTitle, strings: strings, fallbackDate: fallbackDate,
                templates: templates))
    }

    package struct Context: Encodable {
        let lang: String
        let t: TemplateValue
        let siteTitle: String
        let baseURL: String
        let feedID: String
        let updated: String
        let entries: [Entry]
    }

    /// One site version's entry.
    struct Entry: Encodable {
        let title: String
        let href: String
        let version: Int
        let updated: String
        let content: String
    }

    /// The links of `partials/changes-entry`.
    struct EntryLinks: Encodable {
        let items: [Link]
    }

    struct Link: Encodable {
        let href: String
        let title: String
    }

    package func context() -> Context {
        let baseURL = XMLText.clean(baseURL)
        let entries = ChangeNews.byVersion(news).map { version, items in
            let links = items.map { Link(href: baseURL + XMLText.clean($0.path), title: XMLText.clean($0.title)) }
            // What an editor leaves at the end of the partial's file is not part of the HTML.
            var html = templates.render("changes-entry", EntryLinks(items: links))
            while html.hasSuffix("\n") { html.removeLast() }
            return Entry(
                title: items.map { XMLText.clean($0.title) }.joined(separator: strings.isChinese ? "；" : "; "),
                href: baseURL + XMLText.clean(items[0].path), version: version, updated: XMLText.clean(items[0].date),
                content: html)
        }
        return Context(
            lang: strings.language.rawValue, t: LayoutContext.words(strings.language), siteTitle: XMLText.clean(siteTitle),
            baseURL: baseURL, feedID: baseURL + ChangesFeed.path,
            updated: XMLText.clean(news.first?.date ?? fallbackDate), entries: entries)
    }

    package static func examples(_ pages: HTMLPages) -> [ChangesFeed] {
        [
            ChangesFeed(
                news: exampleNews(pages), baseURL: pages.site.config.baseURL, siteTitle: pages.site.config.title,
                strings: pages.strings, fallbackDate: "\(pages.today.iso8601)T00:00:00Z", templates: pages.templates)
        ]
    }

    /// News of each data year of a site, newest version first, one version per year.
    static func exampleNews(_ pages: HTMLPages) -> [NewsItem] {
        pages.years.reversed().enumerated().map { index, year in
            NewsItem(
                version: pages.years.count - index, date: "\(pages.today.iso8601)T00:00:00Z", kind: "announced",
                title: pages.yearTitle(year), path: PagePath.year(year))
        }
    }
}
