import CalgenCore
import CalgenModel
import ICalendar

/// `FeedKind.makeup`: `feeds/makeup.ics` (and `.en`, `.zh`), each make-up workday of
/// `holidays.ics` (same summary, description and `X-APPLE-SPECIAL-DAY:ALTERNATE-WORKDAY`) with a
/// display alarm at 21:00 the evening before: beside Apple's built-in 中国大陆节假日 (which has
/// the days off), the one feed needed.
extension FeedRenderer {
    /// Minutes before an all-day make-up day's start (00:00, floating) that its alarm rings:
    /// 180, `TRIGGER:-PT3H`, 21:00 the evening before in the viewer's own time.
    static let makeupAlarmMinutes = 180

    /// The make-up feed in `language` (`nil`: the site's).
    func makeupFeed(in language: SiteLanguage?) -> FeedDraft {
        let years = announcedYears
        let path = path(Calgen.makeupFeedPath, in: language)
        let prefix = uidPrefix(path)
        let strings = language.map(SiteStrings.init(language:)) ?? strings
        // `holidayEvents` names each make-up day's event `makeup-YYYYMMDD`.
        let events = holidayEvents(years: years, uidPrefix: prefix, language: language).filter {
            $0.uid.hasPrefix(prefix + "makeup-")
        }.map { event -> Event in
            var event = event
            if case .date(let d) = event.start, let day = CivilDate(year: d.year, month: d.month, day: d.day) {
                let alarm = strings.makeupEveDescription(day, name: calendar.status(of: day).name)
                event.alarms = [Alarm(minutesBefore: FeedRenderer.makeupAlarmMinutes, description: alarm)]
            }
            return event
        }
        return draft(
            path: path, name: strings.makeupFeedName(site.config.title),
            description: strings.makeupFeedDescription(years: years) + (strings.isChinese ? "" : " ")
                + strings.validity(horizon(of: nil).validThrough),
            events: events, validThrough: horizon(of: nil).validThrough)
    }
}

/// The words of the make-up feed.
extension SiteStrings {
    /// `补班日 · <site>` / `Make-up workdays · <site>`.
    func makeupFeedName(_ siteTitle: String) -> String {
        isChinese ? "补班日 · \(siteTitle)" : "Make-up workdays · \(siteTitle)"
    }

    /// The make-up feed's description.
    func makeupFeedDescription(years: [Int]) -> String {
        let span = yearSpan(years)
        return isChinese
            ? "只有调休上班日（补班），每个前一晚21:00提醒（\(span)年）。放假日可用 iPhone 自带的“中国大陆节假日”日历。"
            : "Make-up workdays only, each with an alert at 21:00 the evening before (\(span)). Apple's built-in Mainland China holidays calendar has the days off."
    }
}
