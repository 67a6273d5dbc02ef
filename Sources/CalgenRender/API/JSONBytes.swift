import CalgenCore
import CalgenSupport

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
        let (year, month, day) = (date.year, date.month, date.day)
        let zero = UInt8(ascii: "0")
        var text: (UInt64, UInt32) = (0, 0)
        withUnsafeMutableBytes(of: &text) { bytes in
            bytes[0] = UInt8(ascii: "\"")
            bytes[1] = zero + UInt8(year / 1000)
            bytes[2] = zero + UInt8(year / 100 % 10)
            bytes[3] = zero + UInt8(year / 10 % 10)
            bytes[4] = zero + UInt8(year % 10)
            bytes[5] = UInt8(ascii: "-")
            bytes[6] = zero + UInt8(month / 10)
            bytes[7] = zero + UInt8(month % 10)
            bytes[8] = UInt8(ascii: "-")
            bytes[9] = zero + UInt8(day / 10)
            bytes[10] = zero + UInt8(day % 10)
            bytes[11] = UInt8(ascii: "\"")
            out.append(contentsOf: bytes)
        }
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
}
