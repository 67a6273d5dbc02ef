import CalgenCore

/// Compact JSON written straight into bytes, for the day API's thousands of files: the same
/// bytes as `JSON.serialized()` (keys in the order written, strings escaped by
/// `JSON.writeString`'s rules, integers in decimal), without a `JSON` tree in between. The
/// punctuation and keys around values are given as literals (`,"weekday":`).
struct JSONBytes {
    var out: [UInt8]

    init(capacity: Int = 1_024) {
        out = []
        out.reserveCapacity(capacity)
    }

    /// Literal JSON text: punctuation and keys.
    mutating func raw(_ text: StaticString) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Bytes that are JSON already.
    mutating func raw(_ bytes: [UInt8]) {
        out.append(contentsOf: bytes)
    }

    mutating func null() { raw("null") }

    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    mutating func int(_ value: Int) {
        guard value >= 0 else {
            out.append(contentsOf: String(value).utf8)
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24 digits; an Int has at most 19
        var count = 0
        var v = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                count += 1
            } while v > 0
            out.append(contentsOf: buffer[(24 - count)...])
        }
    }

    mutating func optionalInt(_ value: Int?) {
        if let value { int(value) } else { null() }
    }

    /// A string, escaped as `JSON.writeString` escapes it.
    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { bytes in
            out.append(UInt8(ascii: "\""))
            if !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                out.append(contentsOf: bytes)
                out.append(UInt8(ascii: "\""))
                return
            }
            out.removeLast()
            JSON.writeString(String(decoding: bytes, as: UTF8.self), to: &out)
        }
    }

    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// `"YYYY-MM-DD"`, as `.string(date.iso8601)` writes it.
    mutating func date(_ date: CivilDate) {
        guard (0...9999).contains(date.year) else {
            string(date.iso8601)
            return
        }
        out.append(UInt8(ascii: "\""))
        digits(date.year, 4)
        out.append(UInt8(ascii: "-"))
        digits(date.month, 2)
        out.append(UInt8(ascii: "-"))
        digits(date.day, 2)
        out.append(UInt8(ascii: "\""))
    }

    mutating func optionalDate(_ date: CivilDate?) {
        if let date { self.date(date) } else { null() }
    }

    /// `[` the strings `]`.
    mutating func strings(_ values: some Sequence<String>) {
        out.append(UInt8(ascii: "["))
        var first = true
        for value in values {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            string(value)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// A number of 0… at `width` digits, with leading zeros.
    private mutating func digits(_ value: Int, _ width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var v = value
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(v / divisor % 10))
            v %= divisor
            divisor /= 10
        }
    }
}
