import Foundation
import Testing

@testable import ICalendar

/// The writer's fast paths against the slower code they stand for, over many inputs.
@Suite struct FastPathTests {
    /// Dates and times from year 0 to 9999 and past it, with every hour, minute and second.
    @Test func dateAndTimeDigitsAsDigitByDigit() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var times = [ICalDateTime]()
        for year in [0, 1, 9, 10, 99, 100, 999, 1000, 1970, 2026, 9999, 10_000, 123_456] {
            times.append(ICalDateTime(date: ICalDate(year: year, month: 12, day: 31), hour: 23, minute: 59, second: 59))
            times.append(ICalDateTime(date: ICalDate(year: year, month: 1, day: 1), hour: 0, minute: 0, second: 0))
        }
        for _ in 0..<20_000 {
            times.append(
                ICalDateTime(
                    date: ICalDate(year: next(10_100), month: 1 + next(12), day: 1 + next(31)), hour: next(24),
                    minute: next(60), second: next(60)))
        }
        for time in times {
            var fast = ContentLineWriter(reservingCapacity: 32)
            var slow = ContentLineWriter(reservingCapacity: 32)
            fast.appendTime(time)
            slow.appendTimeDigitByDigit(time)
            #expect(fast.bytes == slow.bytes, "\(time)")
            var fastDate = ContentLineWriter(reservingCapacity: 16)
            var slowDate = ContentLineWriter(reservingCapacity: 16)
            fastDate.appendDigits(of: time.date)
            slowDate.appendDigitsDigitByDigit(of: time.date)
            #expect(fastDate.bytes == slowDate.bytes, "\(time.date)")
            #expect(String(decoding: fast.bytes, as: UTF8.self) == time.value, "\(time)")
        }
    }

    /// TEXT and raw values copied from their storage, as byte by byte: native, small and
    /// bridged-like (not contiguous) strings, with and without characters to escape or drop.
    @Test func textAndRawValuesAsByteByByte() {
        let pieces = ["a", "中文", "\\", ";", ",", "\n", "\r\n", "\t", "\u{7F}", "\u{1}", " ", "打卡上班", "x@example.com", "🎉"]
        var seed: UInt64 = 42
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
            var fast = [UInt8]()
            ContentLineWriter.appendEscapedText(value, to: &fast)
            #expect(fast == FastPathTests.escapedByteByByte(value), "\(value.debugDescription)")
            var raw = [UInt8]()
            ContentLineWriter.appendDroppingControls(value, to: &raw)
            #expect(raw == Array(value.utf8.filter { $0 >= 0x20 && $0 != 0x7F }), "\(value.debugDescription)")
        }
    }

    /// TEXT escaping as RFC 5545 §3.3.11 asks, one byte at a time (CRLF is one line break).
    static func escapedByteByByte(_ value: String) -> [UInt8] {
        var out = [UInt8]()
        var previousCR = false
        for byte in value.utf8 {
            switch byte {
            case 0x5C, 0x3B, 0x2C: out += [0x5C, byte]
            case 0x0D: out += Array("\\n".utf8)
            case 0x0A: if !previousCR { out += Array("\\n".utf8) }
            case 0x09: out.append(byte)
            case 0x00..<0x20, 0x7F: break
            default: out.append(byte)
            }
            previousCR = byte == 0x0D
        }
        return out
    }
}

/// `ZoneOffsets.resolve`, with its answer after a zone's last change taken without searching,
/// against the change found by a scan of all of them.
@Suite struct ZoneOffsetsFastPathTests {
    @Test func resolvedAsByScanning() throws {
        let from = Date(timeIntervalSince1970: -2_208_988_800)  // 1900-01-01
        let to = Date(timeIntervalSince1970: 4_133_980_800)  // 2101-01-01
        for identifier in ["Asia/Shanghai", "Asia/Tokyo", "America/New_York", "Europe/Berlin", "Australia/Sydney", "UTC"] {
            let offsets = try #require(ZoneOffsets(identifier: identifier, from: from, to: to))
            var walls = [Int]()
            for change in offsets.changes {
                for delta in [-3601, -1, 0, 1, 1799, 3599, 3600, 3601] {
                    walls.append(change.low + delta)
                    walls.append(change.high + delta)
                }
            }
            for day in stride(from: -25_567, to: 47_482, by: 37) { walls.append(day * 86_400 + (day % 24) * 3600 + 1800) }
            for wall in walls {
                let days = Int((Double(wall) / 86_400).rounded(.down))
                let rest = wall - days * 86_400
                let local = ICalDateTime(
                    date: ICalDate(dayNumber: days), hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
                #expect(offsets.resolve(local) == ZoneOffsetsFastPathTests.scanned(offsets, wall), "\(identifier) \(local)")
            }
        }
    }

    /// The last change whose skipped or repeated span starts at or before `wall`, found by a scan.
    static func scanned(_ offsets: ZoneOffsets, _ wall: Int) -> ResolvedTime {
        guard let change = offsets.changes.last(where: { $0.low <= wall }) else {
            return ResolvedTime(wall - (offsets.changes.first?.before ?? offsets.initialOffset), .regular)
        }
        if wall < change.high {
            return ResolvedTime(wall - change.before, change.after > change.before ? .skipped : .repeated)
        }
        return ResolvedTime(wall - change.after, .regular)
    }
}
