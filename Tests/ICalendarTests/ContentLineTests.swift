import Foundation
import ICalendar
import Testing

@Suite struct ContentLineTests {
    func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var result = [[UInt8]]()
        var current = [UInt8]()
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A {
                result.append(current)
                current = []
                i += 2
            } else {
                current.append(bytes[i])
                i += 1
            }
        }
        #expect(current.isEmpty, "the stream ends with CRLF")
        return result
    }

    /// Undoes folding and TEXT escaping (RFC 5545 §3.1 and §3.3.11), independently of the writer.
    func unfoldedValue(_ bytes: [UInt8]) -> String {
        var text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        text.removeLast()  // "\r\n" is one Character
        let value = text[text.index(after: text.firstIndex(of: ":")!)...]
        var out = ""
        var escaped = false
        for c in value {
            if escaped {
                out.append(c == "n" || c == "N" ? "\n" : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }

    @Test func foldsLongChineseTextAt75OctetsWithoutBreakingCharacters() {
        let title = String(repeating: "国庆节值班安排补班提醒", count: 20)  // 220 characters, 660 octets
        var writer = ContentLineWriter()
        writer.text("SUMMARY", title)
        let physical = lines(writer.bytes)
        #expect(physical.count > 9)
        for (i, line) in physical.enumerated() {
            #expect(line.count <= 75, "line \(i) has \(line.count) octets")
            #expect(String(validating: line, as: UTF8.self) != nil, "line \(i) splits a UTF-8 sequence")
            if i > 0 { #expect(line.first == 0x20) }
        }
        #expect(unfoldedValue(writer.bytes) == title)
    }

    @Test func escapesTextSoThatNothingStartsANewProperty() {
        let hostile = "a,b;c\\d\ne\r\nf\rDTSTART:19700101\u{0}g"
        var writer = ContentLineWriter()
        writer.text("SUMMARY", hostile)
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == "SUMMARY:a\\,b\\;c\\\\d\\ne\\nf\\nDTSTART:19700101g\r\n")
        #expect(lines(writer.bytes).count == 1)
        #expect(unfoldedValue(writer.bytes) == "a,b;c\\d\ne\nf\nDTSTART:19700101g")
    }

    @Test func rawValuesAndParametersCannotBreakTheLine() {
        var writer = ContentLineWriter()
        writer.line("URL", [Parameter("X-A", "x;y:\"z\"\r\nEND:VCALENDAR")], raw: "https://e.com/\r\nEND:VEVENT")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "URL;X-A=\"x;y:'z'END:VCALENDAR\":https://e.com/END:VEVENT\r\n")
    }

    @Test func durations() {
        #expect(DurationValue.text(minutes: 90) == "PT1H30M")
        #expect(DurationValue.text(minutes: 1440) == "P1D")
        #expect(DurationValue.text(minutes: 1450) == "P1DT10M")
        #expect(DurationValue.text(minutes: 0) == "PT0S")
    }

    @Test func alarmTriggers() {
        #expect(Alarm(minutesBefore: 0, description: "").trigger == "PT0S")
        #expect(Alarm(minutesBefore: 10, description: "").trigger == "-PT10M")
        #expect(Alarm(minutesBefore: 90, description: "").trigger == "-PT1H30M")
        #expect(Alarm(minutesBefore: 1440, description: "").trigger == "-P1D")
    }

    @Test func anEventWithEveryProperty() {
        let day = ICalDate(year: 2026, month: 10, day: 1)
        let event = Event(
            uid: "a@b", stamp: ICalDateTime(date: day, hour: 4, minute: 0), start: .date(day),
            end: .date(ICalDate(year: 2026, month: 10, day: 8)), summary: "国庆节", description: "第一行\n第二行",
            location: "北京", url: "https://e.com/", categories: ["休", "a,b"], transparent: true, sequence: 2,
            alarms: [Alarm(minutesBefore: 1440, description: "国庆节")])
        var writer = ContentLineWriter()
        event.write(to: &writer)
        #expect(
            String(decoding: writer.bytes, as: UTF8.self) == """
                BEGIN:VEVENT\r
                UID:a@b\r
                DTSTAMP:20261001T040000Z\r
                DTSTART;VALUE=DATE:20261001\r
                DTEND;VALUE=DATE:20261008\r
                SEQUENCE:2\r
                SUMMARY:国庆节\r
                DESCRIPTION:第一行\\n第二行\r
                LOCATION:北京\r
                URL;VALUE=URI:https://e.com/\r
                CATEGORIES:休,a\\,b\r
                TRANSP:TRANSPARENT\r
                BEGIN:VALARM\r
                ACTION:DISPLAY\r
                DESCRIPTION:国庆节\r
                TRIGGER:-P1D\r
                END:VALARM\r
                END:VEVENT\r

                """)
    }
}

