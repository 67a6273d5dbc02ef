import CalgenRecord
import CalgenSupport
import ICalendar

/// The records as the `events` lines of a feed manifest.
extension FeedEventRecords {
    /// About how many bytes `writeJSON` writes.
    var byteEstimate: Int { count * 140 }

    /// The `events` array's lines of a feed manifest, as `FeedManifest.encoded()` writes them
    /// for `events`. Where no text needs escaping (UIDs and stamps are ASCII letters, digits and
    /// punctuation), the lines are measured first and copied into place piece by piece, with
    /// no check of capacity for each piece.
    func writeJSON(to out: inout [UInt8]) {
        guard let size = plainSize() else { return writeJSONEscaping(to: &out) }
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: size))
        let last = count - 1
        let now = Array(now.utf8)
        // The keys read once into locals: a static array read in the loop is retained and
        // released (and its initialization checked) for each event.
        let (eventOpen, sequenceKey, stampKey, digestKey) =
            (FeedManifest.eventOpen, FeedManifest.sequenceKey, FeedManifest.stampKey, FeedManifest.digestKey)
        let (eventClose, lastEventClose) = (FeedManifest.eventClose, FeedManifest.lastEventClose)
        out.withUnsafeMutableBufferPointer { buffer in
            var cursor = ByteCursor(at: buffer.baseAddress! + start)
            for i in 0..<count {
                cursor.put(eventOpen)
                cursor.put(0x22)
                _ = uids[i].utf8.withContiguousStorageIfAvailable { cursor.put($0) }
                cursor.put(0x22)
                cursor.put(sequenceKey)
                cursor.putDecimal(sequences[i])
                cursor.put(stampKey)
                cursor.put(0x22)
                if let kept = keptStamps[i] {
                    _ = kept.utf8.withContiguousStorageIfAvailable { cursor.put($0) }
                } else {
                    cursor.put(now)
                }
                cursor.put(0x22)
                cursor.put(digestKey)
                cursor.putHex(digests[i])
                cursor.put(i == last ? lastEventClose : eventClose)
            }
            precondition(cursor.pointer == buffer.baseAddress! + start + size)
        }
    }

    /// The bytes `writeJSON` writes, when every UID and stamp is in one piece and needs no
    /// escaping and no sequence is negative; else `nil`.
    private func plainSize() -> Int? {
        func plain(_ text: String) -> Int? {
            let count = text.utf8.withContiguousStorageIfAvailable { bytes in
                ByteScan.any(in: bytes, controlOr: 0x22, 0x5C, 0x22, 0x5C) ? nil : bytes.count
            }
            return count ?? nil
        }
        guard let nowCount = plain(now) else { return nil }
        let fixed =
            FeedManifest.eventOpen.count + FeedManifest.sequenceKey.count + FeedManifest.stampKey.count
            + FeedManifest.digestKey.count + FeedManifest.eventClose.count + 4 + 18
        var size = count * fixed - (count > 0 ? 1 : 0)
        for i in 0..<count {
            guard let uid = plain(uids[i]), sequences[i] >= 0 else { return nil }
            size += uid + ByteCursor.decimalCount(sequences[i])
            if let kept = keptStamps[i] {
                guard let stamp = plain(kept) else { return nil }
                size += stamp
            } else {
                size += nowCount
            }
        }
        return size
    }

    /// `writeJSON` for any texts, each escaped as JSON needs.
    func writeJSONEscaping(to out: inout [UInt8]) {
        var nowJSON = [UInt8]()
        JSON.writeString(now, to: &nowJSON)
        let (eventOpen, sequenceKey, stampKey, digestKey) =
            (FeedManifest.eventOpen, FeedManifest.sequenceKey, FeedManifest.stampKey, FeedManifest.digestKey)
        let (eventClose, lastEventClose) = (FeedManifest.eventClose, FeedManifest.lastEventClose)
        let last = count - 1
        uids.withUnsafeBufferPointer { uids in
            for i in uids.indices {
                out.append(contentsOf: eventOpen)
                JSON.writeString(uids[i], to: &out)
                out.append(contentsOf: sequenceKey)
                FeedManifest.writeDecimal(sequences[i], to: &out)
                out.append(contentsOf: stampKey)
                if let kept = keptStamps[i] { JSON.writeString(kept, to: &out) } else { out.append(contentsOf: nowJSON) }
                out.append(contentsOf: digestKey)
                DigestHex.appendQuoted(digests[i], to: &out)
                out.append(contentsOf: i == last ? lastEventClose : eventClose)
            }
        }
    }
}
