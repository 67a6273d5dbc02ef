import CalgenCore
import CalgenModel
import TemplateEngine

/// `404.html`, served for any missing path at any depth: links go from the site's root path.
struct NotFoundPage: SitePage {
    static let kind = PageKind.notFound
    static let template = "404"

    let pages: HTMLPages

    static func all(_ pages: HTMLPages) -> [NotFoundPage] { [NotFoundPage(pages: pages)] }

    var path: String { PagePath.notFound }

    struct Context: Encodable {
        @Inline var layout: LayoutContext
        let years: [YearLink]
        let noindex = true
    }

    struct YearLink: Encodable {
        let year: Int
        let href: String
        let announced: Bool
    }

    func context() -> Context {
        let rootPath = pages.sitePath
        let calendar = pages.calendar
        return Context(
            layout: pages.common(
                path: PagePath.notFound, title: "\(pages.strings.ui.notFoundTitle) · \(pages.site.config.title)",
                root: rootPath),
            years: pages.years.reversed().map {
                YearLink(year: $0, href: rootPath + PagePath.year($0), announced: calendar.isAnnounced(year: $0))
            })
    }
}
