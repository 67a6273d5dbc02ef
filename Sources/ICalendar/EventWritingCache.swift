/// What the events of one calendar share when they are written one after another: the last few
/// tails (the lines from `SUMMARY` on, which the events of one reminder or schedule repeat) and
/// the beginnings of time properties (`DTSTART;TZID=Asia/Shanghai:`).
struct EventWritingCache {
    static let begin = Array("BEGIN:VEVENT\r\n".utf8)
    /// At most this many tails are kept, the oldest replaced first.
    static let tailCount = 4

    private var tails = [(event: Event, bytes: [UInt8])]()
    private var next = 0
    var prefixes = TimePrefixCache()

    /// The bytes of a kept tail equal to `event`'s.
    func tail(of event: Event) -> [UInt8]? {
        for entry in tails where entry.event.hasSameTail(as: event) { return entry.bytes }
        return nil
    }

    /// Keeps `event`'s tail, written as `tail`.
    mutating func keep(_ event: Event, tail: [UInt8]) {
        if tails.count < EventWritingCache.tailCount {
            tails.append((event, tail))
        } else {
            tails[next] = (event, tail)
            next = (next + 1) % EventWritingCache.tailCount
        }
    }
}

/// `NAME;TZID=zone:` and `NAME;VALUE=DATE:` as `ContentLineWriter` writes them, kept for the
/// last few names and zones.
struct TimePrefixCache {
    private var entries = [(name: String, zone: String?, date: Bool, bytes: [UInt8])]()

    /// The prefix of a date (`date`), a local time in `zone` or a UTC time (neither).
    mutating func prefix(_ name: String, zone: String?, date: Bool) -> [UInt8] {
        for entry in entries where entry.date == date && entry.name == name && entry.zone == zone { return entry.bytes }
        var writer = ContentLineWriter(reservingCapacity: 64)
        writer.appendPrefix(name, date ? Parameter.date : zone.map(Parameter.timeZone))
        if entries.count >= 8 { entries.removeFirst() }
        entries.append((name, zone, date, writer.bytes))
        return writer.bytes
    }
}
