import CalgenModel

/// `sitemap.xml`: every public page as an absolute URL, the 404 page aside.
struct Sitemap: Page {
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

    func context() -> [String: Any] {
        let urls = pages.sorted().filter { $0 != PagePath.notFound }.map { page -> String in
            let clean = page.hasSuffix(PagePath.index) ? String(page.dropLast(PagePath.index.count)) : page
            return XMLText.clean(baseURL + clean)
        }
        return ["urls": urls]
    }
}
