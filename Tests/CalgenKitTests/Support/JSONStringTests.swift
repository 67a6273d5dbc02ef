import Foundation
import Testing

@testable import CalgenSupport

/// `JSON.writeString`, which copies a string that needs no escaping straight from its storage,
/// against escaping one byte at a time and against Foundation's reading of the result.
@Suite struct JSONStringTests {
    @Test func writtenAsByteByByteAndReadBack() throws {
        let pieces = ["a", "中文", "\"", "\\", "\n", "\r", "\t", "\u{1}", "\u{1F}", "/", " ", "user-00001.clock-in.", "🎉"]
        var seed: UInt64 = 7
        var values = [String]()
        for length in 0..<40 {
            for _ in 0..<30 {
                var value = ""
                for _ in 0..<length {
                    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    value += pieces[Int((seed >> 33) % UInt64(pieces.count))]
                }
                values.append(value)
            }
        }
        for value in values {
            var out = [UInt8]()
            JSON.writeString(value, to: &out)
            #expect(out == JSONStringTests.escapedByteByByte(value), "\(value.debugDescription)")
            let read = try JSONSerialization.jsonObject(with: Data(out), options: .fragmentsAllowed) as? String
            #expect(read == value, "\(value.debugDescription)")
        }
    }

    static func escapedByteByByte(_ value: String) -> [UInt8] {
        var out: [UInt8] = [0x22]
        let hex = Array("0123456789abcdef".utf8)
        for byte in value.utf8 {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0..<0x20: out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(0x22)
        return out
    }
}
