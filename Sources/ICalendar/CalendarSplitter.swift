/// Splits an iCalendar stream into one calendar per event UID, each carrying the time zones its
/// event names, as a CalDAV collection stores them (RFC 4791 §4.1: one UID per resource, no
/// METHOD). The lines are kept as they were written, folding included; only the components'
/// boundaries and a few properties are read.
public struct CalendarSplitter: Sendable {
    /// One event of the stream, ready to be stored as a resource of its own.
    public struct Resource: Hashable, Sendable {
        public let uid: String
        /// The event's SEQUENCE (0 when absent).
        public let sequence: Int
        /// The event's unfolded content lines without DTSTAMP, which says when the calendar was
        /// written rather than what the event is: what a change is judged by.
        public let contentLines: [String]
        /// The resource: VCALENDAR with VERSION, PRODID and CALSCALE of the source, the
        /// VTIMEZONEs the event names and the event, in CRLF lines.
        public let calendar: [UInt8]
    }

    /// Why a stream could not be split.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
        /// The line of the stream (1 for the first) where the problem is, when it is at one.
        public var line: Int?

        init(description: String, line: Int? = nil) {
            self.description = description
            self.line = line
        }
    }

    /// The events of `bytes` in the order they come; throws on a stream that is not one
    /// VCALENDAR of VTIMEZONEs and VEVENTs, an event without UID, or two events with one UID
    /// (a recurrence override would need the same resource; calgen writes none).
    public static func split(_ bytes: [UInt8]) throws(Failure) -> [Resource] {
        guard String(validating: bytes, as: UTF8.self) != nil else { throw Failure(description: "is not UTF-8") }
        // Physical lines, each with the lines folded into it (RFC 5545 §3.1), as bytes: a fold
        // may fall inside a grapheme cluster, never inside a UTF-8 sequence.
        // The number of each one's first line, for messages.
        var physical: [[ArraySlice<UInt8>]] = []
        var numbers: [Int] = []
        for (index, raw) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let line = raw.last == 0x0D ? raw.dropLast() : raw
            if line.isEmpty { continue }
            if line.first == 0x20 || line.first == 0x09, !physical.isEmpty {
                physical[physical.count - 1].append(line)
            } else {
                physical.append([line])
                numbers.append(index + 1)
            }
        }
        guard physical.first.map(unfold) == "BEGIN:VCALENDAR" else {
            throw Failure(description: "does not start with BEGIN:VCALENDAR", line: numbers.first ?? 1)
        }
        var header: [[UInt8]] = []
        var zones: [String: [[UInt8]]] = [:]
        var resources: [(uid: String, sequence: Int, content: [String], raw: [[UInt8]], zones: [String])] = []
        var seen = Set<String>()
        var stack: [String] = []
        var current: [[UInt8]] = []
        var currentContent: [String] = []
        var uid: String?
        var sequence = 0
        var tzids: [String] = []
        var zoneID: String?
        for (folded, number) in zip(physical, numbers) {
            let line = unfold(folded)
            let raw = Array(folded.joined(separator: [0x0D, 0x0A]))
            let name = propertyName(line)
            if name == "BEGIN" {
                let component = value(line).uppercased()
                stack.append(component)
                if stack.count == 2 {
                    current = []
                    currentContent = []
                    uid = nil
                    sequence = 0
                    tzids = []
                    zoneID = nil
                    guard component == "VEVENT" || component == "VTIMEZONE" else {
                        throw Failure(description: "holds a \(component), which calgen does not sync", line: number)
                    }
                }
            }
            if stack.count >= 2 {
                current.append(raw)
                if stack[1] == "VEVENT" {
                    if stack.count == 2 && name == "UID" { uid = value(line) }
                    if stack.count == 2 && name == "SEQUENCE" { sequence = Int(value(line)) ?? 0 }
                    if stack.count == 2 && name == "DTSTAMP" {
                        // Not content.
                    } else {
                        currentContent.append(line)
                    }
                    if let tzid = parameter("TZID", of: line), !tzids.contains(tzid) { tzids.append(tzid) }
                } else if stack.count == 2 && name == "TZID" {
                    zoneID = value(line)
                }
            } else if stack.count == 1, name != "BEGIN", ["VERSION", "PRODID", "CALSCALE"].contains(name) {
                header.append(raw)
            }
            if name == "END" {
                guard let top = stack.popLast(), top == value(line).uppercased() else {
                    throw Failure(description: "has \(line) without its BEGIN", line: number)
                }
                if stack.count == 1 {
                    if top == "VEVENT" {
                        guard let uid, !uid.isEmpty else { throw Failure(description: "has an event without UID", line: number) }
                        guard seen.insert(uid).inserted else {
                            throw Failure(description: "has two events with UID \(uid)", line: number)
                        }
                        resources.append((uid, sequence, currentContent, current, tzids))
                    } else if let zoneID {
                        zones[zoneID] = current
                    }
                }
            }
        }
        guard stack.isEmpty else { throw Failure(description: "ends inside \(stack.last ?? "")") }
        return try resources.map { (event) throws(Failure) -> Resource in
            var lines = [Array("BEGIN:VCALENDAR".utf8)] + header
            for tzid in event.zones {
                guard let zone = zones[tzid] else {
                    throw Failure(description: "event \(event.uid) names the time zone \(tzid) without its VTIMEZONE")
                }
                lines += zone
            }
            lines += event.raw
            lines.append(Array("END:VCALENDAR".utf8))
            let calendar = Array(lines.joined(separator: [0x0D, 0x0A])) + [0x0D, 0x0A]
            return Resource(uid: event.uid, sequence: event.sequence, contentLines: event.content, calendar: calendar)
        }
    }

    private static func unfold(_ folded: [ArraySlice<UInt8>]) -> String {
        var line = Array(folded[0])
        for continuation in folded.dropFirst() { line += continuation.dropFirst() }
        return String(decoding: line, as: UTF8.self)
    }

    /// The name of a content line: what comes before the first `;` or `:`, in upper case.
    static func propertyName(_ line: String) -> String {
        let end = line.firstIndex { $0 == ";" || $0 == ":" } ?? line.endIndex
        return line[..<end].uppercased()
    }

    /// The value of a content line: what follows the first `:` outside a quoted parameter value.
    static func value(_ line: String) -> String {
        var quoted = false
        for index in line.indices {
            let c = line[index]
            if c == "\"" { quoted.toggle() }
            if c == ":" && !quoted { return String(line[line.index(after: index)...]) }
        }
        return ""
    }

    /// The value of one parameter of a content line, unquoted.
    static func parameter(_ name: String, of line: String) -> String? {
        var quoted = false
        var end = line.endIndex
        for index in line.indices {
            let c = line[index]
            if c == "\"" { quoted.toggle() }
            if c == ":" && !quoted {
                end = index
                break
            }
        }
        for part in line[..<end].split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].uppercased() == name {
                var value = pair[1]
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
                return String(value)
            }
        }
        return nil
    }
}
