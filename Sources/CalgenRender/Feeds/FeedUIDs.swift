/// The namespaces of the UIDs of every feed a site publishes. Calendar apps key events by UID
/// across all the calendars a person subscribes to, so no two feeds may share one (Apple
/// Calendar shows only one of two events with the same UID). Every UID ends in `@` and the
/// site's host; before it:
///
/// - the public feed: `holiday-…`, `makeup-…`, `festival-…`, `term-…`, `note-…` (no dot);
///   its variants: the variant's name and a slash (`makeup/…`, `holidays.en/…`);
/// - a personal feed: the subscriber's id and a dot, then the public feed's recipes, or a
///   reminder's id, a dot and a date or `rule` (`zhang-san.standup.20261009`);
/// - a work schedule's feed: `schedule.`, the schedule's id, a dot and a date (with `.shift` for
///   a timed day) or `cycle-N` (`schedule.office.20261010`).
///
/// Ids are lowercase letters, digits and hyphens, so the namespaces are disjoint by construction
/// except for one subscriber: the one whose id is `schedule`, whose reminder `office` would give
/// `schedule.office.20261010`, the UID of the schedule `office`'s event that day. Its reminders'
/// UIDs begin with `user:schedule.` instead, which no id can spell.
enum FeedUIDs {
    /// What begins every UID of a work schedule's feed.
    static func schedule(_ id: String) -> String { "schedule." + id + "." }

    /// What begins the UIDs of a personal feed's holidays, festivals, solar terms and notes.
    static func personal(_ subscriberID: String) -> String { subscriberID + "." }

    /// What begins every UID of one reminder's events.
    static func reminder(_ subscriberID: String, _ reminderID: String) -> String {
        (subscriberID == "schedule" ? "user:schedule" : subscriberID) + "." + reminderID + "."
    }
}
