import CalgenCore
import ICalendar

/// A feed's bytes, with the state of each event and what changed since the previous build.
struct RenderedFeed: Sendable {
    let path: String
    let manifestPath: String
    let isPublic: Bool
    let bytes: [UInt8]
    let sha256: String
    let validThrough: CivilDate?
    let events: [FeedManifest.Event]
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
        var records = [FeedManifest.Event]()
        records.reserveCapacity(calendar.events.count)
        var added = [String]()
        var changed = [String]()
        let now = ManifestTime.iso(stamp)
        // Asked once, not for each event (each asking would copy the optional manifest).
        let hasPrevious = previous != nil
        // One pass: each event's content digest decides its stamp and sequence as it is written.
        bytes = calendar.serialized { index, digest in
            let uid = calendar.events[index].uid
            let hex = RenderedFeed.hex(digest)
            var record = FeedManifest.Event(uid: uid, sequence: 0, stamp: now, digest: hex)
            var eventStamp = stamp
            // A first build has no previous events: no UID is hashed to look for one.
            if !before.isEmpty, let old = before[uid] {
                if old.digest == hex, let kept = ManifestTime.parse(old.stamp) {
                    record.sequence = old.sequence
                    record.stamp = old.stamp
                    eventStamp = kept
                } else {
                    record.sequence = old.sequence + 1
                    changed.append(uid)
                }
            } else if hasPrevious {
                added.append(uid)
            }
            records.append(record)
            return (eventStamp, record.sequence)
        }
        path = draft.path
        manifestPath = draft.manifestPath
        isPublic = draft.isPublic
        validThrough = draft.validThrough
        sha256 = Digest.sha256(bytes)
        events = records
        self.added = previous == nil ? records.map(\.uid) : added
        self.changed = changed
        if let previous {
            let current = Set(records.map(\.uid))
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

    /// The manifest beside the feed, at site version `version`.
    func manifest(version: Int, generatedAt: String, inputs: String?) -> FeedManifest {
        FeedManifest(
            schemaVersion: FeedManifest.schemaVersion, feed: String(path.split(separator: "/").last!), inputs: inputs,
            version: version,
            sha256: sha256, size: bytes.count, generatedAt: generatedAt, validThrough: validThrough?.iso8601,
            changes: ChangeList(version: version, added: added.sorted(), changed: changed.sorted(), removed: removed.sorted()),
            events: events)
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
