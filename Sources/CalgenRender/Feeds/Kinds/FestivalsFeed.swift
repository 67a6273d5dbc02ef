import CalgenCore
import CalgenModel
import ICalendar

/// `FeedKind.festivals`: `feeds/festivals.ics`, the festivals and solar terms over the site's
/// feed horizon (`FeastEvents`).
extension FeedRenderer {
    func festivalsFeed() -> FeedDraft {
        let horizon = horizon(of: nil)
        let events = feastEvents(
            from: horizon.first, through: horizon.last, festivals: true, solarTerms: true, skipping: [], uidPrefix: "")
        return draft(
            path: Calgen.festivalsFeedPath, name: strings.festivalsFeedName(site.config.title),
            description: strings.festivalsFeedDescription(first: horizon.first.year, last: horizon.last.year),
            events: events, validThrough: nil)
    }
}

/// The words of the festivals feed.
extension SiteStrings {
    /// The festivals feed's description.
    func festivalsFeedDescription(first: Int, last: Int) -> String {
        isChinese
            ? "二十四节气（按太阳视黄经计算，北京时间）与传统节日、纪念日（\(first)–\(last)年）。节日本身不等于放假，放假安排见节假日日历。"
            : "The 24 solar terms (from the Sun's apparent longitude, Beijing time) and traditional and commemorative days (\(first)–\(last)). A festival is not a day off by itself; see the holiday calendar for those."
    }
}
