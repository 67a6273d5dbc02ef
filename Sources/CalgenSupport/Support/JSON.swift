import ICalendar

/// A JSON value whose objects keep their keys in the order given, so that output is
/// deterministic and reads in a natural order (`date` first).
package enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    package static func == (lhs: JSON, rhs: JSON) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// A string, or `null` for `nil`.
    package static func optional(_ s: String?) -> JSON { s.map(JSON.string) ?? .null }

    /// Compact UTF-8 serialization, ending in a newline when `newline` is set.
    package func serialized(newline: Bool = false) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(256)
        write(to: &out)
        if newline { out.append(0x0A) }
        return out
    }

    /// Appends the compact serialization to `out`.
    package func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSON.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// An array of strings, as `.array` of `.string`s writes it, without making the values.
    package static func writeStrings(_ values: [String], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            writeString(value, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// Appends `s` as a JSON string literal to `out`.
    package static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them whole (found eight bytes at a time; a feed
        // manifest has three strings for each event), straight from their storage where they
        // have it in one piece (native strings do), else through their UTF-8 view.
        var copied = s.utf8.withContiguousStorageIfAvailable { bytes in
            if ByteScan.any(in: bytes, controlOr: 0x22, 0x5C, 0x22, 0x5C) { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if copied == nil, !ByteScan.any(in: s, controlOr: 0x22, 0x5C, 0x22, 0x5C) {
            out.append(contentsOf: s.utf8)
            copied = true
        }
        if copied == true {
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
