import CalgenModel

/// `sitemap.xml` and `robots.txt`.
enum Sitemap {
    /// Every page path (ending in `index.html` or `.html`), as absolute URLs.
    static func sitemap(baseURL: String, pages: [String]) -> OutputFile {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages.sorted() where page != "404.html" {
            let clean = page.hasSuffix("index.html") ? String(page.dropLast("index.html".count)) : page
            xml += "  <url><loc>\(escape(baseURL + clean))</loc></url>\n"
        }
        xml += "</urlset>\n"
        return OutputFile(path: "sitemap.xml", bytes: Array(xml.utf8))
    }

    /// Keeps crawlers out of `feeds/`, where the personal feeds live.
    static func robots(baseURL: String, sitePath: String) -> OutputFile {
        OutputFile(
            path: "robots.txt",
            bytes: Array("User-agent: *\nDisallow: \(sitePath)feeds/\n\nSitemap: \(baseURL)sitemap.xml\n".utf8))
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
