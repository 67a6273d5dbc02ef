/// Writes iCalendar content lines (RFC 5545 §3.1): `NAME;PARAM=value:value` ended by CRLF,
/// folded so that no line is longer than 75 octets, never inside a UTF-8 sequence.
public struct ContentLineWriter: Sendable {
    /// The stream so far.
    public private(set) var bytes: [UInt8]

    public static let maximumLineOctets = 75

    public init(reservingCapacity capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// `BEGIN:NAME`.
    public mutating func begin(_ component: String) { line("BEGIN", raw: component) }

    /// `END:NAME`.
    public mutating func end(_ component: String) { line("END", raw: component) }

    /// A property whose value is written as given: dates, durations, recurrence rules and other
    /// values that are not TEXT. Control characters are dropped so that nothing can start a new
    /// line.
    public mutating func line(_ name: String, _ parameters: [Parameter] = [], raw value: String) {
        let start = bytes.count
        appendName(name, parameters)
        ContentLineWriter.appendDroppingControls(value, to: &bytes)
        finishLine(from: start)
    }

    /// A TEXT property (§3.3.11): backslash, semicolon, comma and line breaks are escaped, other
    /// control characters dropped.
    public mutating func text(_ name: String, _ value: String, parameters: [Parameter] = []) {
        let start = bytes.count
        appendName(name, parameters)
        ContentLineWriter.appendEscapedText(value, to: &bytes)
        finishLine(from: start)
    }

    /// A TEXT list (CATEGORIES): values escaped one by one, joined by commas.
    public mutating func textList(_ name: String, _ values: [String]) {
        let start = bytes.count
        appendName(name, [])
        for (i, value) in values.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            ContentLineWriter.appendEscapedText(value, to: &bytes)
        }
        finishLine(from: start)
    }

    /// Appends bytes that already form complete, folded content lines (a cached component).
    public mutating func append(lines: [UInt8]) { bytes.append(contentsOf: lines) }

    /// Appends complete content lines from a slice of another writer's bytes.
    mutating func append(lines: ArraySlice<UInt8>) { bytes.append(contentsOf: lines) }

