import CalgenCore
import CalgenLoad
import CalgenModel
import ICalendar

/// `FeedKind.personal`: one subscriber's feed at its secret address (`FeedPath.personal`): the
/// holidays, festivals and solar terms it asks for, the notes addressed to it and its reminders.
extension FeedRenderer {
    /// One subscriber's feed, with the notes addressed to it (see `NoteIndex`).
    func personalFeed(
        _ subscriber: Subscriber, schedule: ReminderSchedule, horizon: FeedHorizon, notes: [Note], zones: ZoneCache
    ) throws(FeedTooLarge) -> FeedDraft {
        let prefix = FeedUIDs.personal(subscriber.id)
        // Count first: a feed over the limit is refused before any of its events is made.
        let work = self.work(of: subscriber)
        let dates = subscriber.reminders.map { schedule.dates(of: $0, following: work) }
        let count = dates.reduce(0) { $0 + $1.count } + notes.reduce(0) { $0 + $1.end.dayNumber - $1.start.dayNumber + 1 }
        if count > Limits.eventsPerFeed { throw FeedTooLarge(events: count) }
        var events = [Event]()
        var holidayYears = [Int]()
        if subscriber.includesHolidays {
            holidayYears = calendar.years.filter {
                calendar.isAnnounced(year: $0) && $0 >= horizon.first.year && $0 <= horizon.last.year
            }
            events += holidayEvents(years: holidayYears, uidPrefix: prefix)
        }
        if subscriber.includesFestivals || subscriber.includesSolarTerms {
            events += feastEvents(
                from: horizon.first, through: horizon.last, festivals: subscriber.includesFestivals,
                solarTerms: subscriber.includesSolarTerms, skipping: holidayYears.flatMap { site.periodsByYear[$0] ?? [] },
                uidPrefix: prefix)
        }
        var unusual = [UnusualTimes]()
        for note in notes {
            events += noteEvents(note, uidPrefix: prefix, unusual: &unusual)
        }
        // Room for every reminder's events at once: grown reminder by reminder, the array of large
        // events would be moved to a new buffer for each.
        events.reserveCapacity(events.count + dates.reduce(0) { $0 + $1.count })
        for (reminder, dates) in zip(subscriber.reminders, dates) {
            reminderEvents(reminder, subscriber: subscriber, dates: dates, work: work, unusual: &unusual, into: &events)
        }
        var zoneIDs = Set<String>()
        // Most events are in the zone of the one before: it is not hashed again.
        var last: String?
        events.withUnsafeBufferPointer { events in
            for i in events.indices {
                if case .local(_, let zone) = events[i].start, zone != last {
                    zoneIDs.insert(zone)
                    last = zone
                }
                for date in events[i].exceptionDates {
                    if case .local(_, let zone) = date { zoneIDs.insert(zone) }
                }
            }
        }
        FeedRenderer.sort(&events)
        let years = horizon.first.year...horizon.last.year
        let feed = ICalendar.Calendar(
            productID: FeedRenderer.productID, name: subscriber.calendarName,
            description: strings.validity(horizon.validThrough), colorName: subscriber.color.flatMap(CSSColor.nearestName),
            colorHex: subscriber.color, refreshInterval: DurationValue.text(minutes: site.config.feedRefresh.minutes),
            defaultTimeZone: subscriber.timeZone,
            timeZones: zoneIDs.sorted().compactMap { zones.component($0, years: years) }, events: events)
        return FeedDraft(
            path: path(of: subscriber.summary), calendar: feed, validThrough: horizon.validThrough, isPublic: false,
            unusualTimes: unusual.map { $0.naming("subscriber `\(subscriber.id)`") })
    }

    /// What the subscriber works by: their schedule with their leave, the legal calendar with
    /// their leave when they have leave but no schedule, `nil` (the legal calendar's own rules)
    /// when they have neither.
    func work(of subscriber: Subscriber) -> ScheduleEvaluator? {
        guard let id = subscriber.schedule else {
            guard subscriber.personal != .none else { return nil }
            return ScheduleEvaluator(schedule: .legal, almanac: site.almanac, personal: subscriber.personal)
        }
        // The loader checks that the id names a loaded schedule.
        guard let schedule = site.schedules.first(where: { $0.id == id }) else { return nil }
        return ScheduleEvaluator(schedule: schedule, almanac: site.almanac, personal: subscriber.personal)
    }
}
