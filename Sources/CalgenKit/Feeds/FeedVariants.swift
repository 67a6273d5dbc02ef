import CalgenCore
import CalgenModel
import ICalendar

/// The public variants of the holiday feed, each public and listed in the site manifest like
/// `feeds/holidays.ics`:
///
/// - `feeds/makeup.ics`: the make-up workdays only, each with an alarm at 21:00 the evening
///   before: beside Apple's built-in 中国大陆节假日 (which has the days off), the one feed needed.
/// - `feeds/statutory.ics`: the 法定节假日 only, one event a day with the holiday's name.
/// - `feeds/years/YYYY.ics`: one announced year's holiday periods and make-up workdays, the same
///   events as `feeds/holidays.ics` has for that year; fixed once the year is announced.
/// - `feeds/<name>.en.ics` and `feeds/<name>.zh.ics` for holidays, makeup and statutory: in
///   English and in Chinese whatever the site's language (the unsuffixed feeds speak the site's).
///
/// Each variant's UIDs begin with its name and a slash (`makeup/`, `holidays.en/`,
/// `years/2026/`), which no subscriber, reminder or schedule id can hold: a client subscribed to
/// several feeds never takes one feed's event for another's.
extension FeedRenderer {
    /// Minutes before an all-day make-up day's start (00:00, floating) that its alarm rings:
    /// 180, `TRIGGER:-PT3H`, 21:00 the evening before in the viewer's own time.
    static let makeupAlarmMinutes = 180

    /// Every variant, in a stable order.
    func variantFeeds() -> [FeedDraft] {
        let announced = calendar.years.filter(calendar.isAnnounced(year:))
        var drafts = [
            makeupFeed(years: announced, language: nil), statutoryFeed(years: announced, language: nil),
        ]
        for language in SiteLanguage.allCases {
            drafts.append(holidaysFeed(years: announced, language: language))
            drafts.append(makeupFeed(years: announced, language: language))
            drafts.append(statutoryFeed(years: announced, language: language))
        }
        drafts += announced.map(yearFeed)
        return drafts
    }

    /// The path of a variant: the site-language one, or its `.en`/`.zh` sibling.
    private func variantPath(_ path: String, _ language: SiteLanguage?) -> String {
        language.map { FeedPath.named(path, in: $0) } ?? path
    }

    /// A variant's UID prefix: its file name without `.ics`, and a slash.
    private func variantPrefix(_ path: String) -> String {
        String(path.dropFirst("feeds/".count).dropLast(4)) + "/"
    }

    /// `feeds/holidays.en.ics`, `feeds/holidays.zh.ics`: the holiday periods and make-up workdays
    /// of `holidays.ics` in one language, without the public notes (written in one language).
    private func holidaysFeed(years: [Int], language: SiteLanguage) -> FeedDraft {
        let path = variantPath(Calgen.publicFeedPath, language)
        let strings = SiteStrings(language: language)
        let events = holidayEvents(years: years, uidPrefix: variantPrefix(path), language: language)
        return draft(
            path: path, name: strings.holidaysVariantName(site.config.title),
            description: strings.publicFeedDescription(years: years, validThrough: horizon(of: nil).validThrough),
            events: events, validThrough: horizon(of: nil).validThrough)
    }

    /// `feeds/makeup.ics`: each make-up workday of `holidays.ics` (same summary, description and
    /// `X-APPLE-SPECIAL-DAY:ALTERNATE-WORKDAY`) with a display alarm at 21:00 the evening before.
    private func makeupFeed(years: [Int], language: SiteLanguage?) -> FeedDraft {
        let path = variantPath(Calgen.makeupFeedPath, language)
        let prefix = variantPrefix(path)
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

    /// `feeds/statutory.ics`: one all-day event for each 法定节假日 of the announced years.
    private func statutoryFeed(years: [Int], language: SiteLanguage?) -> FeedDraft {
        let path = variantPath(Calgen.statutoryFeedPath, language)
        let prefix = variantPrefix(path)
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

    /// `feeds/years/YYYY.ics`: one announced year's holiday periods and make-up workdays.
    private func yearFeed(_ year: Int) -> FeedDraft {
        let path = FeedPath.year(year)
        return draft(
            path: path, name: strings.yearFeedName(year, siteTitle: site.config.title),
            description: strings.yearFeedDescription(year),
            events: holidayEvents(years: [year], uidPrefix: variantPrefix(path)), validThrough: nil)
    }

    /// A public variant with all-day events only (so no `VTIMEZONE`).
    private func draft(path: String, name: String, description: String, events: [Event], validThrough: CivilDate?)
        -> FeedDraft
    {
        let feed = ICalendar.Calendar(
            productID: FeedRenderer.productID, name: name, description: description,
            refreshInterval: DurationValue.text(minutes: site.config.feedRefresh.minutes),
            source: site.config.baseURL + path, defaultTimeZone: site.config.timeZone, timeZones: [],
            events: FeedRenderer.sorted(events))
        return FeedDraft(path: path, calendar: feed, validThrough: validThrough, isPublic: true)
    }
}
