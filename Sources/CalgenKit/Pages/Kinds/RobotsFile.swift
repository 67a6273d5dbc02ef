import CalgenModel

/// `robots.txt`: keeps crawlers out of `feeds/`, where the personal feeds live, and names the
/// sitemap.
struct RobotsFile: Page {
    static let template = PagePath.robots

    let baseURL: String
    let sitePath: String

    var path: String { PagePath.robots }

    func context() -> [String: Any] {
        ["baseURL": baseURL, "sitePath": sitePath, "paths": PagePath.templateContext]
    }
}
