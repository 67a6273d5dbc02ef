extension SyncJob {
    /// Sends the plan; the state of what was written is saved before each batch and when the
    /// sync stops half way, which throws saying how far it went.
    func send(
        _ plan: SyncPlan, from start: SyncState, previous: SyncState?, client: CalDAVClient, say: (SyncNotice) -> Void
    ) throws(Failure) -> SyncRun {
        do {
            return try SyncRun(
                plan: plan, state: start, collection: client, policy: options.policy, adopt: options.adopt,
                inFlight: Self.inFlight
            ) { partial in
                // Before each batch: what was written so far and the batch's PUTs as pending,
                // should the process be killed before the end.
                save(partial, sourceOf: previous, say: say)
            }
        } catch {
            save(error.state, sourceOf: previous, say: say)
            if error.error.isTimeLimit {
                throw .unfinished(
                    "\(name) → \(client.shown): \(error.writes) of \(plan.requests.count) writes done when the time limit (--time-limit \(SyncJob.shown(options.timeLimit)) s) ran out; run again to continue (\(statePath) keeps what was written)"
                )
            }
            throw Failure(
                message:
                    "\(error.error.description) (after \(error.added) added, \(error.changed) changed, \(error.deleted) deleted; "
                    + "\(statePath) keeps what was written)")
        }
    }

    /// Saves the state of a run that went to its end, and says the events that could not be written.
    func finish(
        _ run: SyncRun, previous: SyncState?, feed: Feed, listedTags: CollectionTags, say: (SyncNotice) -> Void
    ) {
        var finished = run.state
        finished.sourceDigest = run.failed.isEmpty ? feed.digest : previous?.sourceDigest
        finished.sourceVersion = run.failed.isEmpty ? feed.version : previous?.sourceVersion
        if run.failed.isEmpty && run.kept.isEmpty {
            // The tags read with the listing, when nothing was written since. After calgen's own
            // writes none are saved: tags read now could hide an edit made in the calendar
            // meanwhile, so the next run lists once. Nor when an event was left as the calendar has it.
            finished.tags = run.writes == 0 ? Self.savedTags(listedTags) : nil
            finished.sourceETag = feed.etag
            finished.sourceLastModified = feed.lastModified
        }
        save(finished, say: say)
        for line in run.failed { say(.error(linePrefix + line)) }
    }

    /// Saves the state of a sync that did not complete, with the source it last completed from.
    private func save(_ state: SyncState, sourceOf previous: SyncState?, say: (SyncNotice) -> Void) {
        var state = state
        state.sourceDigest = previous?.sourceDigest
        state.sourceVersion = previous?.sourceVersion
        save(state, say: say)
    }

    private func save(_ state: SyncState, say: (SyncNotice) -> Void) {
        do {
            try state.write(statePath)
        } catch {
            for problem in error.diagnostics { say(.problem(problem)) }
        }
    }
}
