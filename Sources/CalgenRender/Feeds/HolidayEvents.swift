import CalgenCore
import CalgenModel
import ICalendar

/// The events of holiday periods and make-up workdays, which the holiday, make-up, year and
/// personal feeds share.
extension FeedRenderer {
    /// All-day events for the holiday periods and make-up workdays of the given years, in the
    /// site's language or in `language`.
    func holidayEvents(years: [Int], uidPrefix: String, language: SiteLanguage? = nil) -> [Event] {
        let strings = language.map(SiteStrings.init(language:)) ?? strings
        var events = [Event]()
        for year in years {
            let papers = calendar.file(forYear: year)?.papers ?? []
            var used = Set<String>()
            for period in site.periodsByYear[year] ?? [] {
                var key = "holiday-\(year)-" + FeedRenderer.slug(HolidayNames.englishName(for: period.name))
                if used.contains(key) { key += "-" + period.start.basicISO8601 }
                used.insert(key)
                events.append(
                    Event(
                        uid: uidPrefix + key + "@" + host, stamp: stamp, start: .date(FeedRenderer.date(period.start)),
                        end: .date(FeedRenderer.date(period.end.next)), summary: strings.holidaySummary(period),
                        description: strings.holidayDescription(period, papers: papers),
                        url: site.config.baseURL + PagePath.year(year), categories: [strings.ui.badgeOff],
                        transparent: true, extensions: [FeedRenderer.appleSpecialDay(.holiday)]))
                for day in period.makeupWorkdays {
                    events.append(
                        Event(
                            uid: uidPrefix + "makeup-" + day.basicISO8601 + "@" + host, stamp: stamp,
                            start: .date(FeedRenderer.date(day)), end: .date(FeedRenderer.date(day.next)),
                            summary: strings.makeupSummary(period),
                            description: strings.makeupDescription(day, period, papers: papers),
                            url: site.config.baseURL
                                + (calendar.years.contains(day.year) ? PagePath.month(day.year, day.month) : PagePath.year(year)),
                            categories: [strings.ui.badgeWork], transparent: true,
                            extensions: [FeedRenderer.appleSpecialDay(.makeupWorkday)]))
                }
            }
        }
        return events
    }
}
