import CalgenCore
import Foundation

/// All feeds of a build: the public one and every subscriber's, rendered in parallel.
public struct FeedSet: Sendable {
    let renderer: FeedRenderer

    public init(site: Site, today: CivilDate, generatedAt: Date, secret: FeedSecret) {
        renderer = FeedRenderer(site: site, today: today, generatedAt: generatedAt, secret: secret)
    }

    /// Every feed, its events stamped and sequenced against the previous build: an event whose
    /// content is unchanged keeps its `DTSTAMP` and `SEQUENCE` (and so its bytes); a changed one
    /// gets the next sequence and this build's time.
    func render(previous: PreviousBuild) -> [RenderedFeed] {
        let site = renderer.site
        let zones = ZoneCache()
        // Subscribers with the same horizon share one schedule, made once.
        var schedules = [FeedHorizon: ReminderSchedule]()
        var jobs = [(Subscriber, FeedHorizon)]()
        for subscriber in site.subscribers {
            let horizon = renderer.horizon(of: subscriber)
            if schedules[horizon] == nil {
                schedules[horizon] = ReminderSchedule(calendar: site.calendar, first: horizon.first, last: horizon.last)
            }
            jobs.append((subscriber, horizon))
        }
        let renderer = self.renderer
        let ready = schedules
        let personal = ParallelMap.map(jobs) { job in
            RenderedFeed(
                draft: renderer.personalFeed(job.0, schedule: ready[job.1]!, horizon: job.1, zones: zones),
                previous: previous.feeds[renderer.path(of: job.0)]?.manifest, stamp: renderer.stamp)
        }
        let publicFeed = RenderedFeed(
            draft: renderer.publicFeed(), previous: previous.feeds[FeedRenderer.publicPath]?.manifest, stamp: renderer.stamp)
        return [publicFeed] + personal
    }

    /// Each subscriber's feed path, as `feeds/<token>/<id>.ics`.
    public func paths() -> [(subscriber: Subscriber, path: String)] {
        renderer.site.subscribers.map { ($0, renderer.path(of: $0)) }
    }

    /// What calgen's core computes for every reminder of a subscriber over its feed's horizon:
    /// local dates (`2026-10-10`) for all-day reminders and local date-times (`2026-10-10T08:50`)
    /// for timed ones. For checking feeds against independent iCalendar readers.
    public func occurrences(of subscriber: Subscriber) -> (horizon: FeedHorizon, reminders: [(id: String, times: [String])]) {
        let horizon = renderer.horizon(of: subscriber)
        let schedule = ReminderSchedule(calendar: renderer.site.calendar, first: horizon.first, last: horizon.last)
        let reminders = subscriber.reminders.map { reminder -> (id: String, times: [String]) in
            let dates = schedule.dates(of: reminder)
            switch reminder.timing {
            case .allDay: return (reminder.id, dates.map(\.iso8601))
            case .at(let time, _): return (reminder.id, dates.map { $0.iso8601 + "T" + time.description })
            }
        }
        return (horizon, reminders)
    }

    /// Every subscriber's feed as JSON: id, name, path, https and webcal URLs, time zone,
    /// encoding, horizon and validity, and optionally the occurrences of every reminder.
    public func json(includingOccurrences: Bool) -> String {
        let base = renderer.site.config.baseURL
        let webcal = "webcal://" + base.drop { $0 != ":" }.dropFirst(3)
        let entries = paths().map { subscriber, path -> JSON in
            let computed = occurrences(of: subscriber)
            var fields: [(String, JSON)] = [
                ("id", .string(subscriber.id)), ("name", .string(subscriber.name)), ("path", .string(path)),
                ("https", .string(base + path)), ("webcal", .string(webcal + path)),
                ("timezone", .string(subscriber.timeZone)), ("encoding", .string(subscriber.encoding.rawValue)),
                ("from", .string(computed.horizon.first.iso8601)), ("through", .string(computed.horizon.last.iso8601)),
                ("validThrough", .optional(computed.horizon.validThrough?.iso8601)),
            ]
            if includingOccurrences {
                fields.append(("occurrences", .object(computed.reminders.map { ($0.id, .array($0.times.map(JSON.string))) })))
            }
            return .object(fields)
        }
        return String(decoding: JSON.array(entries).serialized(), as: UTF8.self)
    }
}
