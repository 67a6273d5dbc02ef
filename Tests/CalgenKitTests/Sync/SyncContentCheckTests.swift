import Testing

@testable import CalgenSync

/// Servers whose ETags say nothing true: they change on every read, a PUT's is never listed, a
/// resource is listed twice, or there are none. calgen reads the content of what the listing
/// cannot vouch for and compares it with what it wrote: no endless rewrites, no frozen
/// `--keep-edited`, no 412 on every run.
@Suite struct SyncContentCheckTests {
    static let a = "a@calendar.example.com"
    static let nameA = SyncPlan.resourceName(uid: a)

    /// A state with every event of `events` written as `etag`.
    static func state(_ events: [SyncEvent], etag: String? = "\"1\"") -> SyncState {
        var state = SyncState(collection: "c")
        for event in events {
            state.events[event.uid] = SyncState.Entry(
                name: SyncPlan.resourceName(uid: event.uid), etag: etag, sequence: event.sequence, digest: event.digest)
        }
        return state
    }

    @Test func theDigestOfAStoredResourceIsTheEventsOwn() throws {
        let events = try SyncPlanTests.events(SyncPlanTests.three)
        for event in events {
            #expect(SyncEvent.digest(ofResource: event.calendar, uid: event.uid) == event.digest)
        }
        #expect(SyncEvent.digest(ofResource: events[0].calendar, uid: "other") == nil)
        #expect(SyncEvent.digest(ofResource: Array("edited".utf8), uid: Self.a) == nil)
        // Folded otherwise and stamped later, it is the same event.
        let text = String(decoding: events[1].calendar, as: UTF8.self).replacingOccurrences(
            of: "SUMMARY:补班", with: "SUMM\r\n ARY:补班"
        )
        .replacingOccurrences(of: "DTSTAMP:20261121T040000Z", with: "DTSTAMP:20300101T000000Z")
        #expect(SyncEvent.digest(ofResource: Array(text.utf8), uid: events[1].uid) == events[1].digest)
    }

    @Test func theResourcesToCheckAreThoseTheListingCannotVouchFor() throws {
        let events = try SyncPlanTests.events(SyncPlanTests.three)
        var state = Self.state(events)
        let names = events.map { SyncPlan.resourceName(uid: $0.uid) }
        var listing = CollectionListing(etags: [names[0]: "\"1\"", names[1]: "\"2\"", "foreign.ics": "\"9\""])
        listing.withoutETag = [names[2]]
        #expect(SyncPlan.resourcesToCheck(state: state, listing: listing) == [names[1], names[2]].sorted())
        listing.listedTwice = [names[0]]
        #expect(SyncPlan.resourcesToCheck(state: state, listing: listing) == names.sorted())
        // A pending write is sent again anyway; one not listed at all is gone.
        state.events[events[1].uid]?.pending = true
        listing.withoutETag = []
        #expect(SyncPlan.resourcesToCheck(state: state, listing: listing) == [names[0]])
    }

    @Test func anETagThatMovedWithoutAChangeIsNoEdit() throws {
        let events = try SyncPlanTests.events(SyncPlanTests.three)
        let state = Self.state(events)
        let listing = Dictionary(uniqueKeysWithValues: events.map { (SyncPlan.resourceName(uid: $0.uid), "\"moved\"") })
        let checked = listing.mapValues { _ in ContentCheck(unchanged: true, etag: "\"read\"") }
        for policy in [SyncPolicy.calgenWins, .keepEdited] {
            let plan = SyncPlan(events: events, state: state, listing: listing, policy: policy, checked: checked)
            #expect(plan.requests.isEmpty && plan.kept.isEmpty && plan.unchanged == 3)
            // The listing's ETag is saved: a server whose ETag moved once is believed again.
            #expect(plan.refreshed == Dictionary(uniqueKeysWithValues: events.map { ($0.uid, "\"moved\"") }))
            #expect(plan.contentChecks.unstable == listing.keys.sorted() && plan.contentChecks.withoutETag.isEmpty)
        }
    }

    @Test func aLaterFeedChangeIsAppliedUnderKeepEditedOnTheETagRead() throws {
        let events = try SyncPlanTests.events(SyncPlanTests.three)
        var changed = SyncPlanTests.three
        changed[0].1 = "上班（提前）"
        let plan = SyncPlan(
            events: try SyncPlanTests.events(changed), state: Self.state(events), listing: [Self.nameA: "\"moved\""],
            policy: .keepEdited, checked: [Self.nameA: ContentCheck(unchanged: true, etag: "\"read\"")])
        let change = plan.requests.first { $0.uid == Self.a }
        #expect(change?.kind == .change && change?.precondition == .matches("\"read\""))
        #expect(!plan.kept.contains { $0.hasPrefix(Self.a) })
    }

