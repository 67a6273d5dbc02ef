import CalgenCore

/// `subscribe/`: the public feeds' addresses and how to subscribe in each calendar app; and
/// beside each personal feed, `feeds/<token>/index.html`, the same for that one feed.
extension HTMLPages {
    /// `subscribe/index.html`.
    func subscribePage() -> OutputFile {
        let root = "../"
        let title = strings.ui.subscribeTitle
        var context = common(
            path: PagePath.subscribe, title: "\(title) · \(site.config.title)", root: root,
            description: strings.ui.subscribeDescription)
        context["heading"] = title
        context["isChinese"] = strings.isChinese
        context["personal"] = false
        context["feeds"] = [
            feedAddress(
                id: "holidays", path: Calgen.publicFeedPath, title: strings.ui.subscribe,
                text: strings.ui.subscribeText),
            feedAddress(
                id: "festivals", path: Calgen.festivalsFeedPath, title: strings.ui.subscribeFestivals,
                text: strings.ui.subscribeFestivalsText),
        ]
        return page(PagePath.subscribe + "index.html", template: "subscribe", context)
    }

    /// `feeds/<token>/index.html`: a subscriber's own address and the guide. Never linked from a
    /// public page, never in the sitemap or the site manifest, and `noindex`.
    func privateFeedPage(_ subscriber: Subscriber, feedPath: String) -> OutputFile {
        let folder = String(feedPath[..<(feedPath.lastIndex(of: "/").map { feedPath.index(after: $0) } ?? feedPath.endIndex)])
        let root = String(repeating: "../", count: folder.filter { $0 == "/" }.count)
        let heading = strings.fill(strings.ui.personalTitle, ["name": subscriber.name])
        var context = common(path: folder, title: "\(heading) · \(site.config.title)", root: root)
        context["noindex"] = true
        context["heading"] = heading
        context["isChinese"] = strings.isChinese
        context["personal"] = true
        context["feeds"] = [
            feedAddress(
                id: "personal", path: feedPath, title: subscriber.calendarName, text: strings.ui.personalText,
                relativeTo: folder)
        ]
        return page(folder + "index.html", template: "subscribe", context)
    }

    /// One feed's addresses for `partials/feed-address`: webcal, https, and the link to the file.
    func feedAddress(id: String, path: String, title: String, text: String, relativeTo folder: String = "") -> [String: Any] {
        let url = FeedURL(baseURL: site.config.baseURL, path: path)
        let relative = folder.isEmpty ? "../" + path : String(path.dropFirst(folder.count))
        return ["id": id, "title": title, "text": text, "https": url.https, "webcal": url.webcal, "href": relative]
    }
}
