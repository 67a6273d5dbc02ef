import CalgenCore
import CalgenModel
import ICalendar

/// The events of a subscriber's reminders, in the subscriber's encoding.
extension FeedRenderer {
    /// The events of one reminder in the subscriber's encoding, appended to `events`. An
    /// occurrence whose wall-clock start the subscriber's zone skips or repeats starts in UTC, at
    /// the instant RFC 5545 §3.3.5 gives it (`timed`), and is added to `unusual`; in the compact
    /// encoding it is its own event (the rule's `EXDATE` names it), as no two readers expand a
    /// rule through such a time alike.
    func reminderEvents(
        _ reminder: Reminder, subscriber: Subscriber, dates: [CivilDate], work: ScheduleEvaluator? = nil,
        unusual: inout [UnusualTimes], into events: inout [Event]
    ) {
        let uidBase = FeedUIDs.reminder(subscriber.id, reminder.id)
        let uids = UIDMaker(prefix: uidBase, suffix: "@" + host)
        let alarms = reminder.alarms.map { Alarm(minutesBefore: $0.minutes, description: reminder.title) }
        // The zone's offsets, looked up once for all the reminder's occurrences.
        let zone = ZoneOffsetsCache.Looked(identifier: subscriber.timeZone, offsets: offsets.offsets(of: subscriber.timeZone))
        var found = [ResolvedTime.Kind: [CivilDate]]()
        // What every occurrence shows, made once and shared by its events (but for a make-up
        // eve's, whose description names the day).
        func details(description: String?) -> EventDetails {
            EventDetails(
                summary: reminder.title, description: description, location: reminder.location,
                transparent: reminder.timing == .allDay, alarms: alarms)
        }
        let shared = details(description: reminder.description)
        func event(on day: CivilDate, times: EventTimes? = nil) -> Event {
            var eventDetails = shared
            if case .makeupEve = reminder.kind {
                let line = makeupEveLines.line(eve: day) {
                    strings.makeupEveDescription(day.next, name: calendar.status(of: day.next).name)
                }
                eventDetails = details(description: reminder.description.map { line + "\n" + $0 } ?? line)
            }
            let times = times ?? self.times(of: reminder, on: day, zone: zone, work: work)
            if times.kind != .regular { found[times.kind, default: []].append(day) }
            return Event(uid: uids.uid(day), stamp: stamp, start: times.start, end: times.end, details: eventDetails)
        }
        defer {
            if !found.isEmpty {
                var times = UnusualTimes(what: "reminder `\(reminder.id)`", time: nil, zone: subscriber.timeZone)
                if case .at(let time, _) = reminder.timing { times.time = time }
                for (kind, days) in found { for day in days { times.add(day, kind) } }
                unusual.append(times)
            }
        }
        events.reserveCapacity(events.count + dates.count)
        guard subscriber.encoding == .compact, !dates.isEmpty, reminder.timing != .shift else {
            for day in dates { events.append(event(on: day)) }
            return
        }
        let ruleDays: [Weekday]
        switch reminder.kind {
        case .workdays: ruleDays = [.monday, .tuesday, .wednesday, .thursday, .friday]
        case .weekly(let days, _): ruleDays = days
        default:
            for day in dates { events.append(event(on: day)) }
            return
        }
        // One weekly rule over the rule days from the first occurrence on one to the last, with an
        // EXDATE for each rule day that does not occur, and one event for each other occurrence:
        // those off the rule's days, those whose start the zone skips or repeats, and those a
        // change of offset falls within.
        let times = dates.map { self.times(of: reminder, on: $0, zone: zone) }
        let onRule = dates.indices.filter {
            ruleDays.contains(dates[$0].weekday) && times[$0].kind == .regular && !times[$0].lengthDiffers
        }
        var ruled = [Bool](repeating: false, count: dates.count)
        for i in onRule { ruled[i] = true }
        guard let first = onRule.first else {
            for i in dates.indices { events.append(event(on: dates[i], times: times[i])) }
            return
        }
        // Not reached for a shift timing, which is never a weekly rule.
        guard
            let rule = weeklyRule(
                event(on: dates[first], times: times[first]), reminder, days: ruleDays, occurrences: onRule.map { dates[$0] },
                zone: subscriber.timeZone, uid: uidBase + "rule@" + host)
        else {
            for day in dates { events.append(event(on: day)) }
            return
        }
        for i in dates.indices where !ruled[i] { events.append(event(on: dates[i], times: times[i])) }
        events.append(rule)
    }

    /// A compact reminder's weekly rule over `days`, from the first of `occurrences` (each on one
    /// of `days`, at a time the zone neither skips nor repeats) to the last, with an `EXDATE` for
    /// each of `days` between them that does not occur; `first`, the first occurrence's event,
    /// becomes the rule. `nil` for a shift timing.
    private func weeklyRule(
        _ first: Event, _ reminder: Reminder, days ruleDays: [Weekday], occurrences onRule: [CivilDate], zone: String,
        uid: String
    ) -> Event? {
        guard let start = onRule.first, let last = onRule.last else { return nil }
        // The rule's days between the first and the last occurrence (in order), less those that occur.
        var isRuleDay = [Bool](repeating: false, count: 8)
        for day in ruleDays { isRuleDay[day.rawValue] = true }
        let occurring = onRule.map(\.dayNumber).sorted()
        var skipped = [CivilDate]()
        var weekday = start.weekday.rawValue
        var next = 0
        for number in start.dayNumber...last.dayNumber {
            while next < occurring.count, occurring[next] < number { next += 1 }
            if isRuleDay[weekday], next == occurring.count || occurring[next] != number {
                skipped.append(CivilDate(dayNumber: number))
            }
            weekday = weekday == 7 ? 1 : weekday + 1
        }
        var rule = first
        rule.uid = uid
        let byDay = ruleDays.map { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][$0.rawValue - 1] }.joined(separator: ",")
        let until: String
        switch reminder.timing {
        case .allDay: until = FeedRenderer.date(last).value
        case .at(let time, _): until = utc(last, time, zone: zone).utcValue
        case .shift: return nil
        }
        rule.recurrenceRule = "FREQ=WEEKLY;BYDAY=\(byDay);UNTIL=\(until)"
        // An EXDATE names the rule's own instance, so it is the wall-clock time as DTSTART is,
        // also where the zone skips or repeats it: each reader places both alike.
        rule.exceptionDates = skipped.map { day in
            switch reminder.timing {
            case .at(let time, _):
                return .local(ICalDateTime(date: FeedRenderer.date(day), hour: time.hour, minute: time.minute), timeZone: zone)
            case .allDay, .shift: return .date(FeedRenderer.date(day))
            }
        }
        return rule
    }

    /// When an occurrence on `day` starts and ends; a shift timing takes the day's shift from
    /// `work`.
    func times(of reminder: Reminder, on day: CivilDate, zone: ZoneOffsetsCache.Looked, work: ScheduleEvaluator? = nil)
        -> EventTimes
    {
        switch reminder.timing {
        case .allDay: return EventTimes(allDay: day)
        case .at(let time, let duration): return timed(day, time, duration, zone: zone)
        case .shift:
            // Every date of a shift-start reminder is a worked day with a shift.
            guard let hours = work?.day(day).hours else { return EventTimes(allDay: day) }
            return timed(day, hours.start, TimeSpan(minutes: hours.minutes), zone: zone, endsOnWallClock: true)
        }
    }
}
