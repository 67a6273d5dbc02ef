import CalgenCore
import CalgenModel

/// `404.html`, served for any missing path at any depth: links go from the site's root path.
struct NotFoundPage: SitePage {
    static let template = "404"

    let pages: HTMLPages

    static func all(_ pages: HTMLPages) -> [NotFoundPage] { [NotFoundPage(pages: pages)] }

    var path: String { PagePath.notFound }

    func context() -> [String: Any] {
        let rootPath = pages.sitePath
        let calendar = pages.calendar
        var context = pages.common(
            path: PagePath.notFound, title: "\(pages.strings.ui.notFoundTitle) · \(pages.site.config.title)", root: rootPath)
        context["years"] = pages.years.reversed().map {
            ["year": $0, "href": rootPath + PagePath.year($0), "announced": calendar.isAnnounced(year: $0)]
        }
        context["noindex"] = true
        return context
    }
}
