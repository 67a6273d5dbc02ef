/// What `calgen sync` needs of a CalDAV collection; `CalDAVClient` speaks it over HTTP.
package protocol CalDAVCollection {
    /// Every resource of the collection: name → ETag.
    func listing() throws(CalDAVError) -> [String: String]
    /// Stores `body` as `name`; the status and the ETag the server gave, if any.
    func put(_ name: String, body: [UInt8], precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer
    func delete(_ name: String, precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer
    /// The resource's current ETag; `nil` when it does not exist.
    func etag(of name: String) throws(CalDAVError) -> String?
}

/// A server's answer to a write.
package struct CalDAVAnswer: Equatable, Sendable {
    package let status: Int
    package let etag: String?

    package init(status: Int, etag: String?) {
        self.status = status
        self.etag = etag
    }
}

/// Why a request to the collection gave no answer, or an answer that ends the sync.
package struct CalDAVError: Error, CustomStringConvertible, Sendable {
    package let description: String
    /// The server refused the credentials (401, 403): nothing more is attempted.
    package let isRefusal: Bool
    /// There is no collection at the URL (404).
    package let isMissing: Bool

    package init(_ description: String, isRefusal: Bool = false, isMissing: Bool = false) {
        self.description = description
        self.isRefusal = isRefusal
        self.isMissing = isMissing
    }
}

/// Sends a plan's requests, one at a time, answers a 412 as the policy says, and keeps the state
/// of what succeeded: a sync that stops half way leaves a state true to what was written.
package struct SyncRun {
    package var added = 0
    package var changed = 0
    package var deleted = 0
    /// The PUTs and DELETEs sent, a second try after a 412 included.
    package var writes = 0
    /// One line per event left alone: the plan's, and the 412s kept under `--keep-edited`.
    package var kept: [String] = []
    /// One line per request the server refused (the sync goes on with the others).
    package var failed: [String] = []
    package var state: SyncState

    /// Sends `plan` to `collection`; throws only when the server refuses the credentials or
    /// cannot be reached, carrying the state of what was written until then.
    /// The requests go in batches of `checkpointEvery`: before each batch, every resource it
    /// PUTs is written ahead into the state as pending and `checkpoint` is given that state, to
    /// be saved; a sync killed half way then leaves a state that names every resource calgen may
    /// have made, and costs the next one at most a batch of writes again.
    package init(
        plan: SyncPlan, state: SyncState, collection: some CalDAVCollection, policy: SyncPolicy,
        checkpointEvery: Int = 100, checkpoint: (SyncState) -> Void = { _ in }
    ) throws(SyncInterrupted) {
        self.state = state
        kept = plan.kept
        for uid in plan.forgotten { self.state.events[uid] = nil }
        do {
            let batch = max(1, checkpointEvery)
            for start in stride(from: 0, to: plan.requests.count, by: batch) {
                let requests = plan.requests[start..<min(start + batch, plan.requests.count)]
                var before: [String: SyncState.Entry?] = [:]
                for request in requests {
                    guard let event = request.event else { continue }
                    before.updateValue(self.state.events[request.uid], forKey: request.uid)
                    self.state.events[request.uid] = SyncState.Entry(
                        name: request.name, etag: nil, sequence: event.sequence, digest: event.digest, pending: true)
                }
                if !before.isEmpty { checkpoint(self.state) }
                for request in requests {
                    try send(request, to: collection, policy: policy)
                    // A PUT that did not succeed leaves the entry as it was before it.
                    if let old = before[request.uid], self.state.events[request.uid]?.isPending == true {
                        self.state.events[request.uid] = old
                    }
                }
            }
            // A server may give no ETag for a PUT (when it changed what it stored): read them.
            if self.state.events.values.contains(where: { $0.etag == nil }) {
                let listing = try collection.listing()
                for (uid, entry) in self.state.events where entry.etag == nil {
                    self.state.events[uid]?.etag = listing[entry.name]
                }
            }
        } catch {
            throw SyncInterrupted(error: error, run: self)
        }
    }

    private mutating func send(_ request: SyncRequest, to collection: some CalDAVCollection, policy: SyncPolicy)
        throws(CalDAVError)
    {
        var precondition = request.precondition
        for attempt in 1...2 {
            writes += 1
            let answer =
                if let event = request.event {
                    try collection.put(request.name, body: event.calendar, precondition: precondition)
                } else {
                    try collection.delete(request.name, precondition: precondition)
                }
            switch answer.status {
            case 200..<300:
                succeeded(request, etag: answer.etag)
                return
            case 404 where request.kind == .delete:
                // Gone already: what a delete wants.
                succeeded(request, etag: nil)
                return
            case 412 where attempt == 1:
                switch policy.afterPreconditionFailed(request) {
                case .keep(let line):
                    kept.append(line)
                    if request.kind == .delete { state.events[request.uid] = nil }
                    return
                case .refetchAndRetry:
                    if let etag = try collection.etag(of: request.name) {
                        precondition = .matches(etag)
                    } else if request.kind == .delete {
                        succeeded(request, etag: nil)
                        return
                    } else {
                        precondition = .absent
                    }
                }
            default:
                failed.append(
                    "\(request.uid): \(request.kind == .delete ? "DELETE" : "PUT") \(request.name) gave HTTP \(answer.status)")
                return
            }
        }
    }

    private mutating func succeeded(_ request: SyncRequest, etag: String?) {
        switch request.kind {
        case .add: added += 1
        case .change: changed += 1
        case .delete: deleted += 1
        }
        if let event = request.event {
            state.events[request.uid] = SyncState.Entry(
                name: request.name, etag: etag, sequence: event.sequence, digest: event.digest)
        } else {
            state.events[request.uid] = nil
        }
    }
}

/// A sync that stopped: why, and what it had done.
package struct SyncInterrupted: Error, Sendable {
    package let error: CalDAVError
    package let added: Int
    package let changed: Int
    package let deleted: Int
    package let writes: Int
    /// The state of what was written before it stopped: to be saved.
    package let state: SyncState

    init(error: CalDAVError, run: SyncRun) {
        self.error = error
        added = run.added
        changed = run.changed
        deleted = run.deleted
        writes = run.writes
        state = run.state
    }
}
