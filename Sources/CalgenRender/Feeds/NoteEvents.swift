import CalgenCore
import CalgenModel
import ICalendar

/// The events of a note, which the holiday feed (public notes) and personal feeds share.
extension FeedRenderer {
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
}
