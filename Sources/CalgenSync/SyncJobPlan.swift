extension SyncJob {
    /// The plan against the calendar's listing: its content compared where ETags cannot tell,
    /// events held by resources calgen did not write adopted (or refused), and a source that would
    /// delete most of what calgen wrote refused.
    func plan(
        _ events: [SyncEvent], state start: SyncState, listed: CollectionListing, client: CalDAVClient,
        say: (SyncNotice) -> Void
    ) throws(Failure) -> SyncPlan {
        // Resources whose ETag cannot say whether they changed since calgen wrote them: their
        // content is read and compared instead.
        let checked = try contentChecks(state: start, listing: listed, client: client)
        let listing = listed.etags.filter { checked.gone.contains($0.key) == false }
        var plan = SyncPlan(events: events, state: start, listing: listing, policy: options.policy, checked: checked.found)
        sayContentChecks(plan.contentChecks, client: client, say: say)
        if plan.count(.add) > 0 {
            let holders = try holders(of: events, plan: plan, state: start, listing: listing, client: client, say: say)
            if !holders.isEmpty, try adopt(holders, of: events, client: client, say: say) {
                plan = SyncPlan(
                    events: events, state: start, listing: listing, policy: options.policy, adopted: holders,
                    checked: checked.found)
            }
        }
        for line in plan.kept { say(.line(linePrefix + "kept: " + line)) }
        if !options.dryRun, !options.allowDeletions, plan.deletesMost(of: start, sourceEvents: events.count) {
            throw Failure(
                message:
                    "\(name) has \(events.count) events and would delete \(plan.count(.delete)) of the \(start.events.count) calgen wrote; nothing was sent",
                fix:
                    "check that the feed is complete (a failed build, another feed's path); if the events are really gone, run again with --allow-deletions"
            )
        }
        return plan
    }

    /// Whether the resources calgen did not write that hold events it would add are taken over
    /// (`--adopt`); a dry run says they are there, and a sync without `--adopt` stops.
    private func adopt(
        _ holders: [String: String], of events: [SyncEvent], client: CalDAVClient, say: (SyncNotice) -> Void
    ) throws(Failure) -> Bool {
        let lines = holders.sorted { $0.key < $1.key }.map { "\($0.value) holds \($0.key)" }
        let shown = lines.prefix(5).joined(separator: "; ") + (lines.count > 5 ? "; and \(lines.count - 5) more" : "")
        if options.adopt {
            say(
                .line(
                    linePrefix
                        + "adopting \(holders.count) resource\(holders.count == 1 ? "" : "s") that hold the feed's events: \(shown)"
                ))
            return true
        }
        guard options.dryRun else {
            throw Failure(
                message:
                    "\(client.shown) already holds \(holders.count) of the \(events.count) events of \(name) in resources calgen did not write (the feed imported once?): \(shown); nothing was written",
                fix:
                    "run again with --adopt to take those resources over in place (calgen writes them from then on, and its state records them), or sync into an empty calendar (--create \"NAME\")"
            )
        }
        say(
            .line(
                linePrefix
                    + "dry run: the calendar holds \(holders.count) of the feed's events in resources calgen did not write (\(shown)); a sync needs --adopt"
            ))
        return false
    }

    /// The resources of the collection calgen did not write that hold an event the plan would
    /// add, by UID: read with one REPORT, only when the listing has such resources. A server that
    /// does not answer it is left to refuse the PUTs (no-uid-conflict).
    private func holders(
        of events: [SyncEvent], plan: SyncPlan, state: SyncState, listing: [String: String], client: CalDAVClient,
        say: (SyncNotice) -> Void
    ) throws(Failure) -> [String: String] {
        let known = Set(state.events.values.map(\.name)).union(events.map { SyncPlan.resourceName(uid: $0.uid) })
        guard listing.keys.contains(where: { !known.contains($0) }) else { return [:] }
        let adding = Set(plan.requests.filter { $0.kind == .add }.map(\.uid))
        let found: [String: Set<String>]?
        do {
            found = try client.uids()
        } catch {
            throw Failure(error)
        }
        guard let found else {
            say(
                .line(
                    linePrefix
                        + "note: the calendar did not answer a calendar-query REPORT; events it holds already show as UID conflicts"
                ))
            return [:]
        }
        var holders: [String: String] = [:]
        for (resource, uids) in found.sorted(by: { $0.key < $1.key }) where !known.contains(resource) && listing[resource] != nil
        {
            for uid in uids where adding.contains(uid) && holders[uid] == nil { holders[uid] = resource }
        }
        return holders
    }

    /// What GETs found of the resources ``SyncPlan/resourcesToCheck(state:listing:)`` names, by
    /// name, and those that were gone meanwhile.
    private func contentChecks(state: SyncState, listing: CollectionListing, client: CalDAVClient) throws(Failure) -> (
        found: [String: ContentCheck], gone: Set<String>
    ) {
        let names = SyncPlan.resourcesToCheck(state: state, listing: listing)
        guard !names.isEmpty else { return ([:], []) }
        let reads: [String: ResourceRead?]
        do {
            reads = try client.read(names, inFlight: Self.inFlight)
        } catch {
            throw Failure(error)
        }
        var byName: [String: (uid: String, entry: SyncState.Entry)] = [:]
        for (uid, entry) in state.events { byName[entry.name] = (uid, entry) }
        var found: [String: ContentCheck] = [:]
        var gone = Set<String>()
        for (name, read) in reads {
            guard let read, let (uid, entry) = byName[name] else {
                gone.insert(name)
                continue
            }
            found[name] = ContentCheck(read, uid: uid, entry: entry)
        }
        return (found, gone)
    }

    /// Says why content was compared: the server's ETags moved without a change, or it gives none.
    private func sayContentChecks(_ reasons: ContentCheckReasons, client: CalDAVClient, say: (SyncNotice) -> Void) {
        if !reasons.unstable.isEmpty {
            let count = reasons.unstable.count
            say(
                .warning(
                    "\(linePrefix)\(client.shown): the server's ETags are unstable: \(count) event\(count == 1 ? "" : "s") calgen wrote "
                        + "\(count == 1 ? "was" : "were") listed with another ETag than the server gave (or listed twice) though "
                        + "\(count == 1 ? "it holds" : "they hold") what calgen wrote; calgen compared the content instead (a GET each) "
                        + "and took none for an edit"))
        }
        if !reasons.withoutETag.isEmpty {
            let count = reasons.withoutETag.count
            say(
                .warning(
                    "\(linePrefix)\(client.shown) lists its resources without ETags: calgen compared the content of the "
                        + "\(count) event\(count == 1 ? "" : "s") it wrote instead (a GET each) and writes them without If-Match"
                ))
        }
    }
}
