import Foundation

/// What `calgen sync` needs of a CalDAV collection; `CalDAVClient` speaks it over HTTP.
package protocol CalDAVCollection: Sendable {
    /// Every resource of the collection: name → ETag.
    func listing() throws(CalDAVError) -> [String: String]
    /// Stores `body` as `name`; the status and the ETag the server gave, if any.
    func put(_ name: String, body: [UInt8], precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer
    func delete(_ name: String, precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer
    /// The resource as a GET reads it; `nil` when it does not exist.
    func read(_ name: String) throws(CalDAVError) -> ResourceRead?
}

/// A server's answer to a write.
package struct CalDAVAnswer: Equatable, Sendable {
    package let status: Int
    package let etag: String?
    /// The server refused a PUT as another resource of the collection holds the event's UID
    /// (CalDAV's `no-uid-conflict` precondition, RFC 4791 §5.3.2.1): that resource's name, or
    /// `""` when the answer names none in the collection; `nil` for any other answer.
    package let uidConflict: String?

    package init(status: Int, etag: String?, uidConflict: String? = nil) {
        self.status = status
        self.etag = etag
        self.uidConflict = uidConflict
    }
}

/// Why a request to the collection gave no answer, or an answer that ends the sync.
package struct CalDAVError: Error, CustomStringConvertible, Sendable {
    package let description: String
    /// The server refused the credentials (401, 403): nothing more is attempted.
    package let isRefusal: Bool
    /// There is no collection at the URL (404).
    package let isMissing: Bool
    /// The command's time limit ran out: what was written is kept, and a next run goes on.
    package let isTimeLimit: Bool

    package init(_ description: String, isRefusal: Bool = false, isMissing: Bool = false, isTimeLimit: Bool = false) {
        self.description = description
        self.isRefusal = isRefusal
        self.isMissing = isMissing
        self.isTimeLimit = isTimeLimit
    }
}

/// Sends a plan's requests, up to `inFlight` at a time, answers a 412 as the policy says, and
/// keeps the state of what succeeded: a sync that stops half way leaves a state true to what was
/// written.
package struct SyncRun {
    package var added = 0
    package var changed = 0
    package var deleted = 0
    /// Resources of the calendar that held a feed's event and that calgen took over (`--adopt`).
    package var adopted = 0
    /// The PUTs and DELETEs the server applied; a refused one is no write.
    package var writes = 0
    /// One line per event left alone: the plan's, and the 412s kept under `--keep-edited`.
    package var kept: [String] = []
    /// One line per request the server refused (the sync goes on with the others).
    package var failed: [String] = []
    /// Requests of the plan never sent, as the sync stopped first.
    package var notSent = 0
    package var state: SyncState
    /// Whether a PUT of this run was answered without an ETag.
    private var writtenWithoutETag = false

    /// Sends `plan` to `collection`; throws only when the server refuses the credentials, cannot
    /// be reached or the time ran out, carrying the state of what was written until then.
    /// The requests go in batches of `checkpointEvery`: before each batch, every resource it
    /// PUTs is written ahead into the state as pending and `checkpoint` is given that state, to
    /// be saved; a sync killed half way then leaves a state that names every resource calgen may
    /// have made, and costs the next one at most a batch of writes again. Within a batch, up to
    /// `inFlight` requests are sent at once. With `adopt`, a PUT refused as another resource holds
    /// the event's UID is sent again to that resource, which calgen then writes.
    package init(
        plan: SyncPlan, state: SyncState, collection: some CalDAVCollection, policy: SyncPolicy, adopt: Bool = false,
        inFlight: Int = 1, checkpointEvery: Int = 100, checkpoint: (SyncState) -> Void = { _ in }
    ) throws(SyncInterrupted) {
        self.state = state
        kept = plan.kept
        for uid in plan.forgotten { self.state.events[uid] = nil }
        for (uid, etag) in plan.refreshed { self.state.events[uid]?.etag = etag }
        let batch = max(1, checkpointEvery)
        var stop: CalDAVError?
        for start in stride(from: 0, to: plan.requests.count, by: batch) {
            let requests = Array(plan.requests[start..<min(start + batch, plan.requests.count)])
            var before: [String: SyncState.Entry?] = [:]
            for request in requests {
                guard let event = request.event else { continue }
                before.updateValue(self.state.events[request.uid], forKey: request.uid)
                self.state.events[request.uid] = SyncState.Entry(
                    name: request.name, etag: nil, sequence: event.sequence, digest: event.digest, pending: true)
            }
            if !before.isEmpty { checkpoint(self.state) }
            let outcomes = SyncRun.sendAll(requests, to: collection, policy: policy, adopt: adopt, inFlight: inFlight)
            for (request, outcome) in zip(requests, outcomes) {
                apply(outcome, of: request)
                if case .stopped(let error) = outcome, stop == nil { stop = error }
                // A PUT the server refused leaves the entry as it was before it; one that may
                // have reached it (no answer) or was not sent stays pending for the next run.
                if outcome.wasAnswered, let old = before[request.uid], self.state.events[request.uid]?.isPending == true {
                    self.state.events[request.uid] = old
                }
            }
            if stop != nil {
                notSent = plan.requests.count - start - outcomes.count { $0.wasSent }
                break
            }
        }
        do throws(CalDAVError) {
            if let stop { throw stop }
            // A server may give no ETag for a PUT (when it changed what it stored): read them.
            if writtenWithoutETag {
                let listing = try collection.listing()
                for (uid, entry) in self.state.events where entry.etag == nil {
                    self.state.events[uid]?.etag = listing[entry.name]
                }
            }
        } catch {
            throw SyncInterrupted(error: error, run: self)
        }
    }

    /// What became of one request.
    enum Outcome: Sendable {
        /// Written (or, for a DELETE, gone): the resource's name and the ETag the server gave.
        case done(name: String, etag: String?, adopted: Bool)
        /// Left as the calendar has it (`--keep-edited`).
        case kept(String)
        /// Refused by the server: why.
        case failed(String)
        /// The sync stops: no answer, a refusal of the credentials, the time limit.
        case stopped(CalDAVError)
        /// Not sent, as the sync stopped first.
        case notSent

        /// Whether the server answered it so that the resource is known unchanged by it (refused or kept).
        var wasAnswered: Bool {
            switch self {
            case .failed, .kept: true
            default: false
            }
        }

        var wasSent: Bool {
            if case .notSent = self { return false }
            return true
        }
    }

    /// Sends `requests`, up to `inFlight` at once; after one stops the sync, the others not yet
    /// begun are not sent.
    static func sendAll(
        _ requests: [SyncRequest], to collection: some CalDAVCollection, policy: SyncPolicy, adopt: Bool, inFlight: Int
    ) -> [Outcome] {
        let width = min(max(1, inFlight), requests.count)
        guard width > 1 else {
            var outcomes: [Outcome] = []
            for request in requests {
                if let last = outcomes.last, case .stopped = last {
                    outcomes.append(.notSent)
                } else {
                    outcomes.append(send(request, to: collection, policy: policy, adopt: adopt))
                }
            }
            return outcomes
        }
        // Threads of their own, not Dispatch's (as many as the cores): they mostly wait for the network.
        let slots = OutcomeSlots(count: requests.count)
        let group = DispatchGroup()
        for _ in 0..<width {
            group.enter()
            let thread = Thread {
                while let i = slots.next() {
                    slots.set(i, send(requests[i], to: collection, policy: policy, adopt: adopt))
                }
                group.leave()
            }
            thread.stackSize = 1 << 21
            thread.start()
        }
        group.wait()
        return slots.values()
    }

    /// One request, and what a 412 or a UID conflict leads to.
    static func send(_ request: SyncRequest, to collection: some CalDAVCollection, policy: SyncPolicy, adopt: Bool)
        -> Outcome
    {
        var precondition = request.precondition
        var name = request.name
        var adopting = request.kind == .adopt
        var refetched = false
        do throws(CalDAVError) {
            while true {
                let answer =
                    if let event = request.event {
                        try collection.put(name, body: event.calendar, precondition: precondition)
                    } else {
                        try collection.delete(name, precondition: precondition)
                    }
                if (200..<300).contains(answer.status) { return .done(name: name, etag: answer.etag, adopted: adopting) }
                if answer.status == 404 && request.kind == .delete { return .done(name: name, etag: nil, adopted: false) }
                if let holder = answer.uidConflict, request.event != nil {
                    if adopt, !holder.isEmpty, holder != name, !adopting {
                        // Taken over in place: written on the resource that holds the UID.
                        guard let read = try collection.read(holder) else {
                            return .failed(
                                "\(request.uid): PUT \(name) gave HTTP \(answer.status): \(holder) holds this UID, but is gone")
                        }
                        adopting = true
                        name = holder
                        precondition = read.etag.map { .matches($0) } ?? .unconditional
                        continue
                    }
                    return .failed(
                        "\(request.uid): not written, the calendar holds this event already"
                            + (holder.isEmpty ? "" : " as \(holder)")
                            + " (HTTP \(answer.status), no-uid-conflict): run again with --adopt to take it over, or sync into an empty calendar"
                    )
                }
                if answer.status == 412 && !refetched {
                    refetched = true
                    switch policy.afterPreconditionFailed(request) {
                    case .keep(let line): return .kept(line)
                    case .refetchAndRetry:
                        if let read = try collection.read(name) {
                            // A server that gives no ETags is written without a condition.
                            precondition = read.etag.map { .matches($0) } ?? .unconditional
                        } else if request.kind == .delete {
                            return .done(name: name, etag: nil, adopted: false)
                        } else {
                            precondition = .absent
                        }
                        continue
                    }
                }
                return .failed(
                    "\(request.uid): \(request.kind == .delete ? "DELETE" : "PUT") \(name) gave HTTP \(answer.status)")
            }
        } catch {
            return .stopped(error)
        }
    }

    private mutating func apply(_ outcome: Outcome, of request: SyncRequest) {
        switch outcome {
        case .done(let name, let etag, let adopted):
            switch request.kind {
            case _ where adopted: self.adopted += 1
            case .add: added += 1
            case .change, .adopt: changed += 1
            case .delete: deleted += 1
            }
            writes += 1
            if let event = request.event {
                if etag == nil { writtenWithoutETag = true }
                state.events[request.uid] = SyncState.Entry(
                    name: name, etag: etag, sequence: event.sequence, digest: event.digest)
            } else {
                state.events[request.uid] = nil
            }
        case .kept(let line):
            kept.append(line)
            if request.kind == .delete { state.events[request.uid] = nil }
        case .failed(let line):
            failed.append(line)
        case .stopped, .notSent:
            break
        }
    }
}

/// The outcomes of a batch sent from several threads: each index handed out once, each slot
/// written once by the thread that took it, all read after every thread finished. Once a
/// request stops the sync, no further index is handed out.
private final class OutcomeSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [SyncRun.Outcome]
    private var taken = 0
    private var stopped = false

    init(count: Int) { outcomes = Array(repeating: .notSent, count: count) }

    func next() -> Int? {
        lock.withLock {
            guard !stopped, taken < outcomes.count else { return nil }
            taken += 1
            return taken - 1
        }
    }

    func set(_ index: Int, _ outcome: SyncRun.Outcome) {
        lock.withLock {
            outcomes[index] = outcome
            if case .stopped = outcome { stopped = true }
        }
    }

    func values() -> [SyncRun.Outcome] { lock.withLock { outcomes } }
}

/// A sync that stopped: why, and what it had done.
package struct SyncInterrupted: Error, Sendable {
    package let error: CalDAVError
    package let added: Int
    package let changed: Int
    package let deleted: Int
    package let adopted: Int
    package let writes: Int
    /// Requests of the plan never sent.
    package let notSent: Int
    /// The state of what was written before it stopped: to be saved.
    package let state: SyncState

    init(error: CalDAVError, run: SyncRun) {
        self.error = error
        added = run.added
        changed = run.changed
        deleted = run.deleted
        adopted = run.adopted
        writes = run.writes
        notSent = run.notSent
        state = run.state
    }
}
