import CalgenCore

/// Every kind of feed a site publishes, in one list the compiler keeps whole: a new case is not
/// done until each switch below, the feed set's (`FeedSet.drafts(of:in:zones:)`) and its renderer
/// say what it is. The feeds step renders the kinds in this order (`FeedKind.publication`), the
/// site manifest lists the public ones, and the subscribe page lists them as `listing` says.
public enum FeedKind: CaseIterable, Sendable {
    /// `feeds/holidays.ics`: every announced year's holiday periods and make-up workdays, and the
    /// public notes; in each language without the notes.
    case holidays
    /// `feeds/festivals.ics`: the festivals and solar terms over the site's feed horizon.
    case festivals
    /// `feeds/makeup.ics`: the make-up workdays only, each with an alarm the evening before.
    case makeup
    /// `feeds/statutory.ics`: the 法定节假日 only, one event a day.
    case statutory
    /// `feeds/years/YYYY.ics`: one announced year's holiday periods and make-up workdays.
    case year
    /// A work schedule's feed: public at `feeds/schedules/<id>.ics`, or private at a secret address.
    case schedule
    /// A subscriber's feed at its secret address, `feeds/<token>/<id>.ics`.
    case personal

    /// Who may read a kind's feeds.
    public enum Audience: Sendable {
        /// Everyone: the site manifest lists each feed and hashes its bytes.
        case everyone
        /// As each schedule says (`audience: public` or `private`).
        case bySchedule
        /// One subscriber, at a secret address.
        case subscriber
    }

    /// Where the kind's one feed in the site's language is published, below the base URL; `nil`
    /// for the kinds whose feeds the data decides (one a year, schedule or subscriber).
    public var path: String? {
        switch self {
        case .holidays: Calgen.publicFeedPath
        case .festivals: Calgen.festivalsFeedPath
        case .makeup: Calgen.makeupFeedPath
        case .statutory: Calgen.statutoryFeedPath
        case .year, .schedule, .personal: nil
        }
    }

    /// Whether the kind is also published in English and in Chinese whatever the site's language
    /// (`feeds/makeup.en.ics`, `feeds/makeup.zh.ics`); only a kind with a `path` can be.
    public var isInEachLanguage: Bool {
        switch self {
        case .holidays, .makeup, .statutory: true
        case .festivals, .year, .schedule, .personal: false
        }
    }

    /// Who may read the kind's feeds.
    public var audience: Audience {
        switch self {
        case .holidays, .festivals, .makeup, .statutory, .year: .everyone
        case .schedule: .bySchedule
        case .personal: .subscriber
        }
    }

    /// How the subscribe page lists the kind's feeds, in the words of `strings`.
    package func listing(_ strings: SiteStrings, siteTitle: String) -> FeedListing {
        let words = strings.ui
        switch self {
        case .holidays:
            return .main(
                id: "holidays", title: words.subscribe, text: words.subscribeText,
                calendarName: strings.publicFeedName(siteTitle), link: words.variantHolidaysLink)
        case .festivals:
            return .main(
                id: "festivals", title: words.subscribeFestivals, text: words.subscribeFestivalsText,
                calendarName: strings.festivalsFeedName(siteTitle), link: nil)
        case .makeup:
            return .main(
                id: "makeup", title: words.variantMakeup, text: words.variantMakeupText,
                calendarName: strings.publicFeedName(siteTitle) + " · " + words.variantMakeupLink,
                link: words.variantMakeupLink)
        case .statutory:
            return .variant(name: words.variantStatutory, text: words.variantStatutoryText, link: words.variantStatutoryLink)
        case .year: return .perYear(name: words.variantYears, text: words.variantYearsText)
        case .schedule, .personal: return .elsewhere
        }
    }

    /// The paths of the public feeds that do not depend on the data: each kind's `path`, then
    /// its siblings in each language.
    public static let fixedPublicPaths = allCases.compactMap(\.path) + languagePaths

    /// The feeds published in each language whatever the site's: `feeds/holidays.en.ics`,
    /// `feeds/holidays.zh.ics` and the same for each kind `isInEachLanguage`.
    public static let languagePaths = allCases.filter(\.isInEachLanguage).compactMap(\.path).flatMap { path in
        SiteLanguage.allCases.map { FeedPath.named(path, in: $0) }
    }

    /// The kinds as the feeds step renders them, each with its language (`nil`: the site's): every
    /// kind with a `path`, then for each language the kinds `isInEachLanguage`, then the kinds
    /// whose feeds the data decides. A stable order, which the build's output follows.
    public static let publication: [(kind: FeedKind, language: SiteLanguage?)] = {
        let fixed = allCases.filter { $0.path != nil }
        let languages = SiteLanguage.allCases.flatMap { language in
            fixed.filter(\.isInEachLanguage).map { (kind: $0, language: Optional(language)) }
        }
        return fixed.map { ($0, nil) } + languages + allCases.filter { $0.path == nil }.map { ($0, nil) }
    }()
}

/// How the subscribe page lists a kind of feed (`FeedKind.listing`).
package enum FeedListing: Sendable {
    /// Among the page's first feeds, with its QR code: its title, who it is for, the name the
    /// Outlook.com link gives the calendar, and the label of its siblings in each language.
    case main(id: String, title: String, text: String, calendarName: String, link: String?)
    /// Folded under the variants: its name, who it is for, and the label of its link (and of its
    /// siblings in each language).
    case variant(name: String, text: String, link: String)
    /// Folded under the variants, one link per announced year, newest first.
    case perYear(name: String, text: String)
    /// Not among the site's feeds on the page: the schedules have their own list, and a
    /// subscriber's feed has its own page.
    case elsewhere
}

extension FeedListing {
    /// The label of the kind's link, and of its siblings in each language.
    package var link: String? {
        switch self {
        case .main(_, _, _, _, let link): link
        case .variant(_, _, let link): link
        case .perYear, .elsewhere: nil
        }
    }
}
