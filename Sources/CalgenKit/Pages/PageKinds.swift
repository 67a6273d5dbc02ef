/// Every kind of page, in one place: the renderer iterates `site`, and `TemplateSet` requires
/// the template of each kind of `all`.
///
/// A new kind of page is a type conforming to `SitePage` (or `Page`) in `Kinds/`, listed here;
/// its template in `Templates/`; and its words in `UIWords`.
enum PageKinds {
    /// The kinds whose pages follow from the site alone, rendered by `HTMLPages.render()`.
    static let site: [any SitePage.Type] = [
        HomePage.self, NotFoundPage.self, NotesIndexPage.self, SubscribePage.self, APIPage.self, NotePage.self,
        YearPage.self, MonthPage.self, ScheduleTodayPage.self, ScheduleYearPage.self, ScheduleMonthPage.self,
    ]

    /// The kinds made from what later steps know: the page beside each personal feed (from the
    /// feeds), the changes page and `changes.xml` (from the news), the sitemap (from the pages),
    /// `robots.txt` and `_headers` (written beside the pages).
    static let derived: [any Page.Type] = [
        PrivateFeedPage.self, ChangesPage.self, ChangesFeed.self, Sitemap.self, RobotsFile.self, HostingHeaders.self,
    ]

    /// Every kind.
    static var all: [any Page.Type] { site.map { $0 } + derived }

    /// The templates of every kind, each once, in order.
    static var templates: [String] { unique(all.map { $0.template }) }

    /// The partials kinds render on their own, each once, in order.
    static var pieces: [String] { unique(all.flatMap { $0.pieces }) }

    private static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
