import CalgenCore
import CalgenModel
import ICalendar

/// A work schedule's feed: what the schedule does to the Monday-to-Friday week, over the site's
/// feed horizon.
///
/// - A day whose answer differs from Monday to Friday (a worked Saturday, a weekday off, a half
///   day) is an all-day event, `班 · 国庆补班`, `休 · 公司周年`, `半天 · 下午放假`.
/// - A rotation's worked day with a shift is a timed event over the shift instead,
///   `N 20:00–次日08:00`, in the site's time zone; with `encoding: compact` the days that follow the
///   cycle unchanged are one daily rule per day of the cycle, with an `EXDATE` for each day that
///   does not, which is its own event.
/// - A day that cannot be known yet (an unannounced year) has no event.
extension FeedRenderer {
    ///
    /// At most one event a day over a horizon of at most `2 × Limits.feedYears + 1` years, so a
    /// schedule's feed stays far below `Limits.eventsPerFeed` in either encoding.
    func scheduleFeed(_ schedule: WorkSchedule, zones: ZoneCache) -> FeedDraft {
        let horizon = horizon(of: nil)
        let evaluator = ScheduleEvaluator(schedule: schedule, almanac: site.almanac)
        let days = evaluator.days(from: horizon.first, through: horizon.last)
        let zone = site.config.timeZone
        let uidBase = FeedUIDs.schedule(schedule.id)
        // Its pages: the public schedules' folder, or beside its feed.
        let feedPath = path(of: schedule)
        let pages =
            schedule.audience == .public
            ? PagePath.schedule(schedule.id) : String(feedPath[...feedPath.lastIndex(of: "/")!])
        let specs = days.map { scheduleEvent(of: $0, schedule: schedule) }
        // A shift whose start the zone skips or repeats on a day is its own event, in UTC, and so
        // is one a change of offset shortens or lengthens.
        let times = days.indices.map { i in
            specs[i]?.hours.map {
                timed(days[i].date, $0.start, TimeSpan(minutes: $0.minutes), zone: zone, endsOnWallClock: true)
            }
        }
        let irregular = Set(days.indices.filter { times[$0].map { $0.kind != .regular || $0.lengthDiffers } ?? false })
        var (events, ruled) = ([Event](), Set<Int>())
        if schedule.encoding == .compact, case .rotation(let anchor, let cycle) = schedule.pattern {
            for (slot, name) in cycle.enumerated() {
                guard let name, let shift = schedule.shift(named: name) else { continue }
                let inSlot = days.indices.filter {
                    ((days[$0].date.dayNumber - anchor.dayNumber) % cycle.count + cycle.count) % cycle.count == slot
                }
                let usual = scheduleEvent(
                    of: ScheduleDay(date: anchor, work: .worked, shift: shift, reason: .pattern), schedule: schedule)
                let covered = inSlot.filter { specs[$0] == usual && !irregular.contains($0) }
                guard covered.count > 1 else { continue }
                ruled.formUnion(covered)
                events.append(
                    cycleRule(
                        slot: slot, of: cycle.count, shift: shift, covered: covered, inSlot: inSlot, days: days, specs: specs,
                        uid: uidBase, pages: pages))
            }
        }
        for (index, spec) in specs.enumerated() where !ruled.contains(index) {
            guard let spec else { continue }
            events.append(
                event(spec, on: days[index].date, uid: uidBase + days[index].date.basicISO8601, zone: zone, pages: pages))
        }
        var unusual = [String: UnusualTimes]()
        for i in irregular.sorted() {
            guard let hours = specs[i]?.hours, let kind = times[i]?.kind, kind != .regular else { continue }
            let name = days[i].shift?.name ?? hours.start.description
            let what = "shift `\(name)` of schedule `\(schedule.id)`"
            unusual[name, default: UnusualTimes(what: what, time: hours.start, zone: zone)].add(days[i].date, kind)
        }
        let hasTimes = events.contains { if case .local = $0.start { true } else { !$0.exceptionDates.isEmpty } }
        let feed = ICalendar.Calendar(
            productID: FeedRenderer.productID, name: strings.scheduleTitle(schedule),
            description: strings.validity(horizon.validThrough),
            refreshInterval: DurationValue.text(minutes: site.config.feedRefresh.minutes),
            source: schedule.audience == .public ? site.config.baseURL + path(of: schedule) : nil, defaultTimeZone: zone,
            timeZones: hasTimes ? [zones.component(zone, years: horizon.first.year...horizon.last.year)].compactMap { $0 } : [],
            events: FeedRenderer.sorted(events))
        return FeedDraft(
            path: path(of: schedule), calendar: feed, validThrough: horizon.validThrough,
            isPublic: schedule.audience == .public, unusualTimes: unusual.keys.sorted().map { unusual[$0]! })
    }

