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
        var scratch = ContentLineWriter(reservingCapacity: 1024)
        // By index: each event is written where it is, not copied out of the array first.
        for index in events.indices {
            events[index].write(to: &writer, scratch: &scratch) { stamping(index, $0) }
        }
        writer.end("VCALENDAR")
        return writer.bytes
    }
}
