import CalgenCore
import CalgenModel

/// `feeds/<token>/index.html`, beside each personal feed: the subscriber's own address and the
/// guide of the subscribe page. Never linked from a public page, never in the sitemap or the
/// site manifest, and `noindex`. Rendered once the feeds are (`HTMLPages.privateFeedPage`).
struct PrivateFeedPage: Page {
    static let template = SubscribePage.template

    let pages: HTMLPages
    let subscriber: Subscriber
    /// The feed's path, `feeds/<token>/<name>.ics`.
    let feedPath: String

    /// The feed's folder, `feeds/<token>/`.
    var folder: String {
        String(feedPath[..<(feedPath.lastIndex(of: "/").map { feedPath.index(after: $0) } ?? feedPath.endIndex)])
    }

    var path: String { folder + PagePath.index }

    func context() -> [String: Any] {
        let folder = self.folder
        let root = String(repeating: "../", count: folder.filter { $0 == "/" }.count)
        let strings = pages.strings
        let heading = strings.fill(strings.ui.personalTitle, ["name": subscriber.name])
        var context = pages.common(path: folder, title: "\(heading) · \(pages.site.config.title)", root: root)
        context["noindex"] = true
        context["heading"] = heading
        context["isChinese"] = strings.isChinese
        context["personal"] = true
        context["feeds"] = [
            SubscribePage.feedAddress(
                id: "personal", path: feedPath, title: subscriber.calendarName, text: strings.ui.personalText,
                calendarName: subscriber.calendarName, baseURL: pages.site.config.baseURL, relativeTo: folder)
        ]
        return context
    }
}