    /// The daily rule of one day of a rotation's cycle (`slot`, of `length` days) in a compact
    /// feed: from the first of `covered` (the days of the slot that follow the cycle unchanged,
    /// indices into `days` and `specs`) to the last, with an `EXDATE` for each other day of the
    /// slot between them, which is its own event.
    private func cycleRule(
        slot: Int, of length: Int, shift: Shift, covered: [Int], inSlot: [Int], days: [ScheduleDay],
        specs: [ScheduleEventSpec?], uid uidBase: String, pages: String
    ) -> Event {
        let (first, last, zone) = (covered.first!, covered.last!, site.config.timeZone)
        var rule = event(specs[first]!, on: days[first].date, uid: uidBase, zone: zone, pages: pages)
        rule.uid = uidBase + "cycle-\(slot + 1)@" + host
        let until = utc(days[last].date, shift.start, zone: zone).utcValue
        rule.recurrenceRule = "FREQ=DAILY;INTERVAL=\(length);UNTIL=\(until)"
        // The rule's own instance, as DTSTART writes it (also where the zone skips it).
        let coveredSet = Set(covered)
        let skipped = inSlot.filter { $0 > first && $0 < last && !coveredSet.contains($0) }
        rule.exceptionDates = skipped.map {
            .local(
                ICalDateTime(date: FeedRenderer.date(days[$0].date), hour: shift.start.hour, minute: shift.start.minute),
                timeZone: zone)
        }
        return rule
    }

    /// Where a schedule's feed is published.
    func path(of schedule: WorkSchedule) -> String { FeedPath.schedule(schedule, secret: secret) }

    /// What a day's event says, or `nil` for a day that has none.
    func scheduleEvent(of day: ScheduleDay, schedule: WorkSchedule) -> ScheduleEventSpec? {
        guard day.work != .unknown else { return nil }
        let reason = day.reason == .pattern ? nil : strings.scheduleReason(day, schedule: schedule)
        // Worked on a 法定节假日 (a rotation through holidays): said, since it is paid triple.
        let statutory =
            day.work == .worked
            ? day.statutoryDay.map { statutory in
                strings.isChinese
                    ? "法定节假日（\(statutory.holiday)）" : "statutory holiday (\(strings.holidayName(statutory.holiday)))"
            } : nil
        let description = schedule.name + (strings.isChinese ? "：" : ": ") + strings.scheduleLine(day, schedule: schedule)
        if case .rotation = schedule.pattern, let shift = day.shift, let hours = day.hours {
            let summary = [strings.shiftHours(shift, minutes: hours.minutes), reason, statutory].compactMap { $0 }
            return ScheduleEventSpec(summary: summary.joined(separator: " · "), hours: hours, description: description)
        }
        let usual = !day.date.isWeekend
        guard day.isHalfDay || (day.work == .worked) != usual else { return nil }
        let summary = [strings.scheduleMark(day), reason ?? schedule.name, statutory].compactMap { $0 }
        return ScheduleEventSpec(summary: summary.joined(separator: " · "), hours: nil, description: description)
    }

    /// A day's event, linked to the schedule's month page (`pages`: its folder of pages). A timed
    /// event's UID ends in `.shift`, so that a day turning from a shift to an all-day mark (or
    /// back) is a new event, never one whose start changes type.
    private func event(_ spec: ScheduleEventSpec, on date: CivilDate, uid: String, zone: String, pages: String) -> Event {
        let times =
            spec.hours.map { timed(date, $0.start, TimeSpan(minutes: $0.minutes), zone: zone, endsOnWallClock: true) }
            ?? EventTimes(start: .date(FeedRenderer.date(date)), end: .date(FeedRenderer.date(date.next)), kind: .regular)
        return Event(
            uid: uid + (spec.hours == nil ? "" : ".shift") + "@" + host, stamp: stamp, start: times.start, end: times.end,
            summary: spec.summary, description: spec.description,
            url: site.config.baseURL + pages + "\(date.year)/" + PagePath.monthFolder(date.month),
            transparent: spec.hours == nil)
    }
}

/// What one day's event of a schedule feed says: equal specs make equal events, which is how
/// a compact feed tells the days its rules cover.
struct ScheduleEventSpec: Equatable {
    let summary: String
    /// Timed over a shift, or all day.
    let hours: (start: TimeOfDay, minutes: Int)?
    let description: String

    static func == (a: ScheduleEventSpec, b: ScheduleEventSpec) -> Bool {
        a.summary == b.summary && a.description == b.description && a.hours?.start == b.hours?.start
            && a.hours?.minutes == b.hours?.minutes
    }
}
