import CalgenCore
import CalgenModel
import Foundation
import ICalendar

/// Writes the public holiday feed and one personal feed per subscriber.
struct FeedRenderer: Sendable {
    let site: Site
    let today: CivilDate
    /// `DTSTAMP` of every event (UTC): the build's generation time, never the clock.
    let stamp: ICalDateTime
    let secret: FeedSecret
    /// The host part of the base URL, which ends every UID: parsed once, not for every event.
    let host: String
    /// The zones' offsets, read once per zone for all feeds of a build.
    let offsets = ZoneOffsetsCache()

    static let publicPath = Calgen.publicFeedPath
    static let productID = "-//calgen//calgen//ZH"

    init(site: Site, today: CivilDate, generatedAt: Date, secret: FeedSecret) {
        self.site = site
        self.today = today
        self.secret = secret
        stamp = TimeZoneComponent.utcFields(generatedAt)
        host = URL(string: site.config.baseURL)?.host ?? "calgen"
    }

    var strings: SiteStrings { SiteStrings(language: site.config.language) }
    var calendar: HolidayCalendar { site.calendar }

    /// Where a subscriber's feed is published.
    func path(of subscriber: Subscriber) -> String {
        FeedPath.personal(subscriber, secret: secret)
    }

    /// The horizon of a subscriber's feed.
    func horizon(of subscriber: Subscriber?) -> FeedHorizon {
        site.horizon(of: subscriber, today: today)
    }

    // MARK: Public feed

