import Testing

@testable import CalgenSync

/// The sync planner and its run against a collection kept in memory, which answers as a CalDAV
/// server does: ETags that change with every write, 412 on a failed precondition.
@Suite struct SyncPlanTests {
    static let zone = """
        BEGIN:VTIMEZONE\r
        TZID:Asia/Shanghai\r
        BEGIN:STANDARD\r
        DTSTART:20241230T080000\r
        TZOFFSETFROM:+0800\r
        TZOFFSETTO:+0800\r
        TZNAME:GMT+8\r
        END:STANDARD\r
        END:VTIMEZONE\r

        """

    /// A feed as calgen writes it, with events `uid → summary`, one timed in Asia/Shanghai.
    static func feed(_ events: [(uid: String, summary: String)], stamp: String = "20261121T040000Z") -> [UInt8] {
        var text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calgen//calgen//ZH\r\nMETHOD:PUBLISH\r\nX-WR-CALNAME:王芳\r\n" + zone
        for (i, event) in events.enumerated() {
            text += "BEGIN:VEVENT\r\nUID:\(event.uid)\r\nDTSTAMP:\(stamp)\r\n"
            text +=
                i == 0
                ? "DTSTART;TZID=Asia/Shanghai:20260101T140000\r\nDTEND;TZID=Asia/Shanghai:20260101T143000\r\n"
                : "DTSTART;VALUE=DATE:2026010\(i % 9 + 1)\r\n"
            text += "SUMMARY:\(event.summary)\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:\(event.summary)\r\n"
            text += "TRIGGER:-PT10M\r\nEND:VALARM\r\nEND:VEVENT\r\n"
        }
        return Array((text + "END:VCALENDAR\r\n").utf8)
    }

    static let three = [("a@calendar.example.com", "上班"), ("b@calendar.example.com", "补班"), ("c@calendar.example.com", "除夕")]

    static func events(_ list: [(String, String)], stamp: String = "20261121T040000Z") throws -> [SyncEvent] {
        try SyncEvent.events(ofFeed: feed(list.map { (uid: $0.0, summary: $0.1) }, stamp: stamp))
    }

    /// Plans against `collection`'s listing and runs the plan.
    static func sync(
        _ events: [SyncEvent], state: SyncState, into collection: MemoryCollection, policy: SyncPolicy = .calgenWins
    ) throws -> (plan: SyncPlan, run: SyncRun) {
        let plan = SyncPlan(events: events, state: state, listing: try collection.listing(), policy: policy)
        return (plan, try SyncRun(plan: plan, state: state, collection: collection, policy: policy))
    }

    @Test func eachEventIsAResourceOfItsOwnWithTheZonesItNames() throws {
        let events = try Self.events(Self.three)
        #expect(events.map(\.uid) == ["a@calendar.example.com", "b@calendar.example.com", "c@calendar.example.com"])
        let first = String(decoding: events[0].calendar, as: UTF8.self)
        #expect(first.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calgen//calgen//ZH\r\nBEGIN:VTIMEZONE\r\n"))
        #expect(
            !first.contains("METHOD") && !first.contains("X-WR-CALNAME") && first.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
        let second = String(decoding: events[1].calendar, as: UTF8.self)
        #expect(!second.contains("VTIMEZONE") && second.contains("UID:b@calendar.example.com") && !second.contains("UID:a@"))
        // The stamp is not content: a feed written again later is the same.
        #expect(try Self.events(Self.three, stamp: "20270101T000000Z").map(\.digest) == events.map(\.digest))
        #expect(SyncPlan.resourceName(uid: "a@calendar.example.com") == "calgen-a_40calendar.example.com.ics")
        #expect(SyncPlan.resourceName(uid: "a_b") != SyncPlan.resourceName(uid: "a-b"))
    }

