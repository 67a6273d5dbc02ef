import CalgenModel

/// The fixed words of the site's pages in one language: one stored property per word or phrase,
/// so that a language without a word does not compile. Templates print them as `{{t.name}}`,
/// the property's name; Swift reads them as `strings.ui.name`.
///
/// A new word is a property here and its value in `UIWords.chinese` and `UIWords.english`.
struct UIWords: Sendable {
    // MARK: Every page: header, navigation, footer

    let skip: String
    let siteNav: String
    let thisMonth: String
    let notes: String
    let subscribeShort: String
    let jumpLabel: String
    let jumpGo: String
    let jumpHint: String
    let jumpInvalid: String
    let source: String
    let colon: String
    let apiLink: String
    let changesFeed: String
    let generatedBy: String
    let home: String

    // MARK: Calendars: grids, legends, year and month pages

    let calendar: String
    let monthIndex: String
    let monthSteps: String
    /// The badge of a day off, 休.
    let badgeOff: String
    /// The badge of a make-up workday, 班.
    let badgeWork: String
    let legend: String
    let legendOff: String
    let legendStatutory: String
    let legendPending: String
    let legendWork: String
    let legendWeekend: String
    let statutory: String
    let statutoryPending: String
    let yearTitleSuffix: String
    let wholeYear: String
    let years: String
    let announced: String
    let notAnnounced: String
    let notAnnouncedLong: String
    let todayHeading: String

    // MARK: Holiday breaks and the year's facts

    let holidays: String
    let holidayName: String
    let dates: String
    let length: String
    let makeup: String
    let rangeTo: String
    let makeupBefore: String
    let makeupAfter: String
    let none: String
    let sources: String
    let statutoryDays: String
    let statutoryPendingText: String
    let partialHolidays: String
    let workdaysPerMonth: String
    let workdaysTotal: String
    let feasts: String
    let monthFeasts: String
    let solarTerms: String
    let festivals: String
    let monthHolidays: String
    let noHolidaysThisMonth: String

    // MARK: Notes

    let notesTitle: String
    let notesDescription: String
    let notesByDate: String
    let notesByTag: String
    let noNotes: String
    let monthNotes: String
    let upcomingNotes: String
    let allNotes: String
    let tags: String
    let onTheCalendar: String
    let draft: String

    // MARK: Subscribing, and the page of a personal feed (`personalTitle` has a `{name}`)

    let subscribe: String
    let subscribeText: String
    let subscribeHow: String
    let subscribeTitle: String
    let subscribeDescription: String
    let subscribeWebcal: String
    let subscribeHttps: String
    let subscribeFestivals: String
    let subscribeFestivalsText: String
    let guideHeading: String
    let addresses: String
    let downloadIcs: String
    let copy: String
    let copied: String
    let personalTitle: String
    let personalText: String
    let personalNotice: String

    // MARK: The API page, the 404 page and changes.xml

    let apiTitle: String
    let apiDescription: String
    let notFoundTitle: String
    let notFoundText: String
    let changesSubtitle: String

    /// The words of a language.
    static func of(_ language: SiteLanguage) -> UIWords {
        switch language {
        case .chinese: chinese
        case .english: english
        }
    }

    /// `t` of a template context: every word under its property's name, made once per language.
    static func table(_ language: SiteLanguage) -> [String: String] {
        switch language {
        case .chinese: chineseTable
        case .english: englishTable
        }
    }

    private static let chineseTable = WordTable.entries(of: chinese)
    private static let englishTable = WordTable.entries(of: english)
}
