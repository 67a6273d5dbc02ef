import CalgenModel

/// `sitemap.xml`: every public page as an absolute URL, the 404 page aside.
package struct Sitemap: Page {
    package static let kind = PageKind.sitemap
    package static let template = PagePath.sitemap

    let baseURL: String
    /// Page paths, ending in `index.html` or `.html`.
    let pages: [String]

    package var path: String { PagePath.sitemap }

    package static func sitemap(baseURL: String, pages: [String], templates: TemplateSet) -> OutputFile {
        templates.render(Sitemap(baseURL: baseURL, pages: pages))
    }

    /// `robots.txt`, rendered beside the sitemap it names.
    package static func robots(baseURL: String, sitePath: String, templates: TemplateSet) -> OutputFile {
        templates.render(RobotsFile(baseURL: baseURL, sitePath: sitePath))
    }

    package struct Context: Encodable {
        let urls: [String]
    }

    package func context() -> Context {
        let urls = pages.sorted().filter { $0 != PagePath.notFound }.map { page -> String in
            let clean = page.hasSuffix(PagePath.index) ? String(page.dropLast(PagePath.index.count)) : page
            return XMLText.clean(baseURL + clean)
        }
        return Context(urls: urls)
    }

    /// The sitemap of the site's own pages.
    package static func examples(_ pages: HTMLPages) -> [Sitemap] {
        [Sitemap(baseURL: pages.site.config.baseURL, pages: PageKinds.site.flatMap { $0.all(pages).map(\.path) })]
    }
}
