/// The manifest records of a feed's events (`FeedManifest.Event`), kept as columns: each event's
/// UID, sequence, digest as a number and its stamp only where it is not this build's. A feed has
/// hundreds of events; as `FeedManifest.Event` values each would make a string for its digest
/// (16 hex digits are one too many for a string kept in place) and hold two more.
struct FeedEventRecords: Sendable {
    /// This build's stamp, as a manifest spells it (`2026-11-27T00:00:00Z`).
    let now: String
    private(set) var uids = [String]()
    private(set) var sequences = [Int]()
    private(set) var digests = [UInt64]()
    /// An event's stamp kept from the previous build; `nil`: `now`.
    private(set) var keptStamps = [String?]()

    init(now: String, capacity: Int) {
        self.now = now
        uids.reserveCapacity(capacity)
        sequences.reserveCapacity(capacity)
        digests.reserveCapacity(capacity)
        keptStamps.reserveCapacity(capacity)
    }

    var count: Int { uids.count }

    mutating func append(uid: String, sequence: Int, keptStamp: String?, digest: UInt64) {
        uids.append(uid)
        sequences.append(sequence)
        keptStamps.append(keptStamp)
        digests.append(digest)
    }

    /// The records as `FeedManifest.Event` values.
    var events: [FeedManifest.Event] {
        uids.indices.map { i in
            FeedManifest.Event(
                uid: uids[i], sequence: sequences[i], stamp: keptStamps[i] ?? now, digest: RenderedFeed.hex(digests[i]))
        }
    }

    /// About how many bytes `writeJSON` writes.
    var byteEstimate: Int { count * 140 }

    /// The `events` array's lines of a feed manifest, as `FeedManifest.encoded()` writes them
    /// for `events`.
    func writeJSON(to out: inout [UInt8]) {
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

/// An event's 64-bit content digest in 16 lowercase hex digits, as `RenderedFeed.hex` spells it,
/// eight digits at a time.
enum DigestHex {
    /// `"0123456789abcdef"`, quotes included.
    static func appendQuoted(_ value: UInt64, to out: inout [UInt8]) {
        let (high, low) = (hexWord(UInt32(truncatingIfNeeded: value >> 32)), hexWord(UInt32(truncatingIfNeeded: value)))
        // A quote, eight digits, eight digits and a quote, put together on the stack.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 18) { block in
            let raw = UnsafeMutableRawPointer(block.baseAddress!)
            raw.storeBytes(of: UInt8(0x22), as: UInt8.self)
            raw.storeBytes(of: high.littleEndian, toByteOffset: 1, as: UInt64.self)
            raw.storeBytes(of: low.littleEndian, toByteOffset: 9, as: UInt64.self)
            raw.storeBytes(of: UInt8(0x22), toByteOffset: 17, as: UInt8.self)
            out.append(contentsOf: UnsafeBufferPointer(block))
        }
    }

    /// The eight hex digits of `value` as ASCII bytes, the first digit in the lowest byte.
    @inline(__always)
    static func hexWord(_ value: UInt32) -> UInt64 {
        var nibbles: UInt64 = 0
        for i in 0..<8 { nibbles |= UInt64((value >> UInt32(28 - 4 * i)) & 0xF) << UInt64(8 * i) }
        // Each byte a nibble: `0` + nibble, and 39 more (`a` − `0` − 10) where it is 10 or more.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let letters = ((nibbles &+ ones &* 6) >> 4) & ones
        return nibbles &+ ones &* 0x30 &+ letters &* 39
    }
}