    @Test func anEditTheContentShowsIsKeptOrOverwrittenAsThePolicySays() throws {
        let events = try SyncPlanTests.events(SyncPlanTests.three)
        let state = Self.state(events)
        let listing = [Self.nameA: "\"edited\""]
        let checked = [Self.nameA: ContentCheck(unchanged: false, etag: "\"edited\"")]
        let kept = SyncPlan(events: events, state: state, listing: listing, policy: .keepEdited, checked: checked)
        #expect(kept.kept.contains("\(Self.a): edited in the calendar, kept (--keep-edited)"))
        #expect(!kept.requests.contains { $0.uid == Self.a } && kept.contentChecks.unstable.isEmpty)
        let wins = SyncPlan(events: events, state: state, listing: listing, policy: .calgenWins, checked: checked)
        #expect(wins.requests.first { $0.uid == Self.a }?.precondition == .matches("\"edited\""))
        // Gone from the source: an edit kept, an untouched one deleted.
        let gone = SyncPlan(events: [], state: state, listing: listing, policy: .keepEdited, checked: checked)
        #expect(gone.forgotten.contains(Self.a) && !gone.requests.contains { $0.uid == Self.a })
        // Gone from the source and untouched: deleted, on the listing's ETag when the GET gave none.
        let untouched = SyncPlan(
            events: [], state: state, listing: listing, policy: .keepEdited,
            checked: [Self.nameA: ContentCheck(unchanged: true, etag: nil)])
        let delete = untouched.requests.first { $0.uid == Self.a }
        #expect(delete?.kind == .delete && delete?.precondition == .matches("\"edited\""))
        let bare = SyncPlan(
            events: [], state: state, listing: [:], policy: .keepEdited,
            checked: [Self.nameA: ContentCheck(unchanged: true, etag: nil)])
        let unconditional = bare.requests.first { $0.uid == Self.a }
        #expect(unconditional?.kind == .delete && unconditional?.precondition == .unconditional)
    }

    @Test func withoutETagsTheContentDecidesAndWritesAreUnconditional() throws {
        let events = try SyncPlanTests.events(SyncPlanTests.three)
        let state = Self.state(events, etag: nil)
        let checked = Dictionary(
            uniqueKeysWithValues: events.map { (SyncPlan.resourceName(uid: $0.uid), ContentCheck(unchanged: true, etag: nil)) })
        let same = SyncPlan(events: events, state: state, listing: [:], policy: .keepEdited, checked: checked)
        #expect(same.requests.isEmpty && same.unchanged == 3 && same.refreshed.isEmpty)
        #expect(same.contentChecks.withoutETag == checked.keys.sorted() && same.contentChecks.unstable.isEmpty)
        var changed = SyncPlanTests.three
        changed[0].1 = "上班（提前）"
        let next = SyncPlan(
            events: try SyncPlanTests.events(changed), state: state, listing: [:], policy: .keepEdited, checked: checked)
        #expect(next.requests.map(\.kind) == [.change] && next.requests[0].precondition == .unconditional)
    }

    /// The whole round as `calgen sync` makes it, against servers in memory that misbehave.
    @Test(arguments: [ETagServer.Mode.changesOnRead, .putETagNeverListed, .listedTwice, .none])
    func aSecondRunWritesNothingAndAFeedChangeStillGoesThrough(mode: ETagServer.Mode) throws {
        let server = ETagServer(mode: mode)
        let events = try SyncPlanTests.events(SyncPlanTests.three)
        let first = try Self.round(events, state: SyncState(collection: "c"), server: server, policy: .keepEdited)
        #expect(first.run.added == 3 && first.run.failed.isEmpty && server.writes == 3)
        var state = first.run.state
        for _ in 0..<2 {
            let again = try Self.round(events, state: state, server: server, policy: .keepEdited)
            #expect(again.plan.requests.isEmpty && again.plan.kept.isEmpty && again.run.failed.isEmpty, "\(mode)")
            state = again.run.state
        }
        #expect(server.writes == 3)
        var changed = SyncPlanTests.three
        changed[0].1 = "上班（提前）"
        let later = try Self.round(try SyncPlanTests.events(changed), state: state, server: server, policy: .keepEdited)
        #expect(later.run.changed == 1 && later.run.kept.isEmpty && later.run.failed.isEmpty, "\(mode)")
        #expect(String(decoding: server.bodies[Self.nameA] ?? [], as: UTF8.self).contains("上班（提前）"))
        // An owner's edit is still one.
        server.edit(Self.nameA)
        let edited = try Self.round(
            try SyncPlanTests.events(changed), state: later.run.state, server: server, policy: .keepEdited)
        #expect(edited.plan.kept == ["\(Self.a): edited in the calendar, kept (--keep-edited)"], "\(mode)")
        let restored = try Self.round(
            try SyncPlanTests.events(changed), state: later.run.state, server: server, policy: .calgenWins)
        #expect(restored.run.changed == 1 && restored.run.failed.isEmpty, "\(mode)")
    }

