import CalgenRecord

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
}
