import CalgenCore
import CalgenRecord
import CalgenSupport
import ICalendar

/// A feed's bytes, with the state of each event and what changed since the previous build.
struct RenderedFeed: Sendable {
    let path: String
    let manifestPath: String
    let isPublic: Bool
    let bytes: [UInt8]
    let sha256: String
    let validThrough: CivilDate?
    /// Each event's record for the manifest.
    let records: FeedEventRecords
    /// UIDs added, changed (same UID, other content) and removed since the previous build.
    let added: [String]
    let changed: [String]
    let removed: [String]

    /// Stamps and sequences the draft's events: unchanged events keep the previous stamp and
    /// sequence; changed ones get `stamp` and the next sequence; new ones `stamp` and 0.
    init(draft: FeedDraft, previous: FeedManifest?, stamp: ICalDateTime) {
        var before = [String: FeedManifest.Event]()
        for event in previous?.events ?? [] { before[event.uid] = event }
        let calendar = draft.calendar
        var records = FeedEventRecords(now: ManifestTime.iso(stamp), capacity: calendar.events.count)
        var added = [String]()
        var changed = [String]()
        // Asked once, not for each event (each asking would copy the optional manifest).
        let hasPrevious = previous != nil
        // One pass: each event's content digest decides its stamp and sequence as it is written.
        bytes = calendar.events.withUnsafeBufferPointer { events in
            calendar.serialized { index, digest in
                let uid = events[index].uid
                var (sequence, keptStamp, eventStamp) = (0, String?.none, stamp)
                // A first build has no previous events: no UID is hashed to look for one.
                if !before.isEmpty, let old = before[uid] {
                    if old.digest == RenderedFeed.hex(digest), let kept = ManifestTime.parse(old.stamp) {
                        (sequence, keptStamp, eventStamp) = (old.sequence, old.stamp, kept)
                    } else {
                        sequence = old.sequence + 1
                        changed.append(uid)
                    }
                } else if hasPrevious {
                    added.append(uid)
                }
                records.append(uid: uid, sequence: sequence, keptStamp: keptStamp, digest: digest)
                return (eventStamp, sequence)
            }
        }
        path = draft.path
        manifestPath = draft.manifestPath
        isPublic = draft.isPublic
        validThrough = draft.validThrough
        sha256 = Digest.sha256(bytes)
        self.records = records
        self.added = previous == nil ? records.uids : added
        self.changed = changed
        if let previous {
            let current = Set(records.uids)
            removed = previous.events.map(\.uid).filter { !current.contains($0) }
        } else {
            removed = []
        }
    }

    /// 16 lowercase hex digits.
    static func hex(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            for i in 0..<16 {
                let nibble = UInt8((value >> UInt64(60 - 4 * i)) & 0xF)
                // 0–9, then a–f (0x57 + 10 is "a"), as Digest.hex spells a nibble.
                buffer[i] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
            }
            return 16
        }
    }

    /// The manifest beside the feed, at site version `version`: `manifestBytes` as a value.
    func manifest(version: Int, generatedAt: String, inputs: String?) -> FeedManifest {
        var manifest = manifestHead(version: version, generatedAt: generatedAt, inputs: inputs)
        manifest.events = records.events
        return manifest
    }

    /// The bytes of the manifest beside the feed, at site version `version`: those of
    /// `manifest(version:generatedAt:inputs:)`'s `encoded()`, written from the records.
    func manifestBytes(version: Int, generatedAt: String, inputs: String?) -> [UInt8] {
        manifestHead(version: version, generatedAt: generatedAt, inputs: inputs).encoded(
            eventBytes: records.byteEstimate, writingEvents: records.writeJSON)
    }

    /// The manifest without its events.
    private func manifestHead(version: Int, generatedAt: String, inputs: String?) -> FeedManifest {
        FeedManifest(
            schemaVersion: FeedManifest.schemaVersion, feed: String(path.split(separator: "/").last!), inputs: inputs,
            version: version,
            sha256: sha256, size: bytes.count, generatedAt: generatedAt, validThrough: validThrough?.iso8601,
            changes: ChangeList(
                version: version, added: UIDOrder.sorted(added), changed: UIDOrder.sorted(changed),
                removed: UIDOrder.sorted(removed)),
            events: [])
    }
}

/// Event stamps in feed manifests: an event's `DTSTAMP` in the manifest's time format.
extension ManifestTime {
    static func iso(_ t: ICalDateTime) -> String {
        iso(year: t.date.year, month: t.date.month, day: t.date.day, hour: t.hour, minute: t.minute, second: t.second)
    }

    static func parse(_ text: String) -> ICalDateTime? {
        let u = Array(text.utf8)
        guard u.count == 20, u[4] == 0x2D, u[7] == 0x2D, u[10] == 0x54, u[13] == 0x3A, u[16] == 0x3A, u[19] == 0x5A else {
            return nil
        }
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: u[range], as: UTF8.self)) }
        guard let y = number(0..<4), let mo = number(5..<7), let d = number(8..<10), let h = number(11..<13),
            let mi = number(14..<16), let s = number(17..<19)
        else { return nil }
        return ICalDateTime(date: ICalDate(year: y, month: mo, day: d), hour: h, minute: mi, second: s)
    }
}
