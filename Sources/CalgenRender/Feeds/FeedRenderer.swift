import CalgenCore
import CalgenModel
import Foundation
import ICalendar

/// Writes the feeds of every kind (`FeedKind`). Each kind with logic of its own makes its feeds
/// in its file (`Kinds/`), from the events that several kinds share (`HolidayEvents`,
/// `FeastEvents`, `NoteEvents`, `ReminderEvents`); this holds what they all write with: the
/// site, the build's stamp and host, and the pieces of every feed.
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
    /// The first line of each make-up eve's description, made once for all subscribers.
    let makeupEveLines = MakeupEveLines()

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

    /// The years whose arrangement is announced, which the holiday feeds hold.
    var announcedYears: [Int] { calendar.years.filter(calendar.isAnnounced(year:)) }

    /// Where a subscriber's feed is published.
    func path(of subscriber: SubscriberSummary) -> String {
        FeedPath.personal(subscriber, secret: secret)
    }

    /// The horizon of a subscriber's feed.
    func horizon(of subscriber: SubscriberSummary?) -> FeedHorizon {
        site.horizon(of: subscriber, today: today)
    }

    // MARK: Public feeds of all-day events

    /// The path of a kind's feed: the site-language one, or its `.en`/`.zh` sibling.
    func path(_ path: String, in language: SiteLanguage?) -> String {
        language.map { FeedPath.named(path, in: $0) } ?? path
    }

    /// The UID prefix of a feed beside `feeds/holidays.ics`: its file name without `.ics`, and a
    /// slash (`makeup/`, `holidays.en/`, `years/2026/`), which no subscriber, reminder or schedule
    /// id can hold.
    func uidPrefix(_ path: String) -> String {
        String(path.dropFirst("feeds/".count).dropLast(4)) + "/"
    }

    /// A public feed with all-day events only (so no `VTIMEZONE`).
    func draft(path: String, name: String, description: String, events: [Event], validThrough: CivilDate?)
        -> FeedDraft
    {
        let feed = ICalendar.Calendar(
            productID: FeedRenderer.productID, name: name, description: description,
            refreshInterval: DurationValue.text(minutes: site.config.feedRefresh.minutes),
            source: site.config.baseURL + path, defaultTimeZone: site.config.timeZone, timeZones: [],
            events: FeedRenderer.sorted(events))
        return FeedDraft(path: path, calendar: feed, validThrough: validThrough, isPublic: true)
    }

    // MARK: Pieces

    static func date(_ d: CivilDate) -> ICalDate { ICalDate(year: d.year, month: d.month, day: d.day) }

    /// How Apple's own 中国大陆节假日 calendar marks days off and make-up workdays, so that
    /// Apple Calendar shows its 休/班 marks for calgen's events too; other clients ignore it.
    static func appleSpecialDay(_ kind: DayKind) -> ExtensionProperty {
        ExtensionProperty("X-APPLE-SPECIAL-DAY", kind == .makeupWorkday ? "ALTERNATE-WORKDAY" : "WORK-HOLIDAY")
    }

    /// The month page of a date when the site has one, else the home page.
    static func pagePath(of date: CivilDate, in calendar: HolidayCalendar) -> String {
        calendar.years.contains(date.year) ? PagePath.month(date.year, date.month) : ""
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

    /// Events in a stable order: by start, then UID.
    static func sorted(_ events: [Event]) -> [Event] {
        var events = events
        sort(&events)
        return events
    }

    /// Puts events in a stable order: by start, then UID. The keys are sorted, not the events,
    /// which are large to move; then the events are swapped into place, which copies none.
    static func sort(_ events: inout [Event]) {
        func key(_ t: ICalTime) -> Int {
            // Day, then minute of the day, all-day events (-1) first.
            switch t {
            case .date(let d): return (d.year * 10_000 + d.month * 100 + d.day) * 2048
            case .local(let dt, _), .utc(let dt):
                return (dt.date.year * 10_000 + dt.date.month * 100 + dt.date.day) * 2048 + 1 + dt.hour * 60 + dt.minute
            }
        }
        let keys = events.map { key($0.start) }
        let order = events.indices.sorted { a, b in
            if keys[a] != keys[b] { return keys[a] < keys[b] }
            return events[a].uid < events[b].uid
        }
        // Each cycle of the permutation: position `current` takes the event at `order[current]`.
        // Swapped in the buffer, the events are moved, not copied.
        var placed = [Bool](repeating: false, count: order.count)
        events.withUnsafeMutableBufferPointer { events in
            for start in order.indices where !placed[start] {
                var current = start
                while order[current] != start {
                    let next = order[current]
                    events.swapAt(current, next)
                    placed[current] = true
                    current = next
                }
                placed[current] = true
            }
        }
    }
}
