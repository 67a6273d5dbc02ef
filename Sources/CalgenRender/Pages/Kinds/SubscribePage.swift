import CalgenCore
import CalgenModel
import TemplateEngine

/// `subscribe/index.html`: the public feeds' addresses and how to subscribe in each calendar app.
struct SubscribePage: SitePage {
    static let kind = PageKind.subscribe
    static let template = "subscribe"

    let pages: HTMLPages

    static func all(_ pages: HTMLPages) -> [SubscribePage] { [SubscribePage(pages: pages)] }

    var path: String { PagePath.subscribe + PagePath.index }

    /// The context of the template it shares with the page beside a personal feed
    /// (`PrivateFeedPage.Context`), which is `personal`.
    struct Context: Encodable {
        @Inline var layout: LayoutContext
        let heading: String
        let isChinese: Bool
        let personal = false
        let chooser: Chooser
        let feeds: [FeedAddress]
        let scheduleList: [ScheduleLink]
        let hasScheduleList: Bool
        let variants: [Variant]
        let hasVariants = true
    }

    /// The two-line chooser's webcal addresses.
    struct Chooser: Encodable {
        let holidays: String
        let makeup: String
    }

    struct ScheduleLink: Encodable {
        let name: String
        let href: String
        let text: String
    }

    /// A variant of the holiday feed: its name, who it is for, and its feeds.
    struct Variant: Encodable {
        let name: String
        let text: String
        let links: [FeedAddress]
    }

    /// One feed's addresses for `partials/feed-address`.
    struct FeedAddress: Encodable, Sendable {
        let id: String
        let title: String
        let text: String
        let https: String
        let webcal: String
        var href: String
        let google: String
        let outlook: String
        var qrSize: Int? = nil
        var qrPath: String? = nil
        var label: String? = nil
    }

    func context() -> Context {
        let root = "../"
        let strings = pages.strings
        let words = strings.ui
        let base = pages.site.config.baseURL
        // The public work schedules, each with its current year's page (which has its feed).
        let year =
            pages.site.scheduleYears(today: pages.today).contains(pages.today.year)
            ? pages.today.year : pages.site.scheduleYears(today: pages.today).first ?? pages.today.year
        return Context(
            layout: pages.common(
                path: PagePath.subscribe, title: "\(words.subscribeTitle) · \(pages.site.config.title)", root: root,
                description: words.subscribeDescription),
            heading: words.subscribeTitle, isChinese: strings.isChinese,
            // The two-line chooser: an iPhone with Apple's built-in holidays takes the make-up days,
            // everyone else the holidays.
            chooser: Chooser(
                holidays: FeedURL(baseURL: base, path: Calgen.publicFeedPath).webcal,
                makeup: FeedURL(baseURL: base, path: Calgen.makeupFeedPath).webcal),
            feeds: mainFeeds(),
            scheduleList: pages.publicSchedules.map { schedule in
                ScheduleLink(
                    name: strings.scheduleTitle(schedule), href: root + PagePath.scheduleYear(schedule.id, year),
                    text: strings.scheduleSummary(schedule))
            },
            hasScheduleList: !pages.publicSchedules.isEmpty, variants: variants())
    }

    /// The kinds of feed the chooser offers, which the page lists first.
    static let chooserKinds: [FeedKind] = [.holidays, .makeup]

    /// The feeds listed first, each with its QR code (`FeedListing.main`): the chooser's, then
    /// the others in the order of `FeedKind`.
    private func mainFeeds() -> [FeedAddress] {
        let strings = pages.strings
        let kinds = SubscribePage.chooserKinds + FeedKind.allCases.filter { !SubscribePage.chooserKinds.contains($0) }
        return kinds.compactMap { kind in
            guard
                case .main(let id, let title, let text, let calendarName, _) = kind.listing(
                    strings, siteTitle: pages.site.config.title),
                let path = kind.path
            else { return nil }
            return SubscribePage.feedAddress(
                id: id, path: path, title: title, text: text, calendarName: calendarName,
                baseURL: pages.site.config.baseURL)
        }
    }

    /// The public variants of the holiday feed, folded under one disclosure: each kind listed as
    /// a variant (`FeedListing.variant`) with its name and who it is for, then the feeds in English
    /// and in Chinese, then the years' feeds (`FeedListing.perYear`), newest first. Each feed has
    /// the same controls as the main feeds (webcal, Google Calendar, Outlook.com, the address to
    /// copy), no QR code.
    private func variants() -> [Variant] {
        let strings = pages.strings
        let words = strings.ui
        let base = pages.site.config.baseURL
        let site = pages.site.config.title
        var count = 0
        func link(_ label: String, _ path: String) -> FeedAddress {
            count += 1
            var address = SubscribePage.feedAddress(
                id: "variant-\(count)", path: path, title: label, text: "",
                calendarName: strings.publicFeedName(site) + " · " + label, baseURL: base, qr: false)
            address.label = label
            return address
        }
        let listings = FeedKind.allCases.map { ($0, $0.listing(strings, siteTitle: site)) }
        var variants = [Variant]()
        for (kind, listing) in listings {
            guard case .variant(let name, let text, let label) = listing, let path = kind.path else { continue }
            variants.append(Variant(name: name, text: text, links: [link(label, path)]))
        }
        let languages: [(SiteLanguage, String, String)] = [
            (.english, words.variantEnglish, words.variantEnglishText),
            (.chinese, words.variantChinese, words.variantChineseText),
        ]
        for (language, name, text) in languages {
            let links = listings.compactMap { kind, listing -> FeedAddress? in
                guard kind.isInEachLanguage, let path = kind.path, let label = listing.link else { return nil }
                return link(label, FeedPath.named(path, in: language))
            }
            variants.append(Variant(name: name, text: text, links: links))
        }
        let calendar = pages.site.calendar
        let announced = calendar.years.filter(calendar.isAnnounced(year:)).reversed()
        for (_, listing) in listings {
            guard case .perYear(let name, let text) = listing else { continue }
            variants.append(Variant(name: name, text: text, links: announced.map { link(String($0), FeedPath.year($0)) }))
        }
        return variants
    }

    /// One feed's addresses for `partials/feed-address`: webcal, https and (`qr`) the webcal
    /// address's QR code, the links
    /// that add it to Google Calendar and Outlook.com (as `calendarName`), and the link to the
    /// file (from the subscribe page, or from `folder`, the page beside a personal feed).
    static func feedAddress(
        id: String, path: String, title: String, text: String, calendarName: String, baseURL: String,
        relativeTo folder: String = "", qr: Bool = true
    ) -> FeedAddress {
        let url = FeedURL(baseURL: baseURL, path: path)
        let relative = folder.isEmpty ? "../" + path : String(path.dropFirst(folder.count))
        var address = FeedAddress(
            id: id, title: title, text: text, https: url.https, webcal: url.webcal, href: relative, google: url.google,
            outlook: url.outlook(name: calendarName))
        // The webcal address as a QR code, to move from a computer's screen to a phone: a phone
        // opens it as a subscription (an https address would download the file once).
        if qr, let code = QRCode(url.webcal) {
            address.qrSize = code.size
            address.qrPath = code.path
        }
        return address
    }
}
