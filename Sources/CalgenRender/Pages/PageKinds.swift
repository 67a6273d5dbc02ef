/// Every kind of page, in one list the compiler keeps whole: a type conforming to `Page` names
/// its case (`static let kind`), and `type` maps each case back to its type.
package enum PageKind: CaseIterable, Sendable {
    // Pages that follow from the site alone (`SitePage`), rendered by `HTMLPages.render()`.
    case home, notFound, notesIndex, subscribe, api, note, year, month, scheduleToday, scheduleYear, scheduleMonth
    // Pages made from what later steps know: the page beside each personal feed (from the
    // feeds), the changes page and `changes.xml` (from the news), the sitemap (from the pages),
    // `robots.txt` and `_headers` (written beside the pages).
    case privateFeed, changes, changesFeed, sitemap, robots, headers

    /// The type of the kind's pages.
    var type: any Page.Type {
        switch self {
        case .home: HomePage.self
        case .notFound: NotFoundPage.self
        case .notesIndex: NotesIndexPage.self
        case .subscribe: SubscribePage.self
        case .api: APIPage.self
        case .note: NotePage.self
        case .year: YearPage.self
        case .month: MonthPage.self
        case .scheduleToday: ScheduleTodayPage.self
        case .scheduleYear: ScheduleYearPage.self
        case .scheduleMonth: ScheduleMonthPage.self
        case .privateFeed: PrivateFeedPage.self
        case .changes: ChangesPage.self
        case .changesFeed: ChangesFeed.self
        case .sitemap: Sitemap.self
        case .robots: RobotsFile.self
        case .headers: HostingHeaders.self
        }
    }
}

/// The kinds of `PageKind` as the renderer and `TemplateSet` use them.
package enum PageKinds {
    /// The kinds whose pages follow from the site alone, rendered by `HTMLPages.render()`.
    package static let site: [any SitePage.Type] = PageKind.allCases.compactMap { $0.type as? any SitePage.Type }

    /// The kinds made from what later steps know, each rendered with `templates.render(page)`
    /// where its input is ready.
    static let derived: [any Page.Type] = PageKind.allCases.map(\.type).filter { !($0 is any SitePage.Type) }

    /// Every kind.
    static var all: [any Page.Type] { PageKind.allCases.map(\.type) }

    /// The templates of every kind, each once, in order.
    static var templates: [String] { unique(all.map { $0.template }) }

    /// The partials kinds render on their own, each once, in order.
    static var pieces: [String] { unique(all.flatMap { $0.pieces }) }

    private static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
