import CalgenCore
import CalgenModel
import TemplateEngine

/// What every page's layout reads (`HTMLPages.common`), put beside each page's own keys with
/// `@Inline`. `lunarNotation` and `description` are left out when there is none.
struct LayoutContext: Encodable, Sendable {
    let lang: String
    let title: String
    let siteTitle: String
    let root: String
    let canonical: String
    /// The layout's words, `{{t.name}}`.
    let t: TemplateValue
    /// The fixed paths, `{{paths.name}}`.
    let paths: TemplateValue
    let timeZone: String
    let legend: [LegendContext]
    let hasNotes: Bool
    let hasSchedules: Bool
    let notesHref: String
    /// The assets' hashed paths, `{{assets.style_css}}`.
    let assets: TemplateValue
    let todayMonthHref: String
    let firstYear: Int
    let lastYear: Int
    let lunarNotation: String?
    let description: String?

    /// `t` of a language, made once.
    static func words(_ language: SiteLanguage) -> TemplateValue {
        switch language {
        case .chinese: chineseWords
        case .english: englishWords
        }
    }

    private static let chineseWords = TemplateValue.texts(UIWords.table(.chinese))
    private static let englishWords = TemplateValue.texts(UIWords.table(.english))

    /// `paths`, made once.
    static let paths = TemplateValue.texts(PagePath.templateContext)
}

/// One entry of a legend: the swatch's class, its badge and its words.
struct LegendContext: Encodable, Sendable {
    let `class`: String
    let badge: String
    let text: String
}

/// A link with its words: `{href, label}`.
struct LinkContext: Encodable, Sendable {
    let href: String
    let label: String
}

/// A month beside another: `{href, key, label}`.
struct MonthLink: Encodable, Sendable {
    let href: String
    let key: String
    let label: String
}

/// `prev` and `next` of a month, each left out where the data ends.
struct NeighbourMonths: Encodable, Sendable {
    let prev: MonthLink?
    let next: MonthLink?
}

/// A date in pieces that stay on one line each, and what separates it from the one before.
struct DateParts: Encodable, Sendable {
    let parts: [String]
    var sep: String? = nil
}

/// A holiday break in a table.
struct PeriodContext: Encodable, Sendable {
    let name: String
    let length: String
    let start: String
    let end: String
    let from: [String]
    /// The last day; `false` for a break of one day.
    @FalseIfNil var to: DateParts?
    let makeupDays: [DateParts]
    let makeup: Bool
}

/// A note in one line: title, link and when.
struct NoteSummary: Encodable, Sendable {
    let slug: String
    let anchor: String
    let title: String
    let href: String
    let when: String
    let start: String
    let draft: Bool
}

/// A tag of a note and its section on the notes index.
struct TagLink: Encodable, Sendable {
    let tag: String
    let href: String
}

/// A note in full, as on its page and on month pages.
struct NoteContext: Encodable, Sendable {
    @Inline var summary: NoteSummary
    let html: String
    let tags: [TagLink]
    let hasTags: Bool
}

/// A named day in a list (a solar term, a festival, the start of a 九 or 伏): `{name, date, iso}`.
struct NamedDay: Encodable, Sendable {
    let name: String
    let date: String
    let iso: String
}

/// Words in a list: `{text}`.
struct TextItem: Encodable, Sendable {
    let text: String
}

/// An address in a list: `{url}`.
struct URLItem: Encodable, Sendable {
    let url: String
}
