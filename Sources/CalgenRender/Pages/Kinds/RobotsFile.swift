import CalgenModel
import TemplateEngine

/// `robots.txt`: keeps crawlers out of `feeds/`, where the personal feeds live, and names the
/// sitemap.
struct RobotsFile: Page {
    static let kind = PageKind.robots
    static let template = PagePath.robots

    let baseURL: String
    let sitePath: String

    var path: String { PagePath.robots }

    struct Context: Encodable {
        let baseURL: String
        let sitePath: String
        let paths: TemplateValue
    }

    func context() -> Context {
        Context(baseURL: baseURL, sitePath: sitePath, paths: LayoutContext.paths)
    }

    static func examples(_ pages: HTMLPages) -> [RobotsFile] {
        [RobotsFile(baseURL: pages.site.config.baseURL, sitePath: pages.sitePath)]
    }
}
