import CalgenSupport
import ICalendar

/// A resource of the collection as a GET read it.
package struct ResourceRead: Equatable, Sendable {
    /// The ETag the GET gave; `nil` when the server gives none.
    package let etag: String?
    package let body: [UInt8]

    package init(etag: String?, body: [UInt8]) {
        self.etag = etag
        self.body = body
    }
}

/// What a GET found of a resource calgen wrote whose listing could not say whether it changed
/// since: listed with another ETag than calgen saved, without any ETag, or twice with different
/// ones. Its content, DTSTAMP aside, is compared with what calgen last wrote.
package struct ContentCheck: Equatable, Sendable {
    /// Whether the resource holds what calgen last wrote.
    package let unchanged: Bool
    /// The ETag the GET gave, if any: what a write of it is conditioned on.
    package let etag: String?

    package init(unchanged: Bool, etag: String?) {
        self.unchanged = unchanged
        self.etag = etag
    }

    /// The check of `read` against the state's `entry` (the event of `uid` calgen last wrote).
    package init(_ read: ResourceRead, uid: String, entry: SyncState.Entry) {
        unchanged = SyncEvent.digest(ofResource: read.body, uid: uid) == entry.digest
        etag = read.etag
    }
}

/// Why the content of resources was compared: what `calgen sync` says of the server.
package struct ContentCheckReasons: Equatable, Sendable {
    /// Resources listed with another ETag than calgen saved, or twice, that hold what calgen
    /// wrote: the server's ETags are unstable (they moved without a change).
    package var unstable: [String] = []
    /// Resources listed without an ETag.
    package var withoutETag: [String] = []

    package init() {}
}

extension SyncEvent {
    /// The digest, as ``SyncEvent/digest`` is made, of the event `uid` of a calendar resource as
    /// the server stores it; `nil` when the resource cannot be split or does not hold that event.
    package static func digest(ofResource bytes: [UInt8], uid: String) -> String? {
        guard let resources = try? CalendarSplitter.split(bytes), resources.count == 1, let event = resources.first,
            event.uid == uid
        else { return nil }
        return Digest.sha256(Array(event.contentLines.joined(separator: "\n").utf8))
    }
}

extension SyncPlan {
    /// The resources of `state` whose content must be read before the plan can say whether they
    /// were edited in the calendar: listed with another ETag than the state saved (an edit, or a
    /// server whose ETags move by themselves), without an ETag (the server gives none), or
    /// twice with different ETags. A pending write is not among them: it is sent again anyway.
    package static func resourcesToCheck(state: SyncState, listing: CollectionListing) -> [String] {
        var names: [String] = []
        for entry in state.events.values where !entry.isPending {
            if let listed = listing.etags[entry.name] {
                if listing.listedTwice.contains(entry.name) || entry.etag != listed { names.append(entry.name) }
            } else if listing.withoutETag.contains(entry.name) {
                names.append(entry.name)
            }
        }
        return names.sorted()
    }
}
