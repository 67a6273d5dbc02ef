import CalgenCore

/// The fixed words of the site's pages in one language: one stored property per word or phrase,
/// so that a language without a word does not compile. Templates print them as `{{t.name}}`,
/// the property's name; Swift reads them as `strings.ui.name`.
///
/// A new word is a property here and its value in `UIWords.chinese` and `UIWords.english`.
package struct UIWords: Sendable {
    // MARK: Every page: header, navigation, footer

    package let skip: String
    package let siteNav: String
    package let thisMonth: String
    package let notes: String
    package let schedulesNav: String
    package let subscribeShort: String
    package let jumpLabel: String
    package let jumpGo: String
    package let jumpHint: String
    package let jumpInvalid: String
    package let source: String
    package let colon: String
    package let apiLink: String
    package let changesFeed: String
    package let generatedBy: String
    package let home: String

    // MARK: Calendars: grids, legends, year and month pages

    package let calendar: String
    package let monthIndex: String
    package let monthSteps: String
    /// The badge of a day off, 休.
    package let badgeOff: String
    /// The badge of a make-up workday, 班.
    package let badgeWork: String
    package let legend: String
    package let legendOff: String
    package let legendStatutory: String
    package let legendPending: String
    package let legendWork: String
    package let legendWeekend: String
    /// The home page's legend also explains today's frame, a festival's or solar term's name, a
    /// lunar month's first day and a note.
    package let legendToday: String
    package let legendFestival: String
    package let legendLunarMonth: String
    /// How the cells write a lunar date, where it needs saying (`L8-15` in English); `""`: not said.
    package let legendLunarNotation: String
    package let legendNotes: String
    package let statutory: String
    package let statutoryPending: String
    package let yearTitleSuffix: String
    package let wholeYear: String
    package let years: String
    package let announced: String
    package let notAnnounced: String
    package let notAnnouncedLong: String
    package let todayHeading: String

    // MARK: Holiday breaks and the year's facts

    package let holidays: String
    package let holidayName: String
    package let dates: String
    package let length: String
    package let makeup: String
    package let rangeTo: String
    package let makeupBefore: String
    package let makeupAfter: String
    package let none: String
    package let sources: String
    /// The line under a month's grid, printed with it: `{date}` is the build day, `{zone}` the
    /// site's time zone.
    package let sheetAsOf: String
    package let statutoryDays: String
    package let statutoryPendingText: String
    package let partialHolidays: String
    package let workdaysPerMonth: String
    package let workdaysTotal: String
    package let feasts: String
    package let monthFeasts: String
    package let solarTerms: String
    package let festivals: String
    package let monthHolidays: String
    package let noHolidaysThisMonth: String

    // MARK: Notes

    package let notesTitle: String
    package let notesDescription: String
    package let notesByDate: String
    package let notesByTag: String
    package let noNotes: String
    package let monthNotes: String
    package let upcomingNotes: String
    package let allNotes: String
    package let tags: String
    package let onTheCalendar: String
    package let draft: String

    // MARK: Subscribing, and the page of a personal feed (`personalTitle` has a `{name}`)

    package let subscribe: String
    package let subscribeText: String
    package let subscribeHow: String
    package let subscribeTitle: String
    package let subscribeDescription: String
    package let subscribeWebcal: String
    package let subscribeHttps: String
    package let subscribeFestivals: String
    package let subscribeFestivalsText: String
    /// The public variants of the holiday feed on the subscribe page: a heading, and each
    /// variant's name and who it is for; the names of the three feeds each language has.
    package let chooserHeading: String
    package let chooserMakeupButton: String
    package let chooserMakeup: String
    package let chooserHolidaysButton: String
    package let chooserHolidays: String
    package let chooserMore: String
    package let variantsHeading: String
    package let variantMakeup: String
    package let variantMakeupText: String
    package let variantStatutory: String
    package let variantStatutoryText: String
    package let variantEnglish: String
    package let variantEnglishText: String
    package let variantChinese: String
    package let variantChineseText: String
    package let variantYears: String
    package let variantYearsText: String
    package let variantHolidaysLink: String
    package let variantMakeupLink: String
    package let variantStatutoryLink: String
    package let guideHeading: String
    package let addresses: String
    package let downloadIcs: String
    /// The links that add a feed to Google Calendar and Outlook.com, and what the one-time
    /// download is.
    package let addToGoogle: String
    package let addToOutlook: String
    package let downloadOnce: String
    /// The QR code of a feed address: what it is, and what to do with it.
    package let qrLabel: String
    package let qrCaption: String
    package let copy: String
    package let copied: String
    package let personalTitle: String
    package let personalText: String
    package let personalNotice: String
    /// What a personal calendar holds, on the page beside it.
    package let personalContents: String
    package let personalReminders: String
    package let personalNoReminders: String
    package let personalAlso: String
    package let includesHolidays: String
    package let includesFestivals: String
    package let includesSolarTerms: String
    package let personalNotes: String
    package let personalLeave: String
    package let personalSchedulePage: String
    package let personalNoHolidays: String
    package let personalTimeZone: String
    package let duplicateHolidays: String
    package let duplicateFestivals: String

    // MARK: The API page, the 404 page and changes.xml

    package let apiTitle: String
    package let apiDescription: String
    package let notFoundTitle: String
    package let notFoundText: String
    package let changesSubtitle: String
    /// The changes page: what it lists, its feed link and what it says before any change.
    package let changesIntro: String
    package let changesFollow: String
    package let noChanges: String

    // MARK: Work schedules

    package let schedulesHeading: String
    package let schedulesText: String
    package let scheduleRules: String
    package let scheduleCounts: String
    package let scheduleUnknown: String
    package let scheduleDecided: String
    package let scheduleNoneDecided: String
    package let scheduleFeed: String
    package let scheduleFeedText: String
    package let scheduleAPI: String
    package let scheduleLegend: String
    package let scheduleNational: String

    /// The words of a language.
    package static func of(_ language: SiteLanguage) -> UIWords {
        switch language {
        case .chinese: chinese
        case .english: english
        }
    }

    /// `t` of a template context: every word under its property's name, made once per language.
    package static func table(_ language: SiteLanguage) -> [String: String] {
        switch language {
        case .chinese: chineseTable
        case .english: englishTable
        }
    }

    private static let chineseTable = WordTable.entries(of: chinese)
    private static let englishTable = WordTable.entries(of: english)
}
