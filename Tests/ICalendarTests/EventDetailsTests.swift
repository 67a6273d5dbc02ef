import Testing

@testable import ICalendar

/// Events that share one `EventDetails` box against events that each have their own: the same
/// bytes, equality and hashes, and a change to one event's details reaches no other.
@Suite struct EventDetailsTests {
    static let stamp = ICalDateTime(date: ICalDate(year: 2026, month: 11, day: 27), hour: 0, minute: 0)

    static func day(_ n: Int) -> ICalDate { ICalDate(dayNumber: 20_400 + n) }

    /// Occurrences of a few reminders, interleaved, each reminder's details shared or not.
    static func events(shared: Bool) -> [Event] {
        let kinds: [EventDetails] = [
            EventDetails(summary: "打卡上班", alarms: [Alarm(minutesBefore: 0, description: "打卡上班")]),
            EventDetails(summary: "Stand-up; daily", description: "Room 4, east", location: "Room 4", transparent: true),
            EventDetails(
                summary: "Holiday", url: "https://example.com/2026/", categories: ["休", "a,b"], transparent: true,
                extensions: [ExtensionProperty("X-APPLE-SPECIAL-DAY", "WORK-HOLIDAY")]),
        ]
        var events = [Event]()
        for n in 0..<60 {
            let kind = n % 7 == 0 ? 2 : n % 3 == 0 ? 1 : 0
            let details = kinds[kind]
            let start = ICalTime.local(ICalDateTime(date: day(n), hour: 8, minute: n % 60), timeZone: "Asia/Shanghai")
            let end = ICalTime.utc(ICalDateTime(date: day(n), hour: 0, minute: n % 60))
            if shared {
                events.append(Event(uid: "u.\(n)@x", stamp: stamp, start: start, end: end, details: details))
            } else {
                let f = details.fields
                events.append(
                    Event(
                        uid: "u.\(n)@x", stamp: stamp, start: start, end: end, summary: f.summary,
                        description: f.description, location: f.location, url: f.url, categories: f.categories,
                        transparent: f.transparent, alarms: f.alarms, extensions: f.extensions))
            }
        }
        return events
    }

    @Test func sharedDetailsWriteAsTheirOwn() {
        let shared = EventDetailsTests.events(shared: true)
        let own = EventDetailsTests.events(shared: false)
        #expect(shared == own)
        #expect(shared.map(\.hashValue) == own.map(\.hashValue))
        let a = Calendar(productID: "-//t//t//EN", name: "t", events: shared).serialized()
        let b = Calendar(productID: "-//t//t//EN", name: "t", events: own).serialized()
        #expect(a == b)
        // Each event written alone, with no cache, as well.
        var alone = ContentLineWriter()
        for event in own { event.write(to: &alone) }
        var together = ContentLineWriter()
        for event in shared { event.write(to: &together) }
        #expect(alone.bytes == together.bytes)
    }

    @Test func aChangeReachesOneEvent() {
        var events = EventDetailsTests.events(shared: true)
        events[0].summary = "changed"
        events[0].alarms = []
        #expect(events[0].summary == "changed" && events[0].alarms.isEmpty)
        #expect(events[1].summary == "打卡上班" && events[1].alarms.count == 1)
        #expect(events[0] != events[1])
        let bytes = Calendar(productID: "-//t//t//EN", name: "t", events: events).serialized()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("SUMMARY:changed\r\n"))
        let unchanged = events.filter { $0.summary == "打卡上班" }.count
        #expect(text.components(separatedBy: "SUMMARY:打卡上班\r\n").count - 1 == unchanged)
    }
}