    @Test func aLostStateOnAServerWithoutETagsIsWrittenWithoutCondition() throws {
        let server = ETagServer(mode: .none)
        let events = try SyncPlanTests.events(SyncPlanTests.three)
        _ = try Self.round(events, state: SyncState(collection: "c"), server: server, policy: .calgenWins)
        // The state lost: the PUTs If-None-Match fail, the GET finds the resource with no ETag.
        let again = try Self.round(events, state: SyncState(collection: "c"), server: server, policy: .calgenWins)
        #expect(again.run.failed.isEmpty && again.run.added == 3 && server.resources == 3)
    }

    /// Lists, reads what the listing cannot vouch for, plans and runs, as `calgen sync` does.
    static func round(_ events: [SyncEvent], state: SyncState, server: ETagServer, policy: SyncPolicy) throws -> (
        plan: SyncPlan, run: SyncRun
    ) {
        let listing = server.collectionListing()
        var checked: [String: ContentCheck] = [:]
        for name in SyncPlan.resourcesToCheck(state: state, listing: listing) {
            guard let read = try server.read(name), let (uid, entry) = state.events.first(where: { $0.value.name == name })
            else { continue }
            checked[name] = ContentCheck(read, uid: uid, entry: entry)
        }
        let plan = SyncPlan(events: events, state: state, listing: listing.etags, policy: policy, checked: checked)
        return (plan, try SyncRun(plan: plan, state: state, collection: server, policy: policy))
    }
}

/// A collection in memory whose ETags misbehave as `mode` says. Used from one thread at a time.
final class ETagServer: CalDAVCollection, @unchecked Sendable {
    enum Mode: Sendable {
        /// Every listing and GET hands out a new ETag, which is the one If-Match then takes.
        case changesOnRead
        /// A PUT answers with an ETag no listing or GET ever shows.
        case putETagNeverListed
        /// Each resource is listed twice: with an old ETag first, then its own.
        case listedTwice
        /// No ETag anywhere; If-Match never matches, If-None-Match: * does as it should.
        case none
    }

    let mode: Mode
    private(set) var bodies: [String: [UInt8]] = [:]
    private var etags: [String: String] = [:]
    private var counter = 0
    var writes = 0
    var resources: Int { bodies.count }

    init(mode: Mode) { self.mode = mode }

    private func fresh() -> String {
        counter += 1
        return "\"e\(counter)\""
    }

    func edit(_ name: String) {
        bodies[name] = Array(
            String(decoding: bodies[name] ?? [], as: UTF8.self).replacingOccurrences(of: "SUMMARY:", with: "SUMMARY:mine ").utf8)
        etags[name] = fresh()
    }

    /// The ETag shown for `name` now.
    private func shown(_ name: String) -> String? {
        switch mode {
        case .changesOnRead:
            etags[name] = fresh()
            return etags[name]
        case .none: return nil
        case .putETagNeverListed, .listedTwice: return etags[name]
        }
    }

    func collectionListing() -> CollectionListing {
        var listing = CollectionListing()
        for name in bodies.keys.sorted() {
            guard let etag = shown(name) else {
                listing.withoutETag.insert(name)
                continue
            }
            listing.etags[name] = mode == .listedTwice ? "\"old-\(name)\"" : etag
            if mode == .listedTwice { listing.listedTwice.insert(name) }
        }
        return listing
    }

    func listing() throws(CalDAVError) -> [String: String] { collectionListing().etags }

    private func allows(_ name: String, _ precondition: SyncRequest.Precondition) -> Bool {
        switch precondition {
        case .absent: bodies[name] == nil
        case .matches(let etag): mode != .none && etags[name] == etag
        case .unconditional: true
        }
    }

    func put(_ name: String, body: [UInt8], precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer {
        guard allows(name, precondition) else { return CalDAVAnswer(status: 412, etag: nil) }
        writes += 1
        let created = bodies[name] == nil
        bodies[name] = body
        etags[name] = fresh()
        let answered: String? =
            switch mode {
            case .none: nil
            case .putETagNeverListed: "\"put-\(counter)\""
            case .changesOnRead, .listedTwice: etags[name]
            }
        return CalDAVAnswer(status: created ? 201 : 204, etag: answered)
    }

    func delete(_ name: String, precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer {
        guard bodies[name] != nil else { return CalDAVAnswer(status: 404, etag: nil) }
        guard allows(name, precondition) else { return CalDAVAnswer(status: 412, etag: nil) }
        writes += 1
        bodies[name] = nil
        etags[name] = nil
        return CalDAVAnswer(status: 204, etag: nil)
    }

    func read(_ name: String) throws(CalDAVError) -> ResourceRead? {
        guard let body = bodies[name] else { return nil }
        return ResourceRead(etag: shown(name), body: body)
    }
}
