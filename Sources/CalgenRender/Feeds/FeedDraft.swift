import CalgenCore
import CalgenModel
import ICalendar

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
