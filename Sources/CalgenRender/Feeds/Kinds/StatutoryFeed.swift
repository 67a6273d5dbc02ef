import CalgenCore
import CalgenModel
import ICalendar

/// `FeedKind.statutory`: `feeds/statutory.ics` (and `.en`, `.zh`), one all-day event for each
/// 法定节假日 of the announced years, with the holiday's name.
extension FeedRenderer {
    /// The statutory feed in `language` (`nil`: the site's).
    func statutoryFeed(in language: SiteLanguage?) -> FeedDraft {
        let years = announcedYears
        let path = path(Calgen.statutoryFeedPath, in: language)
        let prefix = uidPrefix(path)
        let strings = language.map(SiteStrings.init(language:)) ?? strings
        let events = years.flatMap { site.almanac.statutoryDays(inYear: $0) }.map { day in
            Event(
                uid: prefix + "statutory-" + day.date.basicISO8601 + "@" + host, stamp: stamp,
                start: .date(FeedRenderer.date(day.date)), end: .date(FeedRenderer.date(day.date.next)),
                summary: strings.statutorySummary(day), description: strings.statutoryDescription(day),
                url: site.config.baseURL + FeedRenderer.pagePath(of: day.date, in: calendar),
                categories: [strings.ui.statutoryDays], transparent: true)
        }
        return draft(
            path: path, name: strings.statutoryFeedName(site.config.title),
            description: strings.statutoryFeedDescription(years: years), events: events,
            validThrough: horizon(of: nil).validThrough)
    }
}

/// The words of the statutory feed.
extension SiteStrings {
    /// `法定节假日 · <site>` / `Statutory holidays · <site>`.
    func statutoryFeedName(_ siteTitle: String) -> String {
        isChinese ? "法定节假日 · \(siteTitle)" : "Statutory holidays · \(siteTitle)"
    }

    /// The statutory feed's description.
    func statutoryFeedDescription(years: [Int]) -> String {
        let span = yearSpan(years)
        return isChinese
            ? "《全国年节及纪念日放假办法》规定的全体公民放假的节日（法定节假日，\(span)年），每天一个事件；调休形成的其他休息日不在其中。"
            : "The statutory holidays of the national holiday regulations (\(span)), one event a day; the other days off of each break, made by moving weekends, are not among them."
    }

    /// `国庆节（法定节假日）` / `National Day (statutory holiday)`.
    func statutorySummary(_ day: StatutoryDay) -> String {
        isChinese ? "\(day.holiday)（法定节假日）" : "\(holidayName(day.holiday)) (statutory holiday)"
    }

    /// What a statutory day means for pay.
    func statutoryDescription(_ day: StatutoryDay) -> String {
        isChinese
            ? "\(day.date.year)年\(shortDate(day.date))是法定节假日（\(day.holiday)）。这一天安排工作的，工资不低于平时的300%（《劳动法》第四十四条）。"
            : "\(shortDate(day.date)) \(day.date.year) is a statutory holiday (\(holidayName(day.holiday))). Work on it is paid at least 300% of wages (Labour Law, art. 44)."
    }
}