    @Test func aFeedThatIsNotOneCalendarIsRefused() {
        #expect(throws: (any Error).self) { try SyncEvent.events(ofFeed: Array("BEGIN:VEVENT\r\nEND:VEVENT\r\n".utf8)) }
        let twice = Self.feed([(uid: "a", summary: "x"), (uid: "a", summary: "y")])
        #expect(throws: (any Error).self) { try SyncEvent.events(ofFeed: twice) }
        // Each problem at its line (blank lines counted), for the diagnostic that names the feed.
        for (text, line) in [
            ("BEGIN:VEVENT\r\nEND:VEVENT\r\n", 1), ("\r\nBEGIN:VCALENDAR\r\n\r\nBEGIN:VTODO\r\nEND:VTODO\r\n", 4),
            ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", 4),
        ] {
            do {
                _ = try SyncEvent.events(ofFeed: Array(text.utf8))
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.line == line, "\(error)")
            }
        }
    }

    @Test func theFirstSyncAddsEveryEventAndTheSecondSendsNothing() throws {
        let collection = MemoryCollection()
        let events = try Self.events(Self.three)
        let first = try Self.sync(events, state: SyncState(collection: "c"), into: collection)
        #expect(first.plan.requests.map(\.kind) == [.add, .add, .add])
        #expect(first.plan.requests.allSatisfy { $0.precondition == .absent })
        #expect(first.run.added == 3 && first.run.failed.isEmpty)
        #expect(first.run.state.events.count == 3 && first.run.state.events.values.allSatisfy { $0.etag != nil })
        collection.writes = 0
        let second = try Self.sync(events, state: first.run.state, into: collection)
        #expect(second.plan.requests.isEmpty && second.plan.unchanged == 3)
        #expect(collection.writes == 0 && second.run.state == first.run.state)
    }

    @Test func oneChangedEventIsPutOnItsETag() throws {
        let collection = MemoryCollection()
        let first = try Self.sync(try Self.events(Self.three), state: SyncState(collection: "c"), into: collection)
        var changed = Self.three
        changed[1].1 = "补班（调休）"
        let second = try Self.sync(try Self.events(changed), state: first.run.state, into: collection)
        let name = SyncPlan.resourceName(uid: "b@calendar.example.com")
        #expect(second.plan.requests.map(\.kind) == [.change])
        #expect(second.plan.requests.first?.precondition == .matches(first.run.state.events["b@calendar.example.com"]!.etag!))
        #expect(second.run.changed == 1 && String(decoding: collection.resources[name]!.body, as: UTF8.self).contains("补班（调休）"))
        #expect(second.run.state.events["b@calendar.example.com"]?.etag == collection.resources[name]?.etag)
    }

    @Test func aRemovedEventIsDeletedAndAForeignOneIsNeverTouched() throws {
        let collection = MemoryCollection()
        collection.resources["holiday-party.ics"] = MemoryCollection.Resource(body: Array("theirs".utf8), etag: "\"f1\"")
        collection.resources["calgen-stranger.ics"] = MemoryCollection.Resource(body: Array("theirs".utf8), etag: "\"f2\"")
        let first = try Self.sync(try Self.events(Self.three), state: SyncState(collection: "c"), into: collection)
        let second = try Self.sync(try Self.events(Array(Self.three.prefix(2))), state: first.run.state, into: collection)
        #expect(second.plan.requests.map(\.kind) == [.delete] && second.plan.requests[0].uid == "c@calendar.example.com")
        #expect(second.run.deleted == 1 && second.run.state.events.count == 2)
        #expect(collection.resources["holiday-party.ics"]?.etag == "\"f1\"")
        // A resource named like calgen's that the state does not know is left, and said so.
        #expect(collection.resources["calgen-stranger.ics"]?.etag == "\"f2\"")
        #expect(second.plan.kept == ["calgen-stranger.ics: named like calgen's resources but not in the sync state, left alone"])
        #expect(collection.resources.count == 4)
    }

    /// A feed cut short (or empty) would take away most of what calgen wrote: the command asks
    /// for --allow-deletions instead. One removed event of three is not "most".
    @Test func deletingMostOfTheCalendarIsFlagged() throws {
        let collection = MemoryCollection()
        let many = (1...30).map { ("e\($0)@calendar.example.com", "Event \($0)") }
        let first = try Self.sync(try Self.events(many), state: SyncState(collection: "c"), into: collection)
        let empty = SyncPlan(events: [], state: first.run.state, listing: nil, policy: .calgenWins)
        #expect(empty.deletesMost(of: first.run.state, sourceEvents: 0))
        let cut = try Self.events(Array(many.prefix(5)))
        let short = SyncPlan(events: cut, state: first.run.state, listing: nil, policy: .calgenWins)
        #expect(short.count(.delete) == 25 && short.deletesMost(of: first.run.state, sourceEvents: 5))
        let fewer = try Self.events(Array(many.prefix(29)))
        let one = SyncPlan(events: fewer, state: first.run.state, listing: nil, policy: .calgenWins)
        #expect(!one.deletesMost(of: first.run.state, sourceEvents: 29))
    }

    @Test func aLostStateIsReconciledWithTheListingWithoutDuplicates() throws {
        let collection = MemoryCollection()
        _ = try Self.sync(try Self.events(Self.three), state: SyncState(collection: "c"), into: collection)
        let again = try Self.sync(try Self.events(Self.three), state: SyncState(collection: "c"), into: collection)
        #expect(again.plan.requests.map(\.kind) == [.change, .change, .change])
        #expect(again.run.failed.isEmpty && collection.resources.count == 3 && again.run.state.events.count == 3)
        // Without a listing either: the If-None-Match PUTs fail, the ETags are read and the events written on them.
        let blind = SyncPlan(
            events: try Self.events(Self.three), state: SyncState(collection: "c"), listing: nil, policy: .calgenWins)
        let run = try SyncRun(plan: blind, state: SyncState(collection: "c"), collection: collection, policy: .calgenWins)
        #expect(run.added == 3 && run.failed.isEmpty && collection.resources.count == 3)
    }

    @Test func anEditInTheCalendarIsOverwrittenOrKeptAsThePolicySays() throws {
        let collection = MemoryCollection()
        let first = try Self.sync(try Self.events(Self.three), state: SyncState(collection: "c"), into: collection)
        let name = SyncPlan.resourceName(uid: "a@calendar.example.com")
        collection.edit(name)
        // With the listing: the edit is seen before writing.
        let kept = try Self.sync(try Self.events(Self.three), state: first.run.state, into: collection, policy: .keepEdited)
        #expect(
            kept.plan.requests.isEmpty
                && kept.plan.kept == ["a@calendar.example.com: edited in the calendar, kept (--keep-edited)"])
        #expect(String(decoding: collection.resources[name]!.body, as: UTF8.self) == "edited")
        let restored = try Self.sync(try Self.events(Self.three), state: first.run.state, into: collection)
        #expect(restored.plan.requests.map(\.kind) == [.change] && restored.run.changed == 1)
        #expect(String(decoding: collection.resources[name]!.body, as: UTF8.self).contains("SUMMARY:上班"))
    }

    @Test func a412IsAnsweredAsThePolicySays() throws {
        let collection = MemoryCollection()
        let first = try Self.sync(try Self.events(Self.three), state: SyncState(collection: "c"), into: collection)
        var changed = Self.three
        changed[0].1 = "上班（提前）"
        // Planned on the state alone, then edited in the calendar before the PUT arrives: 412.
        let plan = SyncPlan(events: try Self.events(changed), state: first.run.state, listing: nil, policy: .calgenWins)
        let name = SyncPlan.resourceName(uid: "a@calendar.example.com")
        collection.edit(name)
        let keep = try SyncRun(plan: plan, state: first.run.state, collection: collection, policy: .keepEdited)
        #expect(keep.changed == 0 && keep.kept == ["a@calendar.example.com: changed in the calendar, kept (--keep-edited)"])
        #expect(String(decoding: collection.resources[name]!.body, as: UTF8.self) == "edited")
        #expect(keep.state.events["a@calendar.example.com"] == first.run.state.events["a@calendar.example.com"])
        // calgen's version wins: the ETag is read again and the PUT sent on it.
        let wins = try SyncRun(plan: plan, state: first.run.state, collection: collection, policy: .calgenWins)
        #expect(wins.changed == 1 && wins.kept.isEmpty && wins.failed.isEmpty)
        #expect(String(decoding: collection.resources[name]!.body, as: UTF8.self).contains("上班（提前）"))
        #expect(collection.gets == 1)
    }

    @Test func aWriteTheServerRejectsIsReportedAndTheOthersGoOn() throws {
        let collection = MemoryCollection()
        collection.rejected = SyncPlan.resourceName(uid: "b@calendar.example.com")
        let first = try Self.sync(try Self.events(Self.three), state: SyncState(collection: "c"), into: collection)
        #expect(first.run.added == 2 && first.run.failed == ["b@calendar.example.com: PUT \(collection.rejected!) gave HTTP 415"])
        #expect(first.run.state.events["b@calendar.example.com"] == nil && first.run.state.events.count == 2)
        // The next sync tries it again, and only it.
        collection.rejected = nil
        let second = try Self.sync(try Self.events(Self.three), state: first.run.state, into: collection)
        #expect(second.plan.requests.map(\.kind) == [.add] && second.run.added == 1 && second.plan.unchanged == 2)
    }

    @Test func everyPUTIsWrittenAheadIntoTheStateBeforeItIsSent() throws {
        let collection = MemoryCollection()
        let plan = SyncPlan(
            events: try Self.events(Self.three), state: SyncState(collection: "c"), listing: [:], policy: .calgenWins)
        var checkpoints: [(pending: Int, stored: Int)] = []
        let run = try SyncRun(
            plan: plan, state: SyncState(collection: "c"), collection: collection, policy: .calgenWins, checkpointEvery: 2
        ) { state in
            // Each pending resource is saved before its PUT: none is on the server yet.
            let pending = state.events.values.filter(\.isPending)
            #expect(pending.allSatisfy { collection.resources[$0.name] == nil })
            checkpoints.append((pending.count, collection.resources.count))
        }
        // Before each batch of 2: its PUTs pending, with the batch before's answers saved.
        #expect(checkpoints.map(\.pending) == [2, 1] && checkpoints.map(\.stored) == [0, 2])
        #expect(run.state.events.count == 3 && !run.state.events.values.contains(where: \.isPending))
    }

    @Test func aPendingResourceOfAKilledSyncIsCalgens() throws {
        // A sync killed after the state named a, b and c pending: a and b were PUT, c was not.
        let collection = MemoryCollection()
        let events = try Self.events(Self.three)
        var state = SyncState(collection: "c")
        for event in events {
            state.events[event.uid] = SyncState.Entry(
                name: SyncPlan.resourceName(uid: event.uid), etag: nil, sequence: 0, digest: "old", pending: true)
        }
        for event in events.prefix(2) {
            _ = try collection.put(SyncPlan.resourceName(uid: event.uid), body: event.calendar, precondition: .absent)
        }
        // The feed then drops b; --keep-edited takes no pending resource for an owner's edit.
        let next = [events[0], events[2]]
        for policy in [SyncPolicy.calgenWins, .keepEdited] {
            let memory = MemoryCollection()
            memory.resources = collection.resources
            let (plan, run) = try Self.sync(next, state: state, into: memory, policy: policy)
            #expect(plan.kept.isEmpty, "\(plan.kept)")
            #expect(plan.requests.map(\.kind) == [.change, .add, .delete], "\(plan.requests)")
            #expect(Set(memory.resources.keys) == Set(next.map { SyncPlan.resourceName(uid: $0.uid) }))
            #expect(run.state.events.count == 2 && !run.state.events.values.contains(where: \.isPending))
        }
        // A pending resource not in the calendar and gone from the source is only forgotten.
        let gone = SyncPlan(events: [], state: state, listing: [:], policy: .keepEdited)
        #expect(gone.requests.isEmpty && gone.forgotten.count == 3)
    }

    @Test func aPUTThatFailsLeavesItsEntryAsItWas() throws {
        let collection = MemoryCollection()
        collection.rejected = SyncPlan.resourceName(uid: "b@calendar.example.com")
        let (_, run) = try Self.sync(try Self.events(Self.three), state: SyncState(collection: "c"), into: collection)
        #expect(run.failed.count == 1 && run.state.events.count == 2 && run.state.events["b@calendar.example.com"] == nil)
    }

    @Test func aRefusalStopsTheSyncWithTheStateOfWhatWasWritten() throws {
        let collection = MemoryCollection()
        collection.refuseAfter = 1
        let plan = SyncPlan(
            events: try Self.events(Self.three), state: SyncState(collection: "c"), listing: [:], policy: .calgenWins)
        do {
            _ = try SyncRun(plan: plan, state: SyncState(collection: "c"), collection: collection, policy: .calgenWins)
            Issue.record("a refusal must stop the sync")
        } catch {
            // What was written, and the PUTs written ahead (pending) that the next run sorts out.
            #expect(error.error.isRefusal && error.added == 1 && error.state.events.count == 3)
            #expect(error.state.events.values.filter(\.isPending).count == 2)
            #expect(collection.writes == 1)
        }
    }
}

