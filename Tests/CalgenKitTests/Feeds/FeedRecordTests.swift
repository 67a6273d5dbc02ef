import CalgenCore
import CalgenModel
import Foundation
import ICalendar
import Testing

@testable import CalgenRecord
@testable import CalgenRender

/// A feed manifest written from `FeedEventRecords` (`RenderedFeed.manifestBytes`) against the
/// plain code: the records made into `FeedManifest.Event` values and encoded; and the pieces it
/// is written with against theirs.
@Suite struct FeedRecordTests {
    @Test func digestHexAsSpelledOneDigitAtATime() {
        var values: [UInt64] = [0, 1, 9, 10, 15, 16, 0xFFFF_FFFF, 0x1_0000_0000, .max, 0xA0B1_C2D3_E4F5_0617]
        var seed: UInt64 = 7
        for _ in 0..<2000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(seed)
        }
        for value in values {
            var out = [UInt8]()
            DigestHex.appendQuoted(value, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == "\"" + RenderedFeed.hex(value) + "\"", "\(value)")
        }
    }

    @Test func uidOrderAsStringOrder() {
        let lists: [[String]] = [
            [], ["a"], ["b", "a"], ["a", "ab", "", "abc", "aa", "b", "a"],
            ["zhang-san.standup.20261009@x", "zhang-san.standup.20261008@x", "zhang-san.holiday-2026@x", "zhang-san.b@x"],
            ["é", "e", "z", "ê", "e\u{301}"], ["Z", "a", "_", "-", "0"],
        ]
        for list in lists { #expect(UIDOrder.sorted(list) == list.sorted(), "\(list)") }
    }

    /// Records written measured and copied, and escaped where a text needs it, against the
    /// records as `FeedManifest.Event` values encoded.
    @Test func recordsAsTheirEventsEncoded() {
        let uids = ["a.b.20261009@x", "", "z\"q@x", "back\\slash", "tab\there", "用户.生日.20270101@x", "plain@x"]
        let sequences = [0, 9, 10, 99, 100, 123_456, Int.max]
        let stamps: [String?] = [nil, "2025-12-31T23:59:58Z", nil, "weird\"stamp", nil, "", nil]
        let head = FeedManifest(
            schemaVersion: 1, feed: "f.ics", inputs: nil, version: 2, sha256: "s", size: 1, generatedAt: "g",
            validThrough: nil, changes: ChangeList(version: 2, added: [], changed: [], removed: []), events: [])
        // Every prefix of the lists and every list with its odd texts left out: plain ones are
        // measured, the others escaped.
        for plainOnly in [false, true] {
            for n in 0...uids.count {
                var records = FeedEventRecords(now: "2026-11-27T00:00:00Z", capacity: n)
                for i in 0..<n where !plainOnly || [0, 5, 6].contains(i) {
                    records.append(
                        uid: uids[i], sequence: sequences[i], keptStamp: plainOnly ? nil : stamps[i],
                        digest: UInt64(i) &* 0x9E37_79B9_7F4A_7C15)
                }
                var manifest = head
                manifest.events = records.events
                let fast = head.encoded(eventBytes: records.byteEstimate, writingEvents: records.writeJSON)
                #expect(fast == manifest.encoded(), "\(n) \(plainOnly)")
            }
        }
    }

    @Test func manifestBytesAsTheManifestEncoded() throws {
        let site = try BundledModel.site()
        let now = Date(timeIntervalSince1970: 1_795_233_600)
        let feeds = FeedSet(
            site: site, today: CivilDate(year: 2026, month: 11, day: 21)!, generatedAt: now,
            secret: try FeedSecret("test-secret-0123456789abcdef0123"))
        let renderer = feeds.renderer
        let notes = NoteIndex(notes: site.allNotes)
        #expect(!site.subscribers.isEmpty)
        for subscriber in site.subscribers {
            let horizon = renderer.horizon(of: subscriber.summary)
            let schedule = ReminderSchedule(calendar: site.calendar, first: horizon.first, last: horizon.last)
            let draft = try renderer.personalFeed(
                subscriber, schedule: schedule, horizon: horizon,
                notes: notes.addressed(to: subscriber.audiences, from: horizon.first, through: horizon.last),
                zones: ZoneCache())
            let first = RenderedFeed(draft: draft, previous: nil, stamp: renderer.stamp)
            FeedRecordTests.expectSameManifests(first, inputs: nil)
            // Against a previous manifest: one event changed, one kept with an older stamp, one
            // new, one removed.
            var previous = first.manifest(version: 3, generatedAt: "2026-01-01T00:00:00Z", inputs: "abc")
            guard previous.events.count >= 3 else { continue }
            previous.events[0].digest = "0000000000000000"
            previous.events[0].sequence = 4
            previous.events[1].stamp = "2025-12-31T23:59:58Z"
            previous.events[1].sequence = 2
            previous.events.remove(at: 2)
            previous.events.append(FeedManifest.Event(uid: "gone@x", sequence: 0, stamp: "2025-01-01T00:00:00Z", digest: "1"))
            let second = RenderedFeed(draft: draft, previous: previous, stamp: renderer.stamp)
            #expect(second.changed.count == 1 && second.added.count == 1 && second.removed == ["gone@x"])
            FeedRecordTests.expectSameManifests(second, inputs: "def")
        }
    }

    private static func expectSameManifests(_ feed: RenderedFeed, inputs: String?) {
        let fast = feed.manifestBytes(version: 4, generatedAt: "2026-11-27T00:00:00Z", inputs: inputs)
        let plain = feed.manifest(version: 4, generatedAt: "2026-11-27T00:00:00Z", inputs: inputs).encoded()
        #expect(fast == plain, "\(feed.path)")
    }
}
