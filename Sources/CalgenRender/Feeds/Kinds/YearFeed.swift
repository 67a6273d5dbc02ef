import CalgenCore
import CalgenModel
import ICalendar

/// `FeedKind.year`: `feeds/years/YYYY.ics`, one announced year's holiday periods and make-up
/// workdays, the same events as `feeds/holidays.ics` has for that year under UIDs of its own
/// (`years/2026/…`); fixed once the year is announced.
extension FeedRenderer {
    /// One feed per announced year, oldest first.
    func yearFeeds() -> [FeedDraft] { announcedYears.map(yearFeed) }

    func yearFeed(_ year: Int) -> FeedDraft {
        let path = FeedPath.year(year)
        return draft(
            path: path, name: strings.yearFeedName(year, siteTitle: site.config.title),
            description: strings.yearFeedDescription(year),
            events: holidayEvents(years: [year], uidPrefix: uidPrefix(path)), validThrough: nil)
    }
}

/// The words of the year feeds.
extension SiteStrings {
    /// `2026年节假日 · <site>` / `Holidays 2026 · <site>`.
    func yearFeedName(_ year: Int, siteTitle: String) -> String {
        isChinese ? "\(year)年节假日 · \(siteTitle)" : "Holidays \(year) · \(siteTitle)"
    }

    /// A year feed's description: what it holds, and that it no longer changes.
    func yearFeedDescription(_ year: Int) -> String {
        isChinese
            ? "\(year)年放假安排与调休上班日，数据来自国务院办公厅通知；公布后内容固定。"
            : "The holidays and make-up workdays of \(year), from the State Council notice; fixed once announced."
    }
}