/// A CalDAV collection in memory.
/// Used from one thread at a time (the runs of these tests send one request at a time).
final class MemoryCollection: CalDAVCollection, @unchecked Sendable {
    struct Resource {
        var body: [UInt8]
        var etag: String
    }

    var resources: [String: Resource] = [:]
    var writes = 0
    var gets = 0
    /// Refuse the credentials after this many writes.
    var refuseAfter = Int.max
    /// A resource the server will not store (415 Unsupported Media Type).
    var rejected: String?
    /// Names whose PUT the server refuses as another resource holds the UID (409,
    /// no-uid-conflict), → the holder's name as the answer gives it.
    var uidHeldBy: [String: String] = [:]
    private var counter = 0

    private func nextETag() -> String {
        counter += 1
        return "\"\(counter)\""
    }

    /// The owner edits a resource in their calendar application.
    func edit(_ name: String) { resources[name] = Resource(body: Array("edited".utf8), etag: nextETag()) }

    func listing() throws(CalDAVError) -> [String: String] { resources.mapValues(\.etag) }

    private func allows(_ name: String, _ precondition: SyncRequest.Precondition) -> Bool {
        switch precondition {
        case .absent: resources[name] == nil
        case .matches(let etag): resources[name]?.etag == etag
        case .unconditional: true
        }
    }

