import CalgenCore
import CalgenModel
import ICalendar

/// The events of festivals and solar terms, which the festivals feed and personal feeds share.
extension FeedRenderer {
    /// All-day events for festivals and solar terms between two dates. A festival that falls in
    /// one of `skipping`'s breaks and that the break is named for (春节 in the 春节 break, 中秋节
    /// in 国庆节、中秋节) is left out: the holiday's own event already says it. 清明 is one event, 清明节.
    func feastEvents(
        from first: CivilDate, through last: CivilDate, festivals: Bool, solarTerms: Bool, skipping: [HolidayPeriod],
        uidPrefix: String
    ) -> [Event] {
        let almanac = site.almanac
        var events = [Event]()
        for dayNumber in first.dayNumber...last.dayNumber {
            let date = CivilDate(dayNumber: dayNumber)
            let observances = almanac.observances(on: date)
            let dayFestivals = observances.festivals
            if festivals {
                for festival in dayFestivals {
                    let named = skipping.contains { period in
                        period.contains(date)
                            && (period.noticeName.contains(festival.name)
                                || period.originalNames.contains { $0.contains(festival.name) })
                    }
                    if named { continue }
                    let english = FeedRenderer.slug(SiteStrings.englishFestivals[festival.name] ?? festival.name)
                    events.append(
                        Event(
                            uid: uidPrefix + "festival-" + date.basicISO8601 + "-" + english + "@" + host, stamp: stamp,
                            start: .date(FeedRenderer.date(date)), end: .date(FeedRenderer.date(date.next)),
                            summary: strings.festivalName(festival.name),
                            description: festivalDescription(festival, date: date),
                            url: site.config.baseURL + FeedRenderer.pagePath(of: date, in: calendar),
                            categories: [strings.festivalCategory], transparent: true))
                }
            }
            // Without festivals in the feed, 清明 is not said by 清明节: the term stands on its own.
            let shownTerm = festivals ? observances.solarTerm : almanac.solarTerm(on: date)
            if solarTerms, let shownTerm, let term = almanac.solarTerms(inYear: date.year).first(where: { $0.term == shownTerm })
            {
                events.append(
                    Event(
                        uid: uidPrefix + "term-" + date.basicISO8601 + "-"
                            + FeedRenderer.slug(SiteStrings.englishSolarTerms[term.term.rawValue]) + "@" + host,
                        stamp: stamp, start: .date(FeedRenderer.date(date)), end: .date(FeedRenderer.date(date.next)),
                        summary: strings.solarTermName(term.term), description: strings.solarTermDescription(term),
                        url: site.config.baseURL + FeedRenderer.pagePath(of: date, in: calendar),
                        categories: [strings.solarTermCategory], transparent: true))
            }
        }
        return events
    }

    /// A festival's description; 清明节 also says when the Sun reaches 15°.
    private func festivalDescription(_ festival: Festival, date: CivilDate) -> String {
        let text = strings.festivalDescription(festival, date: date)
        guard case .solarTerm(let term) = festival.rule,
            let moment = site.almanac.solarTerms(inYear: date.year).first(where: { $0.term == term })
        else { return text }
        return text + "\n" + strings.solarTermDescription(moment)
    }
}