@Suite struct TimeZoneComponentTests {
    func date(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    @Test func shanghaiHasOneObservance() throws {
        let zone = try #require(
            TimeZoneComponent(identifier: "Asia/Shanghai", from: date("2025-01-01T00:00:00Z"), to: date("2028-01-01T00:00:00Z")))
        #expect(zone.observances.count == 1)
        #expect(zone.observances[0].offsetTo == 8 * 3600 && !zone.observances[0].isDaylight)
    }

    func zone(_ id: String, _ from: String, _ to: String) throws -> TimeZoneComponent {
        try #require(TimeZoneComponent(identifier: id, from: date(from), to: date(to)))
    }

    /// As Outlook, Google and Apple write a zone: one STANDARD and one DAYLIGHT section with a
    /// yearly rule, starting where the rule in force began (2007 for the United States).
    @Test func newYorkIsTwoYearlyRules() throws {
        let zone = try zone("America/New_York", "2025-01-01T05:00:00Z", "2027-01-01T05:00:00Z")
        #expect(zone.observances.count == 2)
        let spring = zone.observances[0]
        #expect(spring.isDaylight && spring.offsetFrom == -5 * 3600 && spring.offsetTo == -4 * 3600)
        #expect(spring.start == ICalDateTime(date: ICalDate(year: 2007, month: 3, day: 11), hour: 2, minute: 0))
        #expect(spring.recurrence == "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU")
        let autumn = zone.observances[1]
        #expect(
            !autumn.isDaylight && autumn.start == ICalDateTime(date: ICalDate(year: 2007, month: 11, day: 4), hour: 2, minute: 0))
        #expect(autumn.recurrence == "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU")
    }

    @Test func europeUsesTheLastSunday() throws {
        let zone = try zone("Europe/Berlin", "2025-01-01T00:00:00Z", "2028-01-01T00:00:00Z")
        #expect(zone.observances.map(\.recurrence) == ["FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"])
        #expect(zone.observances[0].start.date.year == 1996 || zone.observances[0].start.date.year < 2000)
    }

    /// Over 2005–2008 the United States changed its rule: the old rule ends with an UNTIL a day
    /// after its last change, the new one goes on.
    @Test func aChangedRuleEndsWithUntil() throws {
        let zone = try zone("America/New_York", "2005-01-01T05:00:00Z", "2009-01-01T05:00:00Z")
        let rules = zone.observances.compactMap(\.recurrence)
        #expect(rules.count == 4)
        #expect(rules.contains("FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060403T070000Z"))
        #expect(rules.contains("FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061030T060000Z"))
        #expect(rules.contains("FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"))
        #expect(rules.contains("FREQ=YEARLY;BYMONTH=11;BYDAY=1SU"))
    }

    /// São Paulo has had no daylight saving time since 2019: one section, as for Shanghai.
    @Test func aZoneThatStoppedChangingHasOneSection() throws {
        let zone = try zone("America/Sao_Paulo", "2025-01-01T03:00:00Z", "2028-01-01T03:00:00Z")
        #expect(zone.observances.count == 1 && zone.observances[0].offsetTo == -3 * 3600)
        #expect(zone.observances[0].recurrence == nil)
    }

    @Test func aRuleThatStopsInsideTheRangeEnds() throws {
        let zone = try zone("America/Sao_Paulo", "2017-01-01T03:00:00Z", "2021-01-01T03:00:00Z")
        // Summer time from the third Sunday of October (to 2017; 2018 moved it to November 4),
        // standard time from the third Sunday of February until the last change, 2019-02-17.
        #expect(
            zone.observances.map { [$0.isDaylight ? "D" : "S", $0.start.value, $0.recurrence ?? "-"] } == [
                ["D", "20081019T000000", "FREQ=YEARLY;BYMONTH=10;BYDAY=3SU;UNTIL=20171016T030000Z"],
                ["S", "20160221T000000", "FREQ=YEARLY;BYMONTH=2;BYDAY=3SU;UNTIL=20190218T020000Z"],
                ["D", "20181104T000000", "-"],
            ])
    }

    @Test func anUnknownZoneIsNil() {
        #expect(
            TimeZoneComponent(
                identifier: "Mars/Olympus", from: Date(timeIntervalSince1970: 0), to: Date(timeIntervalSince1970: 1)) == nil)
    }
}

