import Foundation
import Testing

@testable import CalgenSync

/// A calendar that holds the feed's events already (imported once): the plan takes over the
/// resources named with `--adopt`, a PUT refused for a UID conflict is no write and says what to
/// do, and requests sent several at once give the same state as one at a time.
@Suite struct SyncAdoptTests {
    static let uids = ["a@calendar.example.com", "b@calendar.example.com", "c@calendar.example.com"]

    @Test func adoptedResourcesAreWrittenInPlaceAndRecorded() throws {
        let collection = MemoryCollection()
        collection.resources["imported-1.ics"] = .init(body: Array("old a".utf8), etag: "\"i1\"")
        collection.resources["imported-2.ics"] = .init(body: Array("old b".utf8), etag: "\"i2\"")
        let events = try SyncPlanTests.events(SyncPlanTests.three)
        let holders = [Self.uids[0]: "imported-1.ics", Self.uids[1]: "imported-2.ics"]
        let plan = SyncPlan(
            events: events, state: SyncState(collection: "c"), listing: try collection.listing(), policy: .calgenWins,
            adopted: holders)
        #expect(plan.requests.map(\.kind) == [.adopt, .adopt, .add])
        #expect(plan.requests.map(\.name) == ["imported-1.ics", "imported-2.ics", SyncPlan.resourceName(uid: Self.uids[2])])
        #expect(plan.requests[0].precondition == .matches("\"i1\""))
        let run = try SyncRun(plan: plan, state: SyncState(collection: "c"), collection: collection, policy: .calgenWins)
        #expect(run.adopted == 2 && run.added == 1 && run.writes == 3 && run.failed.isEmpty)
        #expect(run.state.events[Self.uids[0]]?.name == "imported-1.ics")
        #expect(collection.resources.count == 3)
        // The next plan knows them: nothing to do.
        let again = SyncPlan(events: events, state: run.state, listing: try collection.listing(), policy: .calgenWins)
        #expect(again.requests.isEmpty && again.unchanged == 3 && again.kept.isEmpty)
    }

    @Test func aUIDConflictIsNoWriteAndSaysWhatToDo() throws {
        let collection = MemoryCollection()
        collection.resources["imported-1.ics"] = .init(body: Array("old a".utf8), etag: "\"i1\"")
        collection.uidHeldBy[SyncPlan.resourceName(uid: Self.uids[0])] = "imported-1.ics"
        collection.uidHeldBy[SyncPlan.resourceName(uid: Self.uids[1])] = ""
        let events = try SyncPlanTests.events(SyncPlanTests.three)
        let plan = SyncPlan(
            events: events, state: SyncState(collection: "c"), listing: try collection.listing(), policy: .calgenWins)
        let run = try SyncRun(plan: plan, state: SyncState(collection: "c"), collection: collection, policy: .calgenWins)
        #expect(run.writes == 1 && run.added == 1 && run.failed.count == 2)
        #expect(
            run.failed.first?.contains("holds this event already as imported-1.ics") == true
                && run.failed.first?.contains("--adopt") == true)
        #expect(run.state.events[Self.uids[0]] == nil && run.state.events[Self.uids[1]] == nil)
        #expect(collection.gets == 0)
        // With --adopt, the resource the refusal names is written in place.
        let adopted = try SyncRun(
            plan: plan, state: SyncState(collection: "c"), collection: collection, policy: .calgenWins, adopt: true)
        #expect(adopted.adopted == 1 && adopted.state.events[Self.uids[0]]?.name == "imported-1.ics")
        let body = String(decoding: collection.resources["imported-1.ics"]?.body ?? [], as: UTF8.self)
        #expect(body.contains("UID:a@"))
    }

    @Test func requestsInFlightTogetherGiveTheSameState() throws {
        let many = (0..<40).map { ("e\($0)@calendar.example.com", "事件 \($0)") }
        let events = try SyncPlanTests.events(many)
        let collection = LockedCollection()
        let plan = SyncPlan(events: events, state: SyncState(collection: "c"), listing: [:], policy: .calgenWins)
        let run = try SyncRun(
            plan: plan, state: SyncState(collection: "c"), collection: collection, policy: .calgenWins, inFlight: 6,
            checkpointEvery: 7)
        #expect(run.added == 40 && run.writes == 40 && run.state.events.count == 40)
        #expect(run.state.events.values.allSatisfy { !$0.isPending && $0.etag != nil })
        #expect(collection.maxInFlight > 1 && collection.maxInFlight <= 6)
    }
}

/// A collection that answers from several threads at once, noting how many requests it held together.
final class LockedCollection: CalDAVCollection, @unchecked Sendable {
    private let lock = NSLock()
    private var etags: [String: String] = [:]
    private var inFlight = 0
    private(set) var maxInFlight = 0

    func listing() throws(CalDAVError) -> [String: String] { lock.withLock { etags } }

    func put(_ name: String, body: [UInt8], precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer {
        lock.withLock {
            inFlight += 1
            maxInFlight = max(maxInFlight, inFlight)
        }
        Thread.sleep(forTimeInterval: 0.01)
        return lock.withLock {
            inFlight -= 1
            let etag = "\"\(name)-\(etags.count)\""
            etags[name] = etag
            return CalDAVAnswer(status: 201, etag: etag)
        }
    }

    func delete(_ name: String, precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer {
        lock.withLock { etags[name] = nil }
        return CalDAVAnswer(status: 204, etag: nil)
    }

    func read(_ name: String) throws(CalDAVError) -> ResourceRead? {
        lock.withLock { etags[name].map { ResourceRead(etag: $0, body: []) } }
    }
}
