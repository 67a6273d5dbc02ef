import CalgenCore
import CalgenModel
import ICalendar

/// `FeedKind.holidays`: `feeds/holidays.ics`, every announced year's holiday periods and make-up
/// workdays and the public notes, in the site's language; `feeds/holidays.en.ics` and
/// `feeds/holidays.zh.ics`, the same periods and days in one language, without the public notes
/// (written in one language).
extension FeedRenderer {
    /// The holiday feed in `language` (`nil`: the site's, with the public notes).
    func holidaysFeed(in language: SiteLanguage?) throws(FeedTooLarge) -> FeedDraft {
        guard let language else { return try publicFeed() }
        let path = path(Calgen.publicFeedPath, in: language)
        let strings = SiteStrings(language: language)
        let years = announcedYears
        let events = holidayEvents(years: years, uidPrefix: uidPrefix(path), language: language)
        return draft(
            path: path, name: strings.holidaysVariantName(site.config.title),
            description: strings.publicFeedDescription(years: years, validThrough: horizon(of: nil).validThrough),
            events: events, validThrough: horizon(of: nil).validThrough)
    }

    /// `feeds/holidays.ics`: every announced year's holiday periods and make-up workdays, and the public notes.
    func publicFeed() throws(FeedTooLarge) -> FeedDraft {
        let announced = announcedYears
        let publicNotes = site.notes.filter { $0.audience.contains("public") }
        let count = publicNotes.reduce(0) { $0 + $1.end.dayNumber - $1.start.dayNumber + 1 }
        if count > Limits.eventsPerFeed { throw FeedTooLarge(events: count) }
        var events = holidayEvents(years: announced, uidPrefix: "")
        var unusual = [UnusualTimes]()
        for note in publicNotes {
            events += noteEvents(note, uidPrefix: "", unusual: &unusual)
        }
        let usesSiteZone = events.contains { if case .local = $0.start { true } else { false } }
        let validThrough = horizon(of: nil).validThrough
        var zones = [TimeZoneComponent]()
        if usesSiteZone, let first = announced.first, let last = announced.last,
            let zone = ZoneCache().component(site.config.timeZone, years: first...last)
        {
            zones.append(zone)
        }
        let feed = ICalendar.Calendar(
            productID: FeedRenderer.productID, name: strings.publicFeedName(site.config.title),
            description: strings.publicFeedDescription(years: announced, validThrough: validThrough),
            refreshInterval: DurationValue.text(minutes: site.config.feedRefresh.minutes),
            source: site.config.baseURL + FeedRenderer.publicPath,
            defaultTimeZone: site.config.timeZone, timeZones: zones, events: FeedRenderer.sorted(events))
        return FeedDraft(
            path: FeedRenderer.publicPath, calendar: feed, validThrough: validThrough, isPublic: true, unusualTimes: unusual)
    }
}

/// The words of the holiday feeds.
extension SiteStrings {
    /// The public feed's description.
    func publicFeedDescription(years: [Int], validThrough: CivilDate?) -> String {
        let span = yearSpan(years)
        return
            (isChinese
            ? "中国法定节假日与调休上班安排（\(span)年），数据来自国务院办公厅通知。"
            : "Public holidays and make-up workdays of mainland China (\(span)), from the State Council notices.")
            + (isChinese ? "" : " ") + validity(validThrough)
    }

    /// `节假日与补班 · <site>` / `Holidays and make-up workdays · <site>`.
    func holidaysVariantName(_ siteTitle: String) -> String {
        isChinese ? "节假日与补班 · \(siteTitle)" : "Holidays and make-up workdays · \(siteTitle)"
    }
}