/// Wall-clock times the zone skips or repeats, placed as RFC 5545 §3.3.5 says, and exact durations.
@Suite struct ZoneOffsetsTests {
    static func offsets(_ zone: String) -> ZoneOffsets {
        ZoneOffsets(
            identifier: zone, from: Date(timeIntervalSince1970: 1_577_836_800),  // 2020-01-01
            to: Date(timeIntervalSince1970: 1_830_297_600))!  // 2028-01-01
    }
    static func at(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int) -> ICalDateTime {
        ICalDateTime(date: ICalDate(year: y, month: m, day: d), hour: h, minute: min)
    }

    @Test func newYorkSpringForwardAndFallBack() {
        let ny = Self.offsets("America/New_York")
        // 2025-03-09: 02:00 EST becomes 03:00 EDT; 02:30 does not exist and is read with the
        // offset before the change, -05:00: 07:30 UTC, 03:30 EDT.
        let gap = ny.resolve(Self.at(2025, 3, 9, 2, 30))
        #expect(gap.kind == .skipped)
        #expect(gap.utc.utcValue == "20250309T073000Z")
        #expect(ny.resolve(Self.at(2025, 3, 9, 1, 59)).kind == .regular)
        #expect(ny.resolve(Self.at(2025, 3, 9, 3, 0)).utc.utcValue == "20250309T070000Z")
        // 2025-11-02: 02:00 EDT becomes 01:00 EST; 01:30 comes twice, the first is EDT: 05:30 UTC.
        let overlap = ny.resolve(Self.at(2025, 11, 2, 1, 30))
        #expect(overlap.kind == .repeated)
        #expect(overlap.utc.utcValue == "20251102T053000Z")
        #expect(ny.resolve(Self.at(2025, 11, 2, 2, 0)).utc.utcValue == "20251102T070000Z")
        #expect(ny.resolve(Self.at(2025, 7, 1, 9, 0)).utc.utcValue == "20250701T130000Z")
        #expect(ny.resolve(Self.at(2025, 1, 1, 9, 0)).utc.utcValue == "20250101T140000Z")
    }

    @Test func chathamChangesAtQuarterPastTheHour() {
        let chatham = Self.offsets("Pacific/Chatham")
        // 2025-09-28: 02:45 +1245 becomes 03:45 +1345; 03:00 does not exist: 03:00 +1245.
        let gap = chatham.resolve(Self.at(2025, 9, 28, 3, 0))
        #expect(gap.kind == .skipped)
        #expect(gap.utc.utcValue == "20250927T141500Z")
        // 2025-04-06: 03:45 +1345 becomes 02:45 +1245; 03:00 comes twice, first at +1345.
        let overlap = chatham.resolve(Self.at(2025, 4, 6, 3, 0))
        #expect(overlap.kind == .repeated)
        #expect(overlap.utc.utcValue == "20250405T131500Z")
    }

    @Test func aZoneWithoutChangesHasOnlyRegularTimes() {
        let shanghai = Self.offsets("Asia/Shanghai")
        let time = shanghai.resolve(Self.at(2026, 3, 8, 2, 30))
        #expect(time.kind == .regular)
        #expect(time.utc.utcValue == "20260307T183000Z")
    }

    @Test func anEventMayStartAndEndInUTC() {
        let event = Event(
            uid: "a@b", stamp: Self.at(2026, 1, 1, 0, 0), start: .utc(Self.at(2025, 3, 9, 7, 30)),
            end: .utc(Self.at(2025, 3, 9, 8, 30)), summary: "x")
        var writer = ContentLineWriter()
        event.write(to: &writer)
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text.contains("DTSTART:20250309T073000Z\r\nDTEND:20250309T083000Z\r\n"))
    }
}
