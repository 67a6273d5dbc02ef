import Foundation

/// What the events of one calendar share when they are written one after another: the last few
/// tails (the lines from `SUMMARY` on, which the events of one reminder or schedule repeat) and
/// the beginnings of `DTSTART` and `DTEND` (`DTSTART;TZID=Asia/Shanghai:`).
struct EventWritingCache {
    static let begin = Array("BEGIN:VEVENT\r\n".utf8)
    /// At most this many tails are kept, the oldest replaced first.
    static let tailCount = 4

    // Kept apart and read in place: a tuple copied out of an array costs a retain and a release
    // of each of its parts.
    private var details = [EventDetails]()
    private var tails = [[UInt8]]()
    private var next = 0
    var start = TimePrefixCache(name: "DTSTART")
    var end = TimePrefixCache(name: "DTEND")

    /// The bytes of a kept tail with the same bytes as that of an event with `details`: first
    /// looked for by the box the details are in, which the events of one reminder share.
    func tail(of details: borrowing EventDetails) -> [UInt8]? {
        for i in self.details.indices where self.details[i].isShared(with: details) { return tails[i] }
        for i in self.details.indices where Event.sameTail(self.details[i].fields, details.fields) { return tails[i] }
        return nil
    }

    /// Keeps the tail of an event with `details`, written as `tail`.
    mutating func keep(_ details: EventDetails, tail: [UInt8]) {
        if self.details.count < EventWritingCache.tailCount {
            self.details.append(details)
            tails.append(tail)
        } else {
            self.details[next] = details
            tails[next] = tail
            next = (next + 1) % EventWritingCache.tailCount
        }
    }
}

/// `NAME;TZID=zone:`, `NAME;VALUE=DATE:` or `NAME:` of one property name, as `ContentLineWriter`
/// writes them, for the last kind of time and zone.
struct TimePrefixCache {
    let name: String
    private var zone: String?
    private var date = false
    private var bytes = [UInt8]()

    init(name: String) { self.name = name }

    /// The prefix of a date (`date`), a local time in `zone` or a UTC time (neither).
    mutating func prefix(zone: String?, date: Bool) -> [UInt8] {
        if !bytes.isEmpty, self.date == date, Event.sameBytes(self.zone, zone) { return bytes }
        var writer = ContentLineWriter(reservingCapacity: 64)
        writer.appendPrefix(name, date ? Parameter.date : zone.map(Parameter.timeZone))
        (self.zone, self.date, bytes) = (zone, date, writer.bytes)
        return bytes
    }
}

extension Event {
    /// Whether two events' details have the same bytes from `SUMMARY` on. Texts are compared by
    /// their bytes, not as `String` compares them (canonically equivalent texts are written apart).
    static func sameTail(_ a: borrowing EventDetails.Fields, _ b: borrowing EventDetails.Fields) -> Bool {
        guard a.transparent == b.transparent, sameBytes(a.summary, b.summary), sameBytes(a.description, b.description),
            sameBytes(a.location, b.location), sameBytes(a.url, b.url), a.categories.count == b.categories.count,
            a.alarms.count == b.alarms.count, a.extensions.count == b.extensions.count
        else { return false }
        for i in a.categories.indices where !sameBytes(a.categories[i], b.categories[i]) { return false }
        for i in a.alarms.indices {
            guard a.alarms[i].minutesBefore == b.alarms[i].minutesBefore,
                sameBytes(a.alarms[i].description, b.alarms[i].description)
            else { return false }
        }
        for i in a.extensions.indices {
            guard sameBytes(a.extensions[i].name, b.extensions[i].name),
                sameBytes(a.extensions[i].value, b.extensions[i].value)
            else { return false }
        }
        return true
    }

    /// Whether two texts have the same UTF-8 bytes.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        let count = a.utf8.count
        guard count == b.utf8.count else { return false }
        // In place where both have contiguous bytes (native strings do): one text shared by many
        // events is the same storage, found equal without reading it.
        let same = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                x.baseAddress == y.baseAddress || memcmp(x.baseAddress!, y.baseAddress!, count) == 0
            }
        }
        return (same ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    static func sameBytes(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): sameBytes(a, b)
        default: false
        }
    }
}
