import CalgenCore
import CalgenModel
import TemplateEngine

/// `feeds/<token>/index.html`, beside each personal feed: the subscriber's own address, what
/// the feed holds in plain words, and the guide of the subscribe page. Never linked from a public page, never in the sitemap or the
/// site manifest, and `noindex`. Rendered once the feeds are (`HTMLPages.privateFeedPage`), in the
/// subscriber's `language` (`<html lang>`, the layout's words, the page's own) or else the site's.
package struct PrivateFeedPage: Page {
    package static let kind = PageKind.privateFeed
    package static let template = SubscribePage.template

    let pages: HTMLPages
    let subscriber: Subscriber
    /// The feed's path, `feeds/<token>/<name>.ics`.
    let feedPath: String

    /// The feed's folder, `feeds/<token>/`.
    var folder: String { PrivateFeedPage.folder(ofFeed: feedPath) }

    /// The folder of the feed at `feedPath` (`feeds/<token>/<id>.ics` → `feeds/<token>/`).
    package static func folder(ofFeed feedPath: String) -> String {
        String(feedPath[..<(feedPath.lastIndex(of: "/").map { feedPath.index(after: $0) } ?? feedPath.endIndex)])
    }

    package var path: String { folder + PagePath.index }

    /// The page's words: in the subscriber's `language`, else the site's.
    var strings: SiteStrings { SiteStrings(language: subscriber.language ?? pages.site.config.language) }

    /// The subscribe page's template, `personal`, with what the feed holds.
    package struct Context: Encodable {
        @Inline var layout: LayoutContext
        let noindex = true
        let heading: String
        let isChinese: Bool
        let personal = true
        let feeds: [SubscribePage.FeedAddress]
        @Inline var contents: Contents
    }

    /// What the feed holds (`contents(root:)`).
    struct Contents: Encodable, Sendable {
        let feedHasHolidays: Bool
        let leave: [TextItem]
        let hasLeave: Bool
        let reminders: [Reminder]
        let hasReminders: Bool
        let also: [TextItem]
        let hasAlso: Bool
        let addressedNotes: [AddressedNote]
        let hasAddressedNotes: Bool
        let duplicates: [TextItem]
        let zoneLine: String
        let validity: String
        let scheduleLink: ScheduleLink?
    }

    struct Reminder: Encodable, Sendable {
        let title: String
        let summary: String
    }

    /// A note addressed to the feed: a link to its page, or (a feeds-only note) the note whole.
    struct AddressedNote: Encodable, Sendable {
        let title: String
        var href: String? = nil
        var feedsOnly: Bool? = nil
        var body: String? = nil
    }

    struct ScheduleLink: Encodable, Sendable {
        let name: String
        let href: String
    }

    package func context() -> Context {
        let folder = self.folder
        let root = String(repeating: "../", count: folder.filter { $0 == "/" }.count)
        let strings = self.strings
        let heading = strings.fill(strings.ui.personalTitle, ["name": subscriber.name])
        return Context(
            layout: pages.common(
                path: folder, title: "\(heading) · \(pages.site.config.title)", root: root, language: strings.language),
            heading: heading, isChinese: strings.isChinese,
            feeds: [
                SubscribePage.feedAddress(
                    id: "personal", path: feedPath, title: subscriber.calendarName, text: strings.ui.personalText,
                    calendarName: subscriber.calendarName, baseURL: pages.site.config.baseURL, relativeTo: folder)
            ],
            contents: contents(root: root))
    }

    /// What the feed holds, as the subscriber's file says: each reminder in plain words, the
    /// public days it includes, the notes addressed to it, its time zone and through which date
    /// the arrangement is known, and what not to subscribe to as well.
    func contents(root: String) -> Contents {
        let strings = self.strings
        let words = strings.ui
        let horizon = pages.site.horizon(of: subscriber.summary, today: pages.today)
        let schedule = subscriber.schedule.flatMap { id in pages.site.schedules.first { $0.id == id } }
        let leave = subscriber.personal.leave
        let reminders = subscriber.reminders.map { reminder -> Reminder in
            // The leave skips only the reminders that follow the work schedule (or the legal workdays).
            let followsWork: Bool
            switch reminder.kind {
            case .workdays, .makeupEve, .shiftStart: followsWork = true
            default: followsWork = false
            }
            let parts = [
                strings.reminderDays(reminder.kind, schedule: schedule, leave: followsWork && !leave.isEmpty),
                strings.reminderTime(reminder.timing),
                strings.reminderAlarms(reminder.alarms), strings.reminderRange(from: reminder.from, until: reminder.until),
            ].compactMap { $0 }
            return Reminder(title: reminder.title, summary: parts.joined(separator: strings.isChinese ? "；" : "; "))
        }
        var also = [String]()
        if subscriber.includesHolidays { also.append(words.includesHolidays) }
        if subscriber.includesFestivals { also.append(words.includesFestivals) }
        if subscriber.includesSolarTerms { also.append(words.includesSolarTerms) }
        let notes = pages.noteIndex.addressed(
            to: subscriber.audiences, from: horizon.first, through: horizon.last)
        var duplicates = [String]()
        if subscriber.includesHolidays { duplicates.append(words.duplicateHolidays) }
        if subscriber.includesFestivals || subscriber.includesSolarTerms { duplicates.append(words.duplicateFestivals) }
        // The schedule's own page, when it has one (public schedules): its rules and year.
        var scheduleLink: ScheduleLink? = nil
        if let schedule, schedule.audience == .public {
            let years = pages.site.scheduleYears(today: pages.today)
            let year = years.contains(pages.today.year) ? pages.today.year : years.first ?? pages.today.year
            scheduleLink = ScheduleLink(
                name: strings.scheduleTitle(schedule), href: root + PagePath.scheduleYear(schedule.id, year))
        }
        return Contents(
            feedHasHolidays: subscriber.includesHolidays,
            leave: leave.map { TextItem(text: strings.leaveRange($0)) }, hasLeave: !leave.isEmpty,
            reminders: reminders, hasReminders: !reminders.isEmpty,
            also: also.map { TextItem(text: $0) }, hasAlso: !also.isEmpty,
            // A feeds-only note has no public page: this page shows it whole.
            addressedNotes: notes.map { note in
                note.feedsOnly
                    ? AddressedNote(title: note.title, feedsOnly: true, body: note.html)
                    : AddressedNote(title: note.title, href: root + PagePath.note(note.slug))
            },
            hasAddressedNotes: !notes.isEmpty,
            duplicates: duplicates.map { TextItem(text: $0) },
            zoneLine: [
                strings.reminderSchedule(
                    subscriber.schedule.map { id in schedule?.name ?? id }, leave: !leave.isEmpty),
                strings.fill(words.personalTimeZone, ["zone": subscriber.timeZone]),
            ].compactMap { $0 }.joined(separator: strings.isChinese ? "" : " "),
            validity: strings.validity(horizon.validThrough),
            scheduleLink: scheduleLink)
    }

    /// The page beside each subscriber's feed, at the path of a development build's feed.
    package static func examples(_ pages: HTMLPages) -> [PrivateFeedPage] {
        pages.site.subscribers.map {
            PrivateFeedPage(pages: pages, subscriber: $0, feedPath: FeedPath.personal($0.summary, secret: .development))
        }
    }
}
