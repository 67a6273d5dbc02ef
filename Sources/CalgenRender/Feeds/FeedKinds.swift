import CalgenCore
import CalgenModel
import ICalendar

/// The feeds of each kind (`FeedKind`): the one switch that says how a kind is rendered, and who
/// is told (the file to change and how) when one of its feeds is too large.
extension FeedSet {
    /// A feed before stamping, and who to tell when it is too large (`nil`: nobody, for the
    /// public variants, whose size follows from the holiday data alone).
    typealias Drafted = (draft: FeedDraft, owner: FeedSize.Owner?)

    /// Every feed of `kind` in `language` (`nil`: the site's), in a stable order. `render` takes
    /// the personal feeds on all cores instead, keeping those whose inputs are unchanged.
    func drafts(of kind: FeedKind, in language: SiteLanguage?, zones: ZoneCache) throws -> [Drafted] {
        switch kind {
        case .holidays:
            guard language == nil else { return [(try renderer.holidaysFeed(in: language), nil)] }
            let draft: FeedDraft
            do throws(FeedTooLarge) {
                draft = try renderer.holidaysFeed(in: nil)
            } catch {
                throw ContentErrors([
                    error.diagnostic(
                        file: "notes", fix: "address fewer or shorter notes to `public`; long ranges make one event a day")
                ])
            }
            return [(draft, FeedSize.Owner(file: "notes", fix: "address fewer or shorter notes to `public`"))]
        case .festivals:
            return [
                (renderer.festivalsFeed(), FeedSize.Owner(file: "site.yml", fix: "lower `feed-years-before`/`feed-years-after`"))
            ]
        case .makeup: return [(renderer.makeupFeed(in: language), nil)]
        case .statutory: return [(renderer.statutoryFeed(in: language), nil)]
        case .year: return renderer.yearFeeds().map { ($0, nil) }
        case .schedule: return site.schedules.map { (renderer.scheduleFeed($0, zones: zones), owner(of: $0)) }
        case .personal:
            let notes = NoteIndex(notes: site.allNotes)
            return try site.subscribers.map { subscriber in
                let horizon = renderer.horizon(of: subscriber.summary)
                let schedule = ReminderSchedule(calendar: site.calendar, first: horizon.first, last: horizon.last)
                let addressed = notes.addressed(to: subscriber.audiences, from: horizon.first, through: horizon.last)
                return try personalDraft(subscriber, schedule: schedule, horizon: horizon, notes: addressed, zones: zones)
            }
        }
    }

    /// A subscriber's feed, and its file to tell when the feed is too large; a feed over the
    /// events limit is refused with the same file.
    func personalDraft(
        _ subscriber: Subscriber, schedule: ReminderSchedule, horizon: FeedHorizon, notes: [Note], zones: ZoneCache
    ) throws(ContentErrors) -> Drafted {
        let file = inputs.sources.subscriberFiles[subscriber.id] ?? "users/\(subscriber.id).yml"
        let draft: FeedDraft
        do throws(FeedTooLarge) {
            draft = try renderer.personalFeed(subscriber, schedule: schedule, horizon: horizon, notes: notes, zones: zones)
        } catch {
            throw ContentErrors([
                error.diagnostic(
                    file: file,
                    fix: "shorten `years-before`/`years-after`, remove reminders, or address fewer notes to this subscriber")
            ])
        }
        let fix =
            subscriber.encoding == .expanded
            ? "write `encoding: compact` (a weekly rule instead of one event a day), or shorten `years-before`/`years-after`"
            : "shorten `years-before`/`years-after`, or remove reminders"
        return (draft, FeedSize.Owner(file: file, fix: fix))
    }

    /// Who to tell when a schedule's feed is too large: the schedule's file.
    private func owner(of schedule: WorkSchedule) -> FeedSize.Owner {
        let file = inputs.sources.scheduleFiles[schedule.id] ?? "schedules/\(schedule.id).yml"
        let fix =
            schedule.encoding == .expanded
            ? "write `encoding: compact` in the schedule (a daily rule per day of its cycle), or lower the site's `feed-years-before`/`feed-years-after`"
            : "lower the site's `feed-years-before`/`feed-years-after`"
        return FeedSize.Owner(file: file, fix: fix)
    }
}
