import CalgenSupport
import ICalendar

/// One event of the source feed as `calgen sync` writes it: a calendar resource of its own.
package struct SyncEvent: Hashable, Sendable {
    package let uid: String
    package let sequence: Int
    /// SHA-256 of the event's content lines without DTSTAMP: what a change is judged by.
    package let digest: String
    /// The resource's bytes: VCALENDAR, the time zones the event names, the event.
    package let calendar: [UInt8]

    package init(uid: String, sequence: Int, digest: String, calendar: [UInt8]) {
        self.uid = uid
        self.sequence = sequence
        self.digest = digest
        self.calendar = calendar
    }

    /// The events of a feed, one resource each; throws when the feed cannot be split.
    package static func events(ofFeed bytes: [UInt8]) throws(CalendarSplitter.Failure) -> [SyncEvent] {
        try CalendarSplitter.split(bytes).map {
            SyncEvent(
                uid: $0.uid, sequence: $0.sequence, digest: Digest.sha256(Array($0.contentLines.joined(separator: "\n").utf8)),
                calendar: $0.calendar)
        }
    }
}

/// What `calgen sync` remembers of a collection between runs: for each UID it wrote, the
/// resource, its last ETag, SEQUENCE and content digest; and which source it last synced.
package struct SyncState: Codable, Equatable, Sendable {
    package struct Entry: Codable, Equatable, Sendable {
        /// The resource's name in the collection (`calgen-….ics`).
        package var name: String
        /// The ETag the server gave when calgen last wrote it; `nil` when it gave none.
        package var etag: String?
        package var sequence: Int
        package var digest: String
        /// Written ahead of a PUT that may or may not have reached the server (a sync killed
        /// before it saved the answer): the resource, if the calendar has it, is calgen's, in
        /// whatever version; `nil` once the server's answer was saved.
        package var pending: Bool?

        package init(name: String, etag: String?, sequence: Int, digest: String, pending: Bool? = nil) {
            self.name = name
            self.etag = etag
            self.sequence = sequence
            self.digest = digest
            self.pending = pending
        }

        /// Whether a PUT of the resource was sent, or about to be, without its answer saved.
        package var isPending: Bool { pending == true }
    }

    /// The format of the file.
    package var format = 1
    /// The collection the state is about: another collection starts from an empty state.
    package var collection: String
    /// The version of the source feed's manifest when it was last synced, if it had one.
    package var sourceVersion: Int?
    /// SHA-256 of the source feed's bytes when it was last synced.
    package var sourceDigest: String?
    /// By UID.
    package var events: [String: Entry]
    /// The collection's tags after the last sync that completed: when they have not moved and
    /// the source is the same, a run reads them and sends nothing else.
    package var tags: CollectionTags?
    /// `--to` and the calendar's name when the collection was found from a server's URL: a run
    /// with the same asks goes to ``collection`` without looking again.
    package var target: String?
    /// The `ETag` and `Last-Modified` of a source downloaded from a URL, for a conditional GET.
    package var sourceETag: String?
    package var sourceLastModified: String?

    package init(collection: String, sourceVersion: Int? = nil, sourceDigest: String? = nil, events: [String: Entry] = [:]) {
        self.collection = collection
        self.sourceVersion = sourceVersion
        self.sourceDigest = sourceDigest
        self.events = events
    }
}

extension SyncState {
    /// What ``sourceDigest`` holds: SHA-256 of the source feed's bytes.
    package static func digest(ofSource bytes: [UInt8]) -> String { Digest.sha256(bytes) }

    /// Whether a run may stop after reading the collection's tags: the source is the one last
    /// synced in full (same digest and manifest version) and the state knows the collection's
    /// tags from then. The run then asks the server for the tags only (``CollectionTags/unchanged(since:)``).
    package func mayBeUnchanged(sourceDigest: String?, sourceVersion: Int?) -> Bool {
        guard let tags, !tags.isEmpty, let saved = self.sourceDigest else { return false }
        return saved == sourceDigest && self.sourceVersion == sourceVersion
    }
}

/// What to do with an event that was edited or deleted in the calendar by its owner.
package enum SyncPolicy: Sendable {
    /// calgen's version wins: an edited event is overwritten, a deleted one written again.
    case calgenWins
    /// The owner's edit is kept (`--keep-edited`): the event is left as it is in the calendar.
    case keepEdited
}

