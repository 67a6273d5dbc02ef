/// What an event shows, the properties written from `SUMMARY` to its end: summary, description,
/// location, URL, categories, transparency, extensions and alarms. Kept in one shared, immutable
/// box: the events of one reminder or schedule share theirs, so making, copying and freeing an
/// event retains and releases one reference for all of them, and two events with the same box
/// are known to write the same lines without comparing them.
public struct EventDetails: Hashable, Sendable {
    /// The properties themselves.
    struct Fields: Hashable, Sendable {
        var summary: String
        var description: String?
        var location: String?
        var url: String?
        var categories: [String]
        var transparent: Bool
        var alarms: [Alarm]
        var extensions: [ExtensionProperty]
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    public init(
        summary: String, description: String? = nil, location: String? = nil, url: String? = nil,
        categories: [String] = [], transparent: Bool = false, alarms: [Alarm] = [], extensions: [ExtensionProperty] = []
    ) {
        box = Box(
            Fields(
                summary: summary, description: description, location: location, url: url, categories: categories,
                transparent: transparent, alarms: alarms, extensions: extensions))
    }

    /// The properties, read in place.
    var fields: Fields { box.fields }

    /// Changes a property: the box is shared, so the changed properties get a box of their own.
    mutating func change(_ change: (inout Fields) -> Void) {
        var fields = box.fields
        change(&fields)
        box = Box(fields)
    }

    /// Whether both are the same box, so the same properties (without comparing them).
    func isShared(with other: borrowing EventDetails) -> Bool { box === other.box }

    public static func == (a: EventDetails, b: EventDetails) -> Bool { a.box === b.box || a.box.fields == b.box.fields }

    public func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }
}

extension Event {
    public var summary: String {
        get { details.fields.summary }
        set { details.change { $0.summary = newValue } }
    }
    public var description: String? {
        get { details.fields.description }
        set { details.change { $0.description = newValue } }
    }
    public var location: String? {
        get { details.fields.location }
        set { details.change { $0.location = newValue } }
    }
    public var url: String? {
        get { details.fields.url }
        set { details.change { $0.url = newValue } }
    }
    public var categories: [String] {
        get { details.fields.categories }
        set { details.change { $0.categories = newValue } }
    }
    /// `TRANSP:TRANSPARENT`: the event does not make the person busy.
    public var transparent: Bool {
        get { details.fields.transparent }
        set { details.change { $0.transparent = newValue } }
    }
    public var alarms: [Alarm] {
        get { details.fields.alarms }
        set { details.change { $0.alarms = newValue } }
    }
    /// Non-standard properties (`X-…`) that some clients read, such as Apple's
    /// `X-APPLE-SPECIAL-DAY`; written after the standard ones, in order.
    public var extensions: [ExtensionProperty] {
        get { details.fields.extensions }
        set { details.change { $0.extensions = newValue } }
    }
}