    /// Puts complete content lines at offsets of the stream (in ascending order; lines at the
    /// same offset in the order given), moving what follows each in one pass from the end.
    mutating func insert(_ insertions: [(at: Int, lines: [UInt8])]) {
        let extra = insertions.reduce(0) { $0 + $1.lines.count }
        guard extra > 0 else { return }
        var source = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: extra))
        var target = bytes.count
        bytes.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for insertion in insertions.reversed() {
                let moved = source - insertion.at
                target -= moved
                // The two ranges may overlap: moved as by memmove.
                UnsafeMutableRawPointer(base + target).copyMemory(from: base + insertion.at, byteCount: moved)
                source = insertion.at
                target -= insertion.lines.count
                insertion.lines.withUnsafeBufferPointer { lines in
                    if let from = lines.baseAddress { (base + target).update(from: from, count: lines.count) }
                }
            }
        }
    }

    /// Makes room for `count` more bytes.
    mutating func reserve(_ count: Int) { bytes.reserveCapacity(bytes.count + count) }

    /// `NAME;PARAM=value:`, the beginning of a line, as `date` and `dateTime` write it.
    mutating func appendPrefix(_ name: String, _ parameter: Parameter?) { appendName(name, parameter) }

    /// `date(_:_:)` with its `NAME;VALUE=DATE:` given as bytes (see `appendPrefix`).
    mutating func date(prefix: [UInt8], _ date: ICalDate) {
        let start = bytes.count
        bytes.append(contentsOf: prefix)
        appendDigits(of: date)
        finishLine(from: start)
    }

    /// `dateTime(_:_:timeZone:)` with its `NAME;TZID=zone:` or `NAME:` given as bytes (see
    /// `appendPrefix`); `utc` ends the value in `Z`.
    mutating func dateTime(prefix: [UInt8], _ time: ICalDateTime, utc: Bool) {
        let start = bytes.count
        bytes.append(contentsOf: prefix)
        appendTime(time)
        if utc { bytes.append(UInt8(ascii: "Z")) }
        finishLine(from: start)
    }

    /// Empties the stream, keeping its storage (for a scratch writer used once per event).
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// `NAME;VALUE=DATE:YYYYMMDD`.
    mutating func date(_ name: String, _ date: ICalDate) {
        let start = bytes.count
        appendName(name, Parameter.date)
        appendDigits(of: date)
        finishLine(from: start)
    }

    /// `NAME;TZID=zone:YYYYMMDDTHHMMSS`, or `NAME:YYYYMMDDTHHMMSSZ` in UTC without a zone.
    mutating func dateTime(_ name: String, _ time: ICalDateTime, timeZone: String?) {
        let start = bytes.count
        appendName(name, timeZone.map(Parameter.timeZone))
        appendTime(time)
        if timeZone == nil { bytes.append(UInt8(ascii: "Z")) }
        finishLine(from: start)
    }

    /// `YYYYMMDDTHHMMSS`.
    mutating func appendTime(_ time: ICalDateTime) {
        // Every time calgen writes has a four-digit year and two-digit fields: its 15 digits are
        // put together on the stack and appended at once, which spells them as
        // `appendTimeDigitByDigit` does with one capacity check instead of fifteen.
        guard DigitBlock.fits(time.date), DigitBlock.fits(time.hour), DigitBlock.fits(time.minute),
            DigitBlock.fits(time.second)
        else { return appendTimeDigitByDigit(time) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 15) { block in
            DigitBlock.put(time.date, into: block)
            block[8] = UInt8(ascii: "T")
            DigitBlock.put(time.hour, into: block, at: 9)
            DigitBlock.put(time.minute, into: block, at: 11)
            DigitBlock.put(time.second, into: block, at: 13)
            bytes.append(contentsOf: UnsafeBufferPointer(block))
        }
    }

    /// `YYYYMMDD`.
    mutating func appendDigits(of date: ICalDate) {
        // As `appendTime`: eight digits at once (`appendDigitsDigitByDigit` spells them alike).
        guard DigitBlock.fits(date) else { return appendDigitsDigitByDigit(of: date) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { block in
            DigitBlock.put(date, into: block)
            bytes.append(contentsOf: UnsafeBufferPointer(block))
        }
    }

    /// `YYYYMMDDTHHMMSS` one digit at a time, for any fields (a year past 9999 gets all its digits).
    mutating func appendTimeDigitByDigit(_ time: ICalDateTime) {
        appendDigitsDigitByDigit(of: time.date)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(time.hour, width: 2)
        appendDigits(time.minute, width: 2)
        appendDigits(time.second, width: 2)
    }

    /// `YYYYMMDD` one digit at a time, for any fields.
    mutating func appendDigitsDigitByDigit(of date: ICalDate) {
        appendDigits(date.year, width: 4)
        appendDigits(date.month, width: 2)
        appendDigits(date.day, width: 2)
    }

    /// A non-negative number in decimal, zero-padded to `width` digits, without making a string.
    private mutating func appendDigits(_ value: Int, width: Int) {
        // Months, days, hours, minutes and seconds, and four-digit years: no loop, no division by a variable.
        if width == 2, value >= 0, value < 100 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
            bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
            return
        }
        if width == 4, value >= 0, value < 10_000 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / 1000))
            bytes.append(UInt8(ascii: "0") + UInt8(value / 100 % 10))
            bytes.append(UInt8(ascii: "0") + UInt8(value / 10 % 10))
            bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
            return
        }
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var n = max(0, value)
        while divisor * 10 <= n { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(n / divisor))
            n %= divisor
            divisor /= 10
        }
    }

    static func appendEscapedText(_ value: String, to bytes: inout [UInt8]) {
        // Most texts have nothing to escape: copy them whole, straight from their storage where
        // they have it in one piece (native strings do).
        let copied = value.utf8.withContiguousStorageIfAvailable { text in
            if ByteScan.any(in: text, controlOr: 0x7F, 0x5C, 0x3B, 0x2C) { return false }
            bytes.append(contentsOf: text)
            return true
        }
        if copied == true { return }
        if copied == nil, !ContentLineWriter.needsEscaping(value) {
            bytes.append(contentsOf: value.utf8)
            return
        }
        var previousCR = false
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case UInt8(ascii: ";"): bytes.append(contentsOf: [0x5C, UInt8(ascii: ";")])
            case UInt8(ascii: ","): bytes.append(contentsOf: [0x5C, UInt8(ascii: ",")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0A:
                // CRLF is one line break.
                if !previousCR { bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")]) }
            case 0x09: bytes.append(0x09)
            case 0x00..<0x20, 0x7F: break
            default: bytes.append(byte)
            }
            previousCR = byte == 0x0D
        }
    }

    /// `value` without its control characters (below 0x20, and DEL): copied whole, straight
    /// from its storage, when it has none (most values).
    static func appendDroppingControls(_ value: String, to bytes: inout [UInt8]) {
        let copied = value.utf8.withContiguousStorageIfAvailable { text in
            if ByteScan.any(in: text, controlOr: 0x7F, 0x7F, 0x7F, 0x7F) { return false }
            bytes.append(contentsOf: text)
            return true
        }
        if copied == true { return }
        if ContentLineWriter.hasControl(value) {
            for byte in value.utf8 where byte >= 0x20 && byte != 0x7F { bytes.append(byte) }
        } else {
            bytes.append(contentsOf: value.utf8)
        }
    }

    /// Whether a value holds a control character (below 0x20, or DEL). Scans the UTF-8 bytes in
    /// place: this runs for every property of every event.
    @inline(__always)
    static func hasControl(_ value: String) -> Bool {
        ByteScan.any(in: value, controlOr: 0x7F, 0x7F, 0x7F, 0x7F)
    }

    /// Whether a TEXT value holds anything `appendEscapedText` changes: a control character, a
    /// backslash, a semicolon or a comma.
    @inline(__always)
    static func needsEscaping(_ value: String) -> Bool {
        ByteScan.any(in: value, controlOr: 0x7F, 0x5C, 0x3B, 0x2C)
    }

    /// Whether any UTF-8 byte of `value` satisfies `test`, over contiguous storage when the string
    /// has it (native strings do), else byte by byte.
    @inline(__always)
    static func anyByte(of value: String, _ test: (UInt8) -> Bool) -> Bool {
        if let found = value.utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
            for byte in bytes where test(byte) { return true }
            return false
        }) {
            return found
        }
        return value.utf8.contains(where: test)
    }

    private mutating func appendName(_ name: String, _ parameters: [Parameter]) {
        bytes.append(contentsOf: name.utf8)
        for parameter in parameters { append(parameter) }
        bytes.append(UInt8(ascii: ":"))
    }

    /// `NAME;PARAM=value:` with one parameter, without an array (dates and times, on every event).
    private mutating func appendName(_ name: String, _ parameter: Parameter?) {
        bytes.append(contentsOf: name.utf8)
        if let parameter { append(parameter) }
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func append(_ parameter: Parameter) {
        bytes.append(UInt8(ascii: ";"))
        bytes.append(contentsOf: parameter.name.utf8)
        bytes.append(UInt8(ascii: "="))
        parameter.appendValue(to: &bytes)
    }

    /// Ends the line begun at `start` with CRLF, folding it first when it is too long.
    private mutating func finishLine(from start: Int) {
        if bytes.count - start > ContentLineWriter.maximumLineOctets {
            let content = Array(bytes[start...])
            bytes.removeSubrange(start...)
            ContentLineWriter.appendFolded(content, to: &bytes)
        }
        bytes.append(0x0D)
        bytes.append(0x0A)
    }

    /// Splits `content` into lines of at most 75 octets (continuations start with a space, which
    /// counts), only between UTF-8 sequences.
    static func appendFolded(_ content: [UInt8], to bytes: inout [UInt8]) {
        var lineLength = 0
        var i = 0
        while i < content.count {
            let lead = content[i]
            var length = 1
            if lead >= 0xF0 {
                length = 4
            } else if lead >= 0xE0 {
                length = 3
            } else if lead >= 0xC0 {
                length = 2
            }
            // Keep a TEXT escape (`\n`, `\,`) on one line: some readers unescape before unfolding.
            if lead == 0x5C, i + 1 < content.count, content[i + 1] < 0x80 { length = 2 }
            length = min(length, content.count - i)
            if lineLength + length > maximumLineOctets {
                bytes.append(contentsOf: [0x0D, 0x0A, 0x20])
                lineLength = 1
            }
            bytes.append(contentsOf: content[i..<(i + length)])
            lineLength += length
            i += length
        }
    }
}

/// A property parameter such as `TZID=Asia/Shanghai` or `VALUE=DATE`.
public struct Parameter: Hashable, Sendable {
    public let name: String
    public let value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    public static let date = Parameter("VALUE", "DATE")
    public static let duration = Parameter("VALUE", "DURATION")

    public static func timeZone(_ identifier: String) -> Parameter { Parameter("TZID", identifier) }

    /// Quoted when it contains `:`, `;` or `,`; a double quote, which a parameter value cannot
    /// hold, becomes a single one; control characters are dropped.
    func appendValue(to bytes: inout [UInt8]) {
        let needsQuotes = ContentLineWriter.anyByte(of: value) {
            $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",")
        }
        if needsQuotes { bytes.append(UInt8(ascii: "\"")) }
        if ContentLineWriter.anyByte(of: value, { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") }) {
            for byte in value.utf8 where byte >= 0x20 && byte != 0x7F {
                bytes.append(byte == UInt8(ascii: "\"") ? UInt8(ascii: "'") : byte)
            }
        } else {
            bytes.append(contentsOf: value.utf8)
        }
        if needsQuotes { bytes.append(UInt8(ascii: "\"")) }
    }
}
