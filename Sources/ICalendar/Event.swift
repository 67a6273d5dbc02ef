/// A `VEVENT` (RFC 5545 §3.6.1) with the properties calendar feeds use.
public struct Event: Hashable, Sendable {
    /// Globally unique and stable across builds: clients match updates by it.
    public var uid: String
    /// `DTSTAMP`, in UTC.
    public var stamp: ICalDateTime
    public var start: ICalTime
    /// `DTEND`: exclusive; for all-day events the day after the last day.
    public var end: ICalTime?
    /// `SEQUENCE`, raised when an event changes.
    public var sequence: Int
    /// An `RRULE` value such as `FREQ=WEEKLY;BYDAY=MO,TU;UNTIL=20261231T005000Z`.
    public var recurrenceRule: String?
    /// `EXDATE`s, of the same value type and zone as `start`.
    public var exceptionDates: [ICalTime]
    /// What the event shows, from `SUMMARY` on (`summary`, `alarms`, …), which the events of one
    /// reminder or schedule share.
    public var details: EventDetails

    public init(
        uid: String, stamp: ICalDateTime, start: ICalTime, end: ICalTime?, summary: String, description: String? = nil,
        location: String? = nil, url: String? = nil, categories: [String] = [], transparent: Bool = false,
        sequence: Int = 0, recurrenceRule: String? = nil, exceptionDates: [ICalTime] = [], alarms: [Alarm] = [],
        extensions: [ExtensionProperty] = []
    ) {
        self.init(
            uid: uid, stamp: stamp, start: start, end: end,
            details: EventDetails(
                summary: summary, description: description, location: location, url: url, categories: categories,
                transparent: transparent, alarms: alarms, extensions: extensions),
            sequence: sequence, recurrenceRule: recurrenceRule, exceptionDates: exceptionDates)
    }

    /// An event with `details` shared with others.
    public init(
        uid: String, stamp: ICalDateTime, start: ICalTime, end: ICalTime?, details: EventDetails, sequence: Int = 0,
        recurrenceRule: String? = nil, exceptionDates: [ICalTime] = []
    ) {
        self.uid = uid
        self.stamp = stamp
        self.start = start
        self.end = end
        self.details = details
        self.sequence = sequence
        self.recurrenceRule = recurrenceRule
        self.exceptionDates = exceptionDates
    }

    /// Writes the component.
    public func write(to writer: inout ContentLineWriter) {
        var scratch = ContentLineWriter(reservingCapacity: 512)
        write(to: &writer, scratch: &scratch) { _ in (stamp, sequence) }
    }

    /// A 64-bit FNV-1a digest of everything but `DTSTAMP` and `SEQUENCE`: equal digests mean the
    /// same event for a calendar app, so its stamp and sequence can be kept.
    public var contentDigest: UInt64 {
        var scratch = ContentLineWriter(reservingCapacity: 512)
        writeContent(to: &scratch)
        return Event.digest(scratch.bytes[...])
    }

    /// Writes the component with the `DTSTAMP` and `SEQUENCE` that `stamping` chooses for the
    /// digest of its content (see `contentDigest`). The content is written once, into `scratch`,
    /// and copied around the two properties.
    func write(
        to writer: inout ContentLineWriter, scratch: inout ContentLineWriter,
        stamping: (_ digest: UInt64) -> (stamp: ICalDateTime, sequence: Int)
    ) {
        scratch.removeAll()
        let (afterUID, beforeSummary) = writeContent(to: &scratch)
        let (stamp, sequence) = stamping(Event.digest(scratch.bytes[...]))
        writer.append(lines: scratch.bytes[..<afterUID])
        writer.dateTime("DTSTAMP", stamp, timeZone: nil)
        writer.append(lines: scratch.bytes[afterUID..<beforeSummary])
        if sequence > 0 { writer.line("SEQUENCE", raw: String(sequence)) }
        writer.append(lines: scratch.bytes[beforeSummary...])
    }

    /// Everything but `DTSTAMP` and `SEQUENCE`, returning where they go: after `UID`, and before
    /// `SUMMARY`.
    @discardableResult
    private func writeContent(to writer: inout ContentLineWriter) -> (afterUID: Int, beforeSummary: Int) {
        var cache = EventWritingCache()
        return writeContent(to: &writer, cache: &cache)
    }

    /// As `writeContent(to:)`, with the lines that the events of a calendar share taken from
    /// `cache`: the properties from `SUMMARY` on, which the events of one reminder or schedule
    /// repeat, and the name and zone before a time.
    func writeContent(to writer: inout ContentLineWriter, cache: inout EventWritingCache) -> (
        afterUID: Int, beforeSummary: Int
    ) {
        writer.append(lines: EventWritingCache.begin)
        writer.text("UID", uid)
        let afterUID = writer.bytes.count
        start.write(to: &writer, cache: &cache.start)
        end?.write(to: &writer, cache: &cache.end)
        if let recurrenceRule { writer.line("RRULE", raw: recurrenceRule) }
        for date in exceptionDates { date.write("EXDATE", to: &writer) }
        let beforeSummary = writer.bytes.count
        if let tail = cache.tail(of: details) {
            writer.append(lines: tail)
        } else {
            EventDetails.writeTail(details.fields, to: &writer)
            cache.keep(details, tail: Array(writer.bytes[beforeSummary...]))
        }
        return (afterUID, beforeSummary)
    }

    static func digest(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}

extension EventDetails {
    /// The properties from `SUMMARY` to the end of the component.
    static func writeTail(_ fields: borrowing Fields, to writer: inout ContentLineWriter) {
        writer.text("SUMMARY", fields.summary)
        if let description = fields.description, !description.isEmpty { writer.text("DESCRIPTION", description) }
        if let location = fields.location, !location.isEmpty { writer.text("LOCATION", location) }
        if let url = fields.url { writer.line("URL", [Parameter("VALUE", "URI")], raw: url) }
        if !fields.categories.isEmpty { writer.textList("CATEGORIES", fields.categories) }
        writer.line("TRANSP", raw: fields.transparent ? "TRANSPARENT" : "OPAQUE")
        for property in fields.extensions { writer.line(property.name, raw: property.value) }
        for alarm in fields.alarms { alarm.write(to: &writer) }
        writer.end("VEVENT")
    }
}

/// An `X-` property with a token value, written as it is.
public struct ExtensionProperty: Hashable, Sendable {
    /// `X-APPLE-SPECIAL-DAY`.
    public var name: String
    /// `WORK-HOLIDAY`: a token, not TEXT (it is not escaped).
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A `VALARM` that displays a message.
public struct Alarm: Hashable, Sendable {
    /// Minutes before the event's start (0: at the start).
    public var minutesBefore: Int
    public var description: String

    public init(minutesBefore: Int, description: String) {
        self.minutesBefore = minutesBefore
        self.description = description
    }

    /// The `TRIGGER` value: `-PT10M`, `-P1D`, `PT0S`.
    public var trigger: String {
        minutesBefore > 0 ? "-" + DurationValue.text(minutes: minutesBefore) : DurationValue.text(minutes: -minutesBefore)
    }

    func write(to writer: inout ContentLineWriter) {
        writer.begin("VALARM")
        writer.line("ACTION", raw: "DISPLAY")
        writer.text("DESCRIPTION", description)
        writer.line("TRIGGER", raw: trigger)
        writer.end("VALARM")
    }
}