    private func count() throws(CalDAVError) {
        guard writes < refuseAfter else { throw CalDAVError("refused", isRefusal: true) }
        writes += 1
    }

    func put(_ name: String, body: [UInt8], precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer {
        try count()
        if name == rejected { return CalDAVAnswer(status: 415, etag: nil) }
        if let holder = uidHeldBy[name] {
            writes -= 1
            return CalDAVAnswer(status: 409, etag: nil, uidConflict: holder)
        }
        guard allows(name, precondition) else { return CalDAVAnswer(status: 412, etag: nil) }
        let created = resources[name] == nil
        let etag = nextETag()
        resources[name] = Resource(body: body, etag: etag)
        return CalDAVAnswer(status: created ? 201 : 204, etag: etag)
    }

    func delete(_ name: String, precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer {
        try count()
        guard resources[name] != nil else { return CalDAVAnswer(status: 404, etag: nil) }
        guard allows(name, precondition) else { return CalDAVAnswer(status: 412, etag: nil) }
        resources[name] = nil
        return CalDAVAnswer(status: 204, etag: nil)
    }

    func read(_ name: String) throws(CalDAVError) -> ResourceRead? {
        gets += 1
        return resources[name].map { ResourceRead(etag: $0.etag, body: $0.body) }
    }
}