    /// `feeds/holidays.ics`: every announced year's holiday periods and make-up workdays, and the public notes.
    func publicFeed() throws(FeedTooLarge) -> FeedDraft {
        let announced = calendar.years.filter(calendar.isAnnounced(year:))
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

    /// `feeds/festivals.ics`: the festivals and solar terms over the site's feed horizon.
    func festivalsFeed() -> FeedDraft {
        let horizon = horizon(of: nil)
        let events = feastEvents(
            from: horizon.first, through: horizon.last, festivals: true, solarTerms: true, skipping: [], uidPrefix: "")
        let feed = ICalendar.Calendar(
            productID: FeedRenderer.productID, name: strings.festivalsFeedName(site.config.title),
            description: strings.festivalsFeedDescription(first: horizon.first.year, last: horizon.last.year),
            refreshInterval: DurationValue.text(minutes: site.config.feedRefresh.minutes),
            source: site.config.baseURL + Calgen.festivalsFeedPath, defaultTimeZone: site.config.timeZone, timeZones: [],
            events: FeedRenderer.sorted(events))
        return FeedDraft(path: Calgen.festivalsFeedPath, calendar: feed, validThrough: nil, isPublic: true)
    }

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

    /// How Apple's own 中国大陆节假日 calendar marks days off and make-up workdays, so that
    /// Apple Calendar shows its 休/班 marks for calgen's events too; other clients ignore it.
    static func appleSpecialDay(_ kind: DayKind) -> ExtensionProperty {
        ExtensionProperty("X-APPLE-SPECIAL-DAY", kind == .makeupWorkday ? "ALTERNATE-WORKDAY" : "WORK-HOLIDAY")
    }

    /// A festival's description; 清明节 also says when the Sun reaches 15°.
    private func festivalDescription(_ festival: Festival, date: CivilDate) -> String {
        let text = strings.festivalDescription(festival, date: date)
        guard case .solarTerm(let term) = festival.rule,
            let moment = site.almanac.solarTerms(inYear: date.year).first(where: { $0.term == term })
        else { return text }
        return text + "\n" + strings.solarTermDescription(moment)
    }

    /// The month page of a date when the site has one, else the home page.
    static func pagePath(of date: CivilDate, in calendar: HolidayCalendar) -> String {
        calendar.years.contains(date.year) ? PagePath.month(date.year, date.month) : ""
    }

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

    /// A note as events: one all-day event over its days, or, with a time, one event on each day.
    /// A day whose time the site's zone skips or repeats is added to `unusual`.
    func noteEvents(_ note: Note, uidPrefix: String, unusual: inout [UnusualTimes]) -> [Event] {
        let url = site.config.baseURL + PagePath.note(note.slug)
        let description = note.text.isEmpty ? url : note.text + "\n\n" + url
        let base = uidPrefix + "note-" + note.slug
        guard let time = note.time else {
            return [
                Event(
                    uid: base + "@" + host, stamp: stamp, start: .date(FeedRenderer.date(note.start)),
                    end: .date(FeedRenderer.date(note.end.next)), summary: note.title, description: description, url: url,
                    categories: note.tags, transparent: true)
            ]
        }
        var found = UnusualTimes(what: "note `\(note.slug)`", time: time, zone: site.config.timeZone)
        let events = note.days.map { day in
            let times = timed(day, time, note.duration, zone: site.config.timeZone)
            found.add(day, times.kind)
            return Event(
                uid: base + (note.start == note.end ? "" : "-" + day.basicISO8601) + "@" + host, stamp: stamp,
                start: times.start, end: times.end, summary: note.title, description: description, url: url,
                categories: note.tags)
        }
        if !found.isEmpty { unusual.append(found) }
        return events
    }

    // MARK: Personal feeds

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
        for (reminder, dates) in zip(subscriber.reminders, dates) {
            events += reminderEvents(reminder, subscriber: subscriber, dates: dates, work: work, unusual: &unusual)
        }
        var zoneIDs = Set<String>()
        for event in events {
            if case .local(_, let zone) = event.start { zoneIDs.insert(zone) }
            for date in event.exceptionDates {
                if case .local(_, let zone) = date { zoneIDs.insert(zone) }
            }
        }
        let years = horizon.first.year...horizon.last.year
        let feed = ICalendar.Calendar(
            productID: FeedRenderer.productID, name: subscriber.calendarName,
            description: strings.validity(horizon.validThrough), colorName: subscriber.color.flatMap(CSSColor.nearestName),
            colorHex: subscriber.color, refreshInterval: DurationValue.text(minutes: site.config.feedRefresh.minutes),
            defaultTimeZone: subscriber.timeZone,
            timeZones: zoneIDs.sorted().compactMap { zones.component($0, years: years) },
            events: FeedRenderer.sorted(events))
        return FeedDraft(
            path: path(of: subscriber), calendar: feed, validThrough: horizon.validThrough, isPublic: false,
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

    /// The events of one reminder in the subscriber's encoding. An occurrence whose wall-clock
    /// start the subscriber's zone skips or repeats starts in UTC, at the instant RFC 5545 §3.3.5
    /// gives it (`timed`), and is added to `unusual`; in the compact encoding it is its own event
    /// (the rule's `EXDATE` names it), as no two readers expand a rule through such a time alike.
    func reminderEvents(
        _ reminder: Reminder, subscriber: Subscriber, dates: [CivilDate], work: ScheduleEvaluator? = nil,
        unusual: inout [UnusualTimes]
    ) -> [Event] {
        let uidBase = FeedUIDs.reminder(subscriber.id, reminder.id)
        let alarms = reminder.alarms.map { Alarm(minutesBefore: $0.minutes, description: reminder.title) }
        var found = [ResolvedTime.Kind: [CivilDate]]()
        func event(on day: CivilDate) -> Event {
            var description = reminder.description
            if case .makeupEve = reminder.kind {
                let line = strings.makeupEveDescription(day.next, name: calendar.status(of: day.next).name)
                description = description.map { line + "\n" + $0 } ?? line
            }
            let times = times(of: reminder, on: day, zone: subscriber.timeZone, work: work)
            if times.kind != .regular { found[times.kind, default: []].append(day) }
            return Event(
                uid: uidBase + day.basicISO8601 + "@" + host, stamp: stamp, start: times.start, end: times.end,
                summary: reminder.title, description: description,
                location: reminder.location, transparent: reminder.timing == .allDay, alarms: alarms)
        }
        defer {
            if !found.isEmpty {
                var times = UnusualTimes(what: "reminder `\(reminder.id)`", time: nil, zone: subscriber.timeZone)
                if case .at(let time, _) = reminder.timing { times.time = time }
                for (kind, days) in found { for day in days { times.add(day, kind) } }
                unusual.append(times)
            }
        }
        guard subscriber.encoding == .compact, !dates.isEmpty, reminder.timing != .shift else { return dates.map(event(on:)) }
        let ruleDays: [Weekday]
        switch reminder.kind {
        case .workdays: ruleDays = [.monday, .tuesday, .wednesday, .thursday, .friday]
        case .weekly(let days, _): ruleDays = days
        default: return dates.map(event(on:))
        }
        // One weekly rule over the rule days from the first occurrence on one to the last, with an
        // EXDATE for each rule day that does not occur, and one event for each other occurrence:
        // those off the rule's days, those whose start the zone skips or repeats, and those a
        // change of offset falls within.
        let regular = { (day: CivilDate) in
            let times = self.times(of: reminder, on: day, zone: subscriber.timeZone)
            return times.kind == .regular && !times.lengthDiffers
        }
        let onRule = dates.filter { ruleDays.contains($0.weekday) && regular($0) }
        var events = dates.filter { !ruleDays.contains($0.weekday) || !regular($0) }.map(event(on:))
        guard let first = onRule.first, let last = onRule.last else { return events }
        let occurring = Set(onRule)
        let skipped = (first.dayNumber...last.dayNumber).map(CivilDate.init(dayNumber:)).filter {
            ruleDays.contains($0.weekday) && !occurring.contains($0)
        }
        var rule = event(on: first)
        rule.uid = uidBase + "rule@" + host
        let byDay = ruleDays.map { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][$0.rawValue - 1] }.joined(separator: ",")
        let until: String
        switch reminder.timing {
        case .allDay: until = FeedRenderer.date(last).value
        case .at(let time, _): until = utc(last, time, zone: subscriber.timeZone).utcValue
        case .shift: return dates.map(event(on:))  // not reached: shift times are never a weekly rule
        }
        rule.recurrenceRule = "FREQ=WEEKLY;BYDAY=\(byDay);UNTIL=\(until)"
        // An EXDATE names the rule's own instance, so it is the wall-clock time as DTSTART is,
        // also where the zone skips or repeats it: each reader places both alike.
        rule.exceptionDates = skipped.map { day in
            switch reminder.timing {
            case .at(let time, _):
                return .local(
                    ICalDateTime(date: FeedRenderer.date(day), hour: time.hour, minute: time.minute),
                    timeZone: subscriber.timeZone)
            case .allDay, .shift: return .date(FeedRenderer.date(day))
            }
        }
        events.append(rule)
        return events
    }

    /// When an occurrence on `day` starts and ends; a shift timing takes the day's shift from
    /// `work`.
    func times(of reminder: Reminder, on day: CivilDate, zone: String, work: ScheduleEvaluator? = nil) -> EventTimes {
        let allDay = EventTimes(start: .date(FeedRenderer.date(day)), end: .date(FeedRenderer.date(day.next)), kind: .regular)
        switch reminder.timing {
        case .allDay: return allDay
        case .at(let time, let duration): return timed(day, time, duration, zone: zone)
        case .shift:
            // Every date of a shift-start reminder is a worked day with a shift.
            guard let hours = work?.day(day).hours else { return allDay }
            return timed(day, hours.start, TimeSpan(minutes: hours.minutes), zone: zone, endsOnWallClock: true)
        }
    }

    // MARK: Pieces

    static func date(_ d: CivilDate) -> ICalDate { ICalDate(year: d.year, month: d.month, day: d.day) }

    /// Start and end of a timed occurrence. The start is the wall-clock time in `zone`, or,
    /// where the zone skips that time (the clocks jump over it) or repeats it (they go back
    /// over it), the instant RFC 5545 §3.3.5 gives it, in UTC: the time read with the offset
    /// before the change (02:30 on a spring-forward night in New York is 03:30 EDT), or its first
    /// occurrence; readers would otherwise each pick their own. The end is an instant in UTC,
    /// never a wall-clock `DTEND` (02:30–03:30 has no length on such a night, and 01:30–02:30 two
    /// hours on the night the clocks go back), nor a `DURATION`, which some readers add on the
    /// wall clock (recurring-ical-events does) though RFC 5545 makes hours exact. Without a
    /// duration an event lasts `Calgen.defaultEventMinutes` (clients turn an event without an end
    /// into an hour or drop it, and calcurse rejects an end equal to the start).
    ///
    /// A shift (`endsOnWallClock`) ends at its wall-clock end: 20:00–08:00 lasts 11 hours on the
    /// night the clocks go forward. `lengthDiffers` says when a change of offset falls within
    /// the occurrence, where a rule's instance, whose end readers work out on the wall clock or
    /// not, cannot stand for it.
    func timed(_ day: CivilDate, _ time: TimeOfDay, _ duration: TimeSpan?, zone: String, endsOnWallClock: Bool = false)
        -> EventTimes
    {
        let local = ICalDateTime(date: FeedRenderer.date(day), hour: time.hour, minute: time.minute)
        let minutes = (duration?.minutes ?? 0) > 0 ? duration!.minutes : Calgen.defaultEventMinutes
        let ends = time.adding(minutes: minutes)
        let wallEnd = ICalDateTime(
            date: FeedRenderer.date(day.adding(days: ends.days)), hour: ends.time.hour, minute: ends.time.minute)
        guard let offsets = offsets.offsets(of: zone) else {
            return EventTimes(start: .local(local, timeZone: zone), end: .local(wallEnd, timeZone: zone), kind: .regular)
        }
        let start = offsets.resolve(local)
        let byWallClock = offsets.resolve(wallEnd).instant
        let exact = start.instant + minutes * 60
        let end = endsOnWallClock ? max(byWallClock, start.instant + 60) : exact
        return EventTimes(
            start: start.kind == .regular ? .local(local, timeZone: zone) : .utc(start.utc),
            end: .utc(ResolvedTime.fields(of: end)), kind: start.kind, lengthDiffers: byWallClock != exact)
    }

    /// A wall-clock time in a zone, in UTC (for `UNTIL`), as RFC 5545 §3.3.5 places it.
    func utc(_ day: CivilDate, _ time: TimeOfDay, zone identifier: String) -> ICalDateTime {
        let local = ICalDateTime(date: FeedRenderer.date(day), hour: time.hour, minute: time.minute)
        return offsets.offsets(of: identifier)?.resolve(local).utc ?? local
    }

    /// A wall-clock time in a zone, in UTC, as RFC 5545 §3.3.5 places it (offsets read for the call).
    static func utc(_ day: CivilDate, _ time: TimeOfDay, zone identifier: String) -> ICalDateTime {
        let local = ICalDateTime(date: FeedRenderer.date(day), hour: time.hour, minute: time.minute)
        let from = Date(timeIntervalSince1970: TimeInterval(day.dayNumber - 400) * 86_400)
        let to = Date(timeIntervalSince1970: TimeInterval(day.dayNumber + 400) * 86_400)
        return ZoneOffsets(identifier: identifier, from: from, to: to)?.resolve(local).utc ?? local
    }

    /// `National Day` → `national-day`.
    static func slug(_ name: String) -> String {
        var out = ""
        for c in name.lowercased() {
            if c.isASCII && (c.isLetter || c.isNumber) { out.append(c) } else if !out.hasSuffix("-") { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "holiday" : out
    }

    /// Events in a stable order: by start, then UID. The keys are sorted, not the events, which
    /// are large to move.
    static func sorted(_ events: [Event]) -> [Event] {
        func key(_ t: ICalTime) -> (day: Int, minute: Int) {
            switch t {
            case .date(let d): return (d.year * 10_000 + d.month * 100 + d.day, -1)
            case .local(let dt, _), .utc(let dt):
                return (dt.date.year * 10_000 + dt.date.month * 100 + dt.date.day, dt.hour * 60 + dt.minute)
            }
        }
        let keys = events.map { key($0.start) }
        let order = events.indices.sorted { a, b in
            if keys[a] != keys[b] { return keys[a] < keys[b] }
            return events[a].uid < events[b].uid
        }
        return order.map { events[$0] }
    }
}

/// A feed before its events get their stamps and sequences.
struct FeedDraft: Sendable {
    let path: String
    var calendar: ICalendar.Calendar
    let validThrough: CivilDate?
    let isPublic: Bool
    /// The reminders, notes and shifts whose wall-clock start the zone skips or repeats on some
    /// days (written in UTC), for the build's warnings.
    var unusualTimes: [UnusualTimes] = []

    /// The manifest's path: the feed's with `.json` for `.ics`.
    var manifestPath: String { FeedPath.manifest(of: path) }
}

/// A timed or all-day occurrence's `DTSTART` and `DTEND`.
struct EventTimes {
    let start: ICalTime
    /// The day after an all-day event; a timed event's end instant, in UTC.
    let end: ICalTime
    /// Whether the zone skips or repeats a timed start (then `start` is in UTC).
    let kind: ResolvedTime.Kind
    /// Whether a change of offset falls within a timed occurrence: its length differs from its
    /// length on the wall clock, and no rule's instance can stand for it.
    var lengthDiffers = false
}

/// The days on which one reminder's, note's or shift's wall-clock start is one its zone skips or
/// repeats: what the build warns about.
struct UnusualTimes: Sendable {
    /// `reminder `weekly``, `note `slug``, `shift `N``, and whose.
    var what: String
    var time: TimeOfDay?
    let zone: String
    var skipped = [CivilDate]()
    var repeated = [CivilDate]()

    init(what: String, time: TimeOfDay?, zone: String) {
        self.what = what
        self.time = time
        self.zone = zone
    }

    var isEmpty: Bool { skipped.isEmpty && repeated.isEmpty }

    mutating func add(_ day: CivilDate, _ kind: ResolvedTime.Kind) {
        switch kind {
        case .regular: break
        case .skipped: skipped.append(day)
        case .repeated: repeated.append(day)
        }
    }

    /// The same, with whose it is in `what` (`of subscriber `zhangsan``).
    func naming(_ owner: String) -> UnusualTimes {
        var copy = self
        copy.what += " of " + owner
        return copy
    }

    /// The warning, in the file to change.
    func diagnostic(file: String) -> Diagnostic {
        func list(_ days: [CivilDate]) -> String {
            let sorted = days.sorted()
            let shown = sorted.prefix(6).map(\.iso8601).joined(separator: ", ")
            return sorted.count > 6 ? shown + " and \(sorted.count - 6) more" : shown
        }
        let at = time.map { " at \($0.description)" } ?? ""
        var parts = [String]()
        if !skipped.isEmpty {
            parts.append(
                "does not exist on \(list(skipped)) (the clocks skip it): written in UTC at the instant after the jump, as RFC 5545 reads it"
            )
        }
        if !repeated.isEmpty {
            parts.append("comes twice on \(list(repeated)) (the clocks go back): written in UTC at its first occurrence")
        }
        return Diagnostic(
            .warning, file: file,
            message: "\(what) starts\(at) in \(zone), a time that " + parts.joined(separator: "; it "),
            fix: "choose a time outside the hour the clocks change in \(zone), or keep it: those occurrences are written as said")
    }
}

/// The zones' offsets (`ZoneOffsets`), read once per zone over 1900–2101 for all feeds of a build.
final class ZoneOffsetsCache: @unchecked Sendable {
    private var cache: [String: ZoneOffsets?] = [:]
    private let lock = NSLock()
    private static let from = Date(
        timeIntervalSince1970: TimeInterval(CivilDate(year: 1900, month: 1, day: 1)!.dayNumber) * 86_400)
    private static let to = Date(timeIntervalSince1970: TimeInterval(CivilDate(year: 2102, month: 1, day: 1)!.dayNumber) * 86_400)

    /// `nil` when the system does not know the zone.
    func offsets(of identifier: String) -> ZoneOffsets? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[identifier] { return cached }
        let offsets = ZoneOffsets(identifier: identifier, from: ZoneOffsetsCache.from, to: ZoneOffsetsCache.to)
        cache[identifier] = offsets
        return offsets
    }
}

/// `VTIMEZONE` components, made once per zone and range for all feeds of a build.
final class ZoneCache: @unchecked Sendable {
    private var cache: [String: TimeZoneComponent] = [:]
    private let lock = NSLock()

    func component(_ identifier: String, years: ClosedRange<Int>) -> TimeZoneComponent? {
        let key = "\(identifier) \(years.lowerBound) \(years.upperBound)"
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[key] { return cached }
        // From a day before the first year to a day after the last, so every local time is inside.
        let from = Date(
            timeIntervalSince1970: TimeInterval(CivilDate(year: years.lowerBound, month: 1, day: 1)!.dayNumber - 2) * 86_400)
        let to = Date(
            timeIntervalSince1970: TimeInterval(CivilDate(year: years.upperBound, month: 12, day: 31)!.dayNumber + 3) * 86_400)
        let component = TimeZoneComponent(identifier: identifier, from: from, to: to)
        cache[key] = component
        return component
    }
}

/// A feed that would have more than `Limits.eventsPerFeed` events.
struct FeedTooLarge: Error {
    let events: Int

    func diagnostic(file: String, fix: String) -> Diagnostic {
        Diagnostic(
            file: file, message: "the feed would have \(events) events; the limit is \(Limits.eventsPerFeed)", fix: fix)
    }
}

// MARK: Rendering alone

extension FeedSet {
    /// Renders every subscriber's personal feed into memory on all cores as a first build would
    /// (rendered, stamped, hashed, its manifest encoded) and keeps only the figures: how many
    /// feeds, events and bytes. The feeds step without the disk, for benchmarks
    /// (`calgen-benchmark-site --render-feeds`). Throws when a feed is over the events limit.
    public func renderPersonalFeedsInMemory() throws -> (feeds: Int, events: Int, bytes: Int) {
        let (site, renderer) = (self.site, self.renderer)
        let generatedAt = ManifestTime.iso(self.generatedAt)
        let zones = ZoneCache()
        let notes = NoteIndex(notes: site.allNotes)
        // As the feeds step: subscribers with the same horizon share one schedule, made once.
        var schedules = [FeedHorizon: ReminderSchedule]()
        var jobs = [(Subscriber, FeedHorizon)]()
        for subscriber in site.subscribers {
            let horizon = renderer.horizon(of: subscriber)
            if schedules[horizon] == nil {
                schedules[horizon] = ReminderSchedule(calendar: site.calendar, first: horizon.first, last: horizon.last)
            }
            jobs.append((subscriber, horizon))
        }
        let ready = schedules
        let figures = ParallelMap.map(jobs) { job -> Result<(events: Int, bytes: Int), FeedTooLarge> in
            let (subscriber, horizon) = job
            let addressed = notes.addressed(to: subscriber.audiences, from: horizon.first, through: horizon.last)
            return Result { () throws(FeedTooLarge) in
                let draft = try renderer.personalFeed(
                    subscriber, schedule: ready[horizon]!, horizon: horizon, notes: addressed, zones: zones)
                let feed = RenderedFeed(draft: draft, previous: nil, stamp: renderer.stamp)
                let manifest = feed.manifest(version: 1, generatedAt: generatedAt, inputs: nil).encoded()
                return (feed.events.count, feed.bytes.count + manifest.count)
            }
        }
        var events = 0
        var bytes = 0
        for figure in figures {
            let (count, size) = try figure.get()
            events += count
            bytes += size
        }
        return (figures.count, events, bytes)
    }
}
