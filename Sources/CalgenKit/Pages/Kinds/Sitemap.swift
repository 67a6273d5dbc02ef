import CalgenModel

/// `sitemap.xml`: every public page as an absolute URL, the 404 page aside.
struct Sitemap: Page {
    static let kind = PageKind.sitemap
    static let template = PagePath.sitemap

    let baseURL: String
    /// Page paths, ending in `index.html` or `.html`.
    let pages: [String]

    var path: String { PagePath.sitemap }

    static func sitemap(baseURL: String, pages: [String], templates: TemplateSet) -> OutputFile {
        templates.render(Sitemap(baseURL: baseURL, pages: pages))
    }

    /// `robots.txt`, rendered beside the sitemap it names.
    static func robots(baseURL: String, sitePath: String, templates: TemplateSet) -> OutputFile {
        templates.render(RobotsFile(baseURL: baseURL, sitePath: sitePath))
    }

    struct Context: Encodable {
        let urls: [String]
    }

    func context() -> Context {
        let urls = pages.sorted().filter { $0 != PagePath.notFound }.map { page -> String in
            let clean = page.hasSuffix(PagePath.index) ? String(page.dropLast(PagePath.index.count)) : page
            return XMLText.clean(baseURL + clean)
        }
        return Context(urls: urls)
    }

    /// The sitemap of the site's own pages.
    static func examples(_ pages: HTMLPages) -> [Sitemap] {
        [Sitemap(baseURL: pages.site.config.baseURL, pages: PageKinds.site.flatMap { $0.all(pages).map(\.path) })]
    }
}