/// One write the sync sends.
package struct SyncRequest: Hashable, Sendable {
    package enum Kind: String, Sendable {
        /// `adopt`: a PUT over a resource calgen did not make that holds the event's UID (`--adopt`).
        case add, change, delete, adopt
    }

    /// When the server may apply the write (RFC 7232).
    package enum Precondition: Hashable, Sendable {
        /// `If-None-Match: *`: only if the resource does not exist.
        case absent
        /// `If-Match: <etag>`: only if the resource is still what calgen last saw.
        case matches(String)
        /// No condition: calgen knows no ETag of the resource (the server gave none).
        case unconditional
    }

    package let kind: Kind
    package let uid: String
    package let name: String
    package let precondition: Precondition
    /// The event for a PUT; `nil` for a DELETE.
    package let event: SyncEvent?
}

/// The writes that bring a collection to the source feed: pure, from the feed's events, the state
/// and optionally the collection's listing (resource name → ETag). Only resources calgen created
/// are ever written or deleted: those in the state, and, when the state is lost, those named as
/// calgen names the source's events.
package struct SyncPlan: Sendable {
    package var requests: [SyncRequest] = []
    /// Events the same in the source and in the calendar.
    package var unchanged = 0
    /// What was left alone on purpose, one line each (an owner's edit kept, a resource named
    /// like calgen's that the state does not know).
    package var kept: [String] = []
    /// UIDs of the state that need no request and leave it: gone from the calendar already, or
    /// gone from the source and kept as the owner edited them.
    package var forgotten: [String] = []
    /// ETags to save for events left unwritten whose content was found as calgen wrote it
    /// (by UID): the listing's, so that a server whose ETag only moved once is believed again.
    package var refreshed: [String: String] = [:]
    /// Why content was compared instead of ETags, for the run to say.
    package var contentChecks = ContentCheckReasons()

    package func count(_ kind: SyncRequest.Kind) -> Int { requests.count { $0.kind == kind } }

    /// Whether the plan deletes most of what calgen wrote: more than half the events of `state`,
    /// and more than `few` of them (any at all when the source has none). A feed cut short by a
    /// failed build or a wrong path looks like that; `calgen sync` then asks for
    /// `--allow-deletions` instead of emptying the calendar.
    package func deletesMost(of state: SyncState, sourceEvents: Int, few: Int = 20) -> Bool {
        let deletes = count(.delete)
        guard deletes > 0 else { return false }
        if sourceEvents == 0 { return true }
        return deletes > few && deletes * 2 > state.events.count
    }

    /// The events of `events` against `state`, and against `listing` when the collection was read.
    /// `adopted` names, by UID, resources of the collection calgen did not make that hold a
    /// source event (imported from the feed once): each is written in place (`--adopt`) instead
    /// of a new resource beside it. `checked` holds, by resource name, what a GET found of the
    /// resources ``resourcesToCheck(state:listing:)`` names: one found as calgen last wrote it is
    /// no owner's edit whatever its ETag says, and one listed without an ETag is there.
    package init(
        events: [SyncEvent], state: SyncState, listing: [String: String]?, policy: SyncPolicy, adopted: [String: String] = [:],
        checked: [String: ContentCheck] = [:]
    ) {
        for (name, check) in checked.sorted(by: { $0.key < $1.key }) {
            if listing?[name] == nil {
                contentChecks.withoutETag.append(name)
            } else if check.unchanged {
                contentChecks.unstable.append(name)
            }
        }
        var sourceNames = Set<String>()
        for event in events {
            let entry = state.events[event.uid]
            let name = entry?.name ?? SyncPlan.resourceName(uid: event.uid)
            sourceNames.insert(name)
            if let entry, entry.isPending {
                // A PUT of a killed sync: the resource, when listed, is calgen's in an unknown
                // version (never an owner's edit), and is written again; when not listed, made.
                if let listed = listing?[name] {
                    requests.append(
                        SyncRequest(kind: .change, uid: event.uid, name: name, precondition: .matches(listed), event: event))
                } else {
                    requests.append(
                        SyncRequest(
                            kind: listing == nil ? .change : .add, uid: event.uid, name: name,
                            precondition: listing == nil ? .unconditional : .absent, event: event))
                }
                continue
            }
            guard let entry else {
                if let holder = adopted[event.uid], let etag = listing?[holder], listing?[name] == nil {
                    sourceNames.insert(holder)
                    requests.append(
                        SyncRequest(kind: .adopt, uid: event.uid, name: holder, precondition: .matches(etag), event: event))
                } else if let etag = listing?[name] {
                    // The state was lost and the resource is calgen's: written again, not twice.
                    requests.append(
                        SyncRequest(kind: .change, uid: event.uid, name: name, precondition: .matches(etag), event: event))
                } else {
                    requests.append(SyncRequest(kind: .add, uid: event.uid, name: name, precondition: .absent, event: event))
                }
                continue
            }
            var etag = entry.etag
            if listing != nil, let check = checked[name] {
                // The content tells what the ETag could not.
                if check.unchanged {
                    if let listed = listing?[name] { refreshed[event.uid] = listed }
                } else if policy == .keepEdited {
                    kept.append("\(event.uid): edited in the calendar, kept (--keep-edited)")
                    continue
                } else {
                    requests.append(
                        SyncRequest(
                            kind: .change, uid: event.uid, name: name,
                            precondition: (check.etag ?? listing?[name]).map { .matches($0) } ?? .unconditional,
                            event: event))
                    continue
                }
                etag = check.etag ?? listing?[name]
            } else if let listing {
                guard let listed = listing[name] else {
                    switch policy {
                    case .calgenWins:
                        requests.append(SyncRequest(kind: .add, uid: event.uid, name: name, precondition: .absent, event: event))
                    case .keepEdited:
                        kept.append("\(event.uid): deleted in the calendar, not written again (--keep-edited)")
                    }
                    continue
                }
                if let known = entry.etag, known != listed {
                    switch policy {
                    case .calgenWins:
                        requests.append(
                            SyncRequest(kind: .change, uid: event.uid, name: name, precondition: .matches(listed), event: event))
                    case .keepEdited:
                        kept.append("\(event.uid): edited in the calendar, kept (--keep-edited)")
                    }
                    continue
                }
                etag = listed
            }
            if entry.digest != event.digest || entry.sequence != event.sequence {
                requests.append(
                    SyncRequest(
                        kind: .change, uid: event.uid, name: name, precondition: etag.map { .matches($0) } ?? .unconditional,
                        event: event))
            } else {
                unchanged += 1
            }
        }
        let sourceUIDs = Set(events.map(\.uid))
        for (uid, entry) in state.events.sorted(by: { $0.key < $1.key }) where !sourceUIDs.contains(uid) {
            var etag = entry.etag
            if listing != nil, let check = checked[entry.name] {
                if !check.unchanged, policy == .keepEdited {
                    kept.append("\(uid): gone from the source but edited in the calendar, kept (--keep-edited)")
                    forgotten.append(uid)
                    continue
                }
                etag = check.etag ?? listing?[entry.name]
            } else if let listing {
                guard let listed = listing[entry.name] else {
                    // Already gone from the calendar (or a pending PUT that never reached it).
                    forgotten.append(uid)
                    continue
                }
                if let known = entry.etag, known != listed, policy == .keepEdited, !entry.isPending {
                    kept.append("\(uid): gone from the source but edited in the calendar, kept (--keep-edited)")
                    forgotten.append(uid)
                    continue
                }
                etag = listed
            }
            requests.append(
                SyncRequest(
                    kind: .delete, uid: uid, name: entry.name, precondition: etag.map { .matches($0) } ?? .unconditional,
                    event: nil))
        }
        if let listing {
            let stateNames = Set(state.events.values.map(\.name))
            for name in listing.keys.sorted()
            where name.hasPrefix(SyncPlan.resourcePrefix) && !stateNames.contains(name) && !sourceNames.contains(name) {
                kept.append("\(name): named like calgen's resources but not in the sync state, left alone")
            }
        }
    }

    /// What every resource calgen creates is named with.
    package static let resourcePrefix = "calgen-"

    /// The resource name of an event: `calgen-` and the UID with every byte but letters, digits,
    /// `.` and `-` written `_XX` (hex), then `.ics`: one name per UID, safe in a URL path.
    package static func resourceName(uid: String) -> String {
        var name = resourcePrefix
        let digits = Array("0123456789ABCDEF")
        for byte in uid.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "."), UInt8(ascii: "-"):
                name.append(Character(UnicodeScalar(byte)))
            default:
                name.append("_")
                name.append(digits[Int(byte >> 4)])
                name.append(digits[Int(byte & 0x0F)])
            }
        }
        // Names stay short enough for any server's file system: a long UID is named by its digest.
        if name.utf8.count > 200 { name = resourcePrefix + Digest.sha256(Array(uid.utf8)) }
        return name + ".ics"
    }
}

extension SyncPolicy {
    /// What follows a 412 (the resource is not what calgen last saw, or exists when calgen
    /// meant to create it).
    package enum AfterConflict: Equatable, Sendable {
        /// Read the resource's current ETag and send the write again on it, once.
        case refetchAndRetry
        /// Leave the calendar's version, and say so.
        case keep(String)
    }

    package func afterPreconditionFailed(_ request: SyncRequest) -> AfterConflict {
        switch self {
        case .calgenWins: return .refetchAndRetry
        case .keepEdited:
            return .keep(
                request.kind == .delete
                    ? "\(request.uid): gone from the source but changed in the calendar, kept (--keep-edited)"
                    : "\(request.uid): changed in the calendar, kept (--keep-edited)")
        }
    }
}
