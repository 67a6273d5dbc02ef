import CalgenModel

/// `changes.xml`: the site's news as an Atom feed (RFC 4287), one entry per site version that
/// changed holiday data or notes, so that feed readers learn of a new State Council notice.
///
/// Every value goes through `XMLText.clean` and Mustache's escaping, those from the previous
/// manifest's news above all, so that none can add markup or make the file invalid. An entry's
/// content is HTML in XML: `partials/changes-entry` renders it (escaped once), and the feed's
/// template escapes it again.
struct ChangesFeed: Page {
    static let template = PagePath.changes
    static let pieces = ["changes-entry"]
    static let path = PagePath.changes

    let news: [NewsItem]
    let baseURL: String
    let siteTitle: String
    let strings: SiteStrings
    /// `updated` of a feed without news: the previous manifest's time, else this build's.
    let fallbackDate: String
    let templates: TemplateSet

    var path: String { ChangesFeed.path }

    static func file(
        news: [NewsItem], baseURL: String, siteTitle: String, strings: SiteStrings, fallbackDate: String,
        templates: TemplateSet
    ) -> OutputFile {
        templates.render(
            ChangesFeed(
                news: news, baseURL: baseURL, siteTitle: siteTitle, strings: strings, fallbackDate: fallbackDate,
                templates: templates))
    }

    func context() -> [String: Any] {
        let baseURL = XMLText.clean(baseURL)
        let entries = ChangeNews.byVersion(news).map { version, items -> [String: Any] in
            let links = items.map { item -> [String: Any] in
                ["href": baseURL + XMLText.clean(item.path), "title": XMLText.clean(item.title)]
            }
            // What an editor leaves at the end of the partial's file is not part of the HTML.
            var html = templates.render("changes-entry", ["items": links])
            while html.hasSuffix("\n") { html.removeLast() }
            return [
                "title": items.map { XMLText.clean($0.title) }.joined(separator: strings.isChinese ? "；" : "; "),
                "href": baseURL + XMLText.clean(items[0].path),
                "version": version,
                "updated": XMLText.clean(items[0].date),
                "content": html,
            ]
        }
        return [
            "lang": strings.language.rawValue,
            "t": UIWords.table(strings.language),
            "siteTitle": XMLText.clean(siteTitle),
            "baseURL": baseURL,
            "feedID": baseURL + ChangesFeed.path,
            "updated": XMLText.clean(news.first?.date ?? fallbackDate),
            "entries": entries,
        ]
    }
}
