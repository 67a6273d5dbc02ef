/// A `VCALENDAR` stream: the calendar's own properties, the time zones its events use, and
/// the events.
public struct Calendar: Sendable {
    public var productID: String
    /// `NAME` (RFC 7986) and `X-WR-CALNAME`.
    public var name: String
    /// `DESCRIPTION` (RFC 7986) and `X-WR-CALDESC`.
    public var description: String?
    /// A CSS colour name for `COLOR` (RFC 7986).
    public var colorName: String?
    /// `#RRGGBB` for `X-APPLE-CALENDAR-COLOR`.
    public var colorHex: String?
    /// How often clients should refresh, as a DURATION (`PT12H`): `REFRESH-INTERVAL` and
    /// `X-PUBLISHED-TTL`.
    public var refreshInterval: String?
    /// The source URL of the feed (`SOURCE`, RFC 7986).
    public var source: String?
    /// The default time zone named by `X-WR-TIMEZONE`.
    public var defaultTimeZone: String?
    public var timeZones: [TimeZoneComponent]
    public var events: [Event]

    public init(
        productID: String, name: String, description: String? = nil, colorName: String? = nil, colorHex: String? = nil,
        refreshInterval: String? = nil, source: String? = nil, defaultTimeZone: String? = nil,
        timeZones: [TimeZoneComponent] = [], events: [Event] = []
    ) {
        self.productID = productID
        self.name = name
        self.description = description
        self.colorName = colorName
        self.colorHex = colorHex
        self.refreshInterval = refreshInterval
        self.source = source
        self.defaultTimeZone = defaultTimeZone
        self.timeZones = timeZones
        self.events = events
    }

    /// The whole stream, CRLF-terminated and folded.
    public func serialized() -> [UInt8] {
        serialized { index, _ in (events[index].stamp, events[index].sequence) }
    }

    /// The whole stream, each event with the `DTSTAMP` and `SEQUENCE` that `stamping` chooses
    /// from the event's index and the digest of its content (`Event.contentDigest`), so that a
    /// feed writer can keep both for events that did not change, in one pass over the events.
    public func serialized(stamping: (_ index: Int, _ digest: UInt64) -> (stamp: ICalDateTime, sequence: Int)) -> [UInt8] {
        var writer = ContentLineWriter(reservingCapacity: 1024 + events.count * 400)
        writer.begin("VCALENDAR")
        writer.line("VERSION", raw: "2.0")
        writer.text("PRODID", productID)
        writer.line("CALSCALE", raw: "GREGORIAN")
        writer.line("METHOD", raw: "PUBLISH")
        writer.text("NAME", name)
        writer.text("X-WR-CALNAME", name)
        if let description {
            writer.text("DESCRIPTION", description)
            writer.text("X-WR-CALDESC", description)
        }
        if let colorName { writer.line("COLOR", raw: colorName) }
        if let colorHex { writer.line("X-APPLE-CALENDAR-COLOR", raw: colorHex) }
        if let defaultTimeZone { writer.text("X-WR-TIMEZONE", defaultTimeZone) }
        if let refreshInterval {
            writer.line("REFRESH-INTERVAL", [.duration], raw: refreshInterval)
            writer.line("X-PUBLISHED-TTL", raw: refreshInterval)
        }
        if let source { writer.line("SOURCE", [Parameter("VALUE", "URI")], raw: source) }
        for zone in timeZones { zone.write(to: &writer) }
        // Every event's content first, in place in the stream; then their digests, several at a
        // time; then the stamp and sequence chosen for each are put in, in one pass from the end.
        writer.reserve(events.count * 360)
        var spans = [EventSpan]()
        spans.reserveCapacity(events.count)
        var cache = EventWritingCache()
        // By index: each event is written where it is, not copied out of the array first.
        events.withUnsafeBufferPointer { events in
            for index in events.indices {
                let start = writer.bytes.count
                let (afterUID, beforeSummary) = events[index].writeContent(to: &writer, cache: &cache)
                spans.append(
                    EventSpan(start: start, afterUID: afterUID, beforeSummary: beforeSummary, end: writer.bytes.count))
            }
        }
        let digests = EventSpan.digests(of: spans, in: writer.bytes)
        var insertions = [(at: Int, lines: [UInt8])]()
        insertions.reserveCapacity(events.count)
        var stampLine: (stamp: ICalDateTime, bytes: [UInt8])?
        for (index, span) in spans.enumerated() {
            let (stamp, sequence) = stamping(index, digests[index])
            if stampLine?.stamp != stamp {
                var line = ContentLineWriter(reservingCapacity: 32)
                line.dateTime("DTSTAMP", stamp, timeZone: nil)
                stampLine = (stamp, line.bytes)
            }
            insertions.append((span.afterUID, stampLine!.bytes))
            if sequence > 0 {
                var line = ContentLineWriter(reservingCapacity: 32)
                line.line("SEQUENCE", raw: String(sequence))
                insertions.append((span.beforeSummary, line.bytes))
            }
        }
        writer.insert(insertions)
        writer.end("VCALENDAR")
        return writer.bytes
    }
}

/// Where one event's content lies in the buffer `Calendar.serialized` writes them all into, and
/// where its `DTSTAMP` and `SEQUENCE` go.
struct EventSpan {
    let start: Int
    let afterUID: Int
    let beforeSummary: Int
    let end: Int

    /// Each span's `Event.digest`, four spans at a time: FNV-1a takes one multiplication after
    /// another on a byte stream, so four streams side by side keep the multiplier busy.
    static func digests(of spans: [EventSpan], in bytes: [UInt8]) -> [UInt64] {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        let basis: UInt64 = 0xcbf2_9ce4_8422_2325
        var digests = [UInt64](repeating: basis, count: spans.count)
        bytes.withUnsafeBufferPointer { p in
            var i = 0
            while i + 4 <= spans.count {
                let (a, b, c, d) = (spans[i].start, spans[i + 1].start, spans[i + 2].start, spans[i + 3].start)
                let common = min(
                    spans[i].end - a, spans[i + 1].end - b, spans[i + 2].end - c, spans[i + 3].end - d)
                var (h0, h1, h2, h3) = (basis, basis, basis, basis)
                for k in 0..<common {
                    h0 = (h0 ^ UInt64(p[a + k])) &* prime
                    h1 = (h1 ^ UInt64(p[b + k])) &* prime
                    h2 = (h2 ^ UInt64(p[c + k])) &* prime
                    h3 = (h3 ^ UInt64(p[d + k])) &* prime
                }
                for (j, h) in [h0, h1, h2, h3].enumerated() {
                    var h = h
                    for k in (spans[i + j].start + common)..<spans[i + j].end { h = (h ^ UInt64(p[k])) &* prime }
                    digests[i + j] = h
                }
                i += 4
            }
            while i < spans.count {
                var h = basis
                for k in spans[i].start..<spans[i].end { h = (h ^ UInt64(p[k])) &* prime }
                digests[i] = h
                i += 1
            }
        }
        return digests
    }
}
