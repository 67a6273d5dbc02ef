import CalgenKit
import Foundation

/// One feed synced into one calendar: what `calgen sync` does for its SOURCE, and for each
/// account of `--accounts`. Prints the lines about single events itself; ends with a summary,
/// or throws a message naming the user and the URL, never the password.
struct SyncJob {
    /// A `.ics` file or an http(s) URL.
    var source: String
    /// `--to`: the collection, or a server's or principal's URL with `choice`.
    var to: String
    var choice: CalDAVDiscovery.Choice?
    var user: String
    var password: String
    var statePath: String
    var dryRun = false
    var keepEdited = false
    var allowDeletions = false
    /// `--adopt`: take over the calendar's resources that hold the feed's events.
    var adopt = false
    var timeout: Double = 20
    var totalTimeout: Double = 600
    /// What starts each line printed about single events: the account's id in publisher mode.
    var linePrefix = ""

    /// How a job ended.
    struct Outcome {
        var summary: String
        /// Whether some event could not be written (said on standard error, one line each).
        var failedEvents: Bool
    }

    /// How many requests are sent at once.
    static let inFlight = 8

    /// Why a job stopped; `fix` is printed under it.
    struct Failure: Error {
        var message: String
        var fix: String?
        /// The time limit ended a sync that was going well: what was written is kept and a run
        /// again goes on (exit status ``SyncJob/unfinished``).
        var unfinished = false
    }

    /// The exit status of a sync the time limit stopped half way (EX_TEMPFAIL): run again to continue.
    static let unfinished: Int32 = 75

    var isURLSource: Bool { source.contains("://") }

    /// What `--calendar` or `--create` asked, as kept in the state.
    var target: String? { choice.map { "\(to) \($0.name)" } }

    var name: String {
        if isURLSource, let path = URLComponents(string: source)?.path, !path.isEmpty {
            return (path as NSString).lastPathComponent
        }
        return (source as NSString).lastPathComponent
    }

    func run() throws(Failure) -> Outcome {
        var previous: SyncState?
        do {
            previous = try SyncState.read(statePath)
        } catch {
            throw Failure(message: error.description)
        }
        // Before any request: Basic authentication sends the password as it is.
        if !to.lowercased().hasPrefix("https:"), !FeedDownload.isAllowedSource(to) {
            Terminal.write(
                Terminal.styled("warning:", .warning)
                    + " \(Terminal.safe(HTTPFetcher.display(to))) is http: the password goes in clear\n")
        }
        if let previous, !CalDAVDiscovery.isSameOrigin(previous.collection, to) {
            throw Failure(
                message:
                    "\(statePath) names a calendar on another host than --to (\(HTTPFetcher.display(previous.collection))); calgen sends the password only to the host given",
                fix: "give this calendar its own --state")
        }
        let deadline = ContinuousClock.now + .milliseconds(Int64(min(max(totalTimeout, 0), 86_400) * 1000))
        let http = SyncHTTP(user: user, password: password, timeout: timeout, deadline: deadline)
        var (collection, toBeCreated) = try resolveCollection(previous: previous, http: http)
        if let previous, previous.collection != collection {
            throw Failure(
                message:
                    "\(statePath) is the state of another calendar (\(HTTPFetcher.display(previous.collection))); give this calendar its own --state"
            )
        }
        var client = CalDAVClient(collection: collection, http: http)
        // Downloads count apart from the requests to the calendar, and carry no credentials.
        let download = SyncHTTP(user: nil, password: nil, timeout: timeout, maxBytes: 16 << 20, deadline: deadline)
        func requests() -> String {
            let count = client.http.counter.count
            let downloads = download.counter.count
            return "\(count) request\(count == 1 ? "" : "s")"
                + (downloads == 0 ? "" : ", \(downloads) download\(downloads == 1 ? "" : "s")")
        }
        var feed = try readSource(previous: previous, download: download, conditional: true)
        if let previous, let saved = previous.tags,
            previous.mayBeUnchanged(sourceDigest: feed.digest, sourceVersion: feed.version)
        {
            // The cheap way: one PROPFIND of the collection's tags, and nothing more when they did not move.
            do {
                if let tags = try client.tags(), tags.unchanged(since: saved) {
                    return Outcome(
                        summary:
                            "\(name) → \(client.shown): nothing changed, the source\(feed.bytes == nil ? " (HTTP 304)" : "") and the calendar are as last synced (0 writes, \(requests()))",
                        failedEvents: false)
                }
            } catch {
                throw Failure(message: error.description)
            }
        }
        if feed.bytes == nil { feed = try readSource(previous: previous, download: download, conditional: false) }
        let bytes = feed.bytes ?? []
        let events: [SyncEvent]
        do {
            events = try SyncEvent.events(ofFeed: bytes)
        } catch {
            throw Failure(message: "\(HTTPFetcher.display(source)): \(error)")
        }
        var listed = CollectionListing()
        do throws(CalDAVError) {
            // A dry run plans a calendar it would create against an empty listing.
            if !toBeCreated { listed = try client.listingAndTags() }
        } catch {
            // The calendar found by an earlier run is gone: found (or made) again, from an empty state.
            guard error.isMissing, let choice, previous?.target == target, previous != nil else {
                throw Failure(message: error.description)
            }
            (collection, toBeCreated) = try discover(choice, http: http)
            client = CalDAVClient(collection: collection, http: http)
            previous = nil
            do {
                if !toBeCreated { listed = try client.listingAndTags() }
            } catch {
                throw Failure(message: error.description)
            }
        }
        let listedTags = listed.tags
        let policy: SyncPolicy = keepEdited ? .keepEdited : .calgenWins
        var start = previous ?? SyncState(collection: collection)
        start.target = target
        // Tags and the download's validators are saved only at the end of a sync that completed.
        start.tags = nil
        start.sourceETag = nil
        start.sourceLastModified = nil
        // Resources whose ETag cannot say whether they changed since calgen wrote them: their
        // content is read and compared instead.
        let checked = try contentChecks(state: start, listing: listed, client: client)
        let listing = listed.etags.filter { checked.gone.contains($0.key) == false }
        var plan = SyncPlan(events: events, state: start, listing: listing, policy: policy, checked: checked.found)
        sayContentChecks(plan.contentChecks, client: client)
        if plan.count(.add) > 0 {
            let holders = try holders(of: events, plan: plan, state: start, listing: listing, client: client)
            if !holders.isEmpty {
                let lines = holders.sorted { $0.key < $1.key }.map { "\($0.value) holds \($0.key)" }
                let shown = lines.prefix(5).joined(separator: "; ") + (lines.count > 5 ? "; and \(lines.count - 5) more" : "")
                if adopt {
                    plan = SyncPlan(
                        events: events, state: start, listing: listing, policy: policy, adopted: holders, checked: checked.found)
                    print(
                        Terminal.safe(
                            linePrefix
                                + "adopting \(holders.count) resource\(holders.count == 1 ? "" : "s") that hold the feed's events: \(shown)"
                        ))
                } else if dryRun {
                    print(
                        Terminal.safe(
                            linePrefix
                                + "dry run: the calendar holds \(holders.count) of the feed's events in resources calgen did not write (\(shown)); a sync needs --adopt"
                        ))
                } else {
                    throw Failure(
                        message:
                            "\(client.shown) already holds \(holders.count) of the \(events.count) events of \(name) in resources calgen did not write (the feed imported once?): \(shown); nothing was written",
                        fix:
                            "run again with --adopt to take those resources over in place (calgen writes them from then on, and its state records them), or sync into an empty calendar (--create \"NAME\")"
                    )
                }
            }
        }
        for line in plan.kept { print(Terminal.safe(linePrefix + "kept: " + line)) }
        if !dryRun, !allowDeletions, plan.deletesMost(of: start, sourceEvents: events.count) {
            throw Failure(
                message:
                    "\(name) has \(events.count) events and would delete \(plan.count(.delete)) of the \(start.events.count) calgen wrote; nothing was sent",
                fix:
                    "check that the feed is complete (a failed build, another feed's path); if the events are really gone, run again with --allow-deletions"
            )
        }
        if dryRun {
            return Outcome(
                summary:
                    "dry run: \(name) → \(client.shown): \(plan.count(.add)) to add, \(plan.count(.change)) to change, "
                    + "\(plan.count(.delete)) to delete, \(plan.unchanged) unchanged; nothing written",
                failedEvents: false)
        }
        var finished: SyncState
        var failed: [String] = []
        var writes = 0
        var keptAny = false
        let counts: String
        do {
            let run = try SyncRun(
                plan: plan, state: start, collection: client, policy: policy, adopt: adopt, inFlight: Self.inFlight
            ) { partial in
                // Before each batch: what was written so far and the batch's PUTs as pending,
                // should the process be killed before the end.
                var partial = partial
                partial.sourceDigest = previous?.sourceDigest
                partial.sourceVersion = previous?.sourceVersion
                save(partial)
            }
            finished = run.state
            failed = run.failed
            writes = run.writes
            keptAny = !run.kept.isEmpty
            counts =
                "\(run.added) added, \(run.changed) changed, \(run.deleted) deleted, "
                + (run.adopted > 0 ? "\(run.adopted) adopted, " : "") + "\(plan.unchanged) unchanged"
        } catch {
            var interrupted = error.state
            interrupted.sourceDigest = previous?.sourceDigest
            interrupted.sourceVersion = previous?.sourceVersion
            save(interrupted)
            if error.error.isTimeLimit {
                let total = plan.requests.count
                throw Failure(
                    message:
                        "\(name) → \(client.shown): \(error.writes) of \(total) writes done when the time limit (--time-limit \(SyncJob.shown(totalTimeout)) s) ran out; run again to continue (\(statePath) keeps what was written)",
                    unfinished: true)
            }
            throw Failure(
                message:
                    "\(error.error.description) (after \(error.added) added, \(error.changed) changed, \(error.deleted) deleted; "
                    + "\(statePath) keeps what was written)")
        }
        finished.sourceDigest = failed.isEmpty ? feed.digest : previous?.sourceDigest
        finished.sourceVersion = failed.isEmpty ? feed.version : previous?.sourceVersion
        if failed.isEmpty && !keptAny {
            // The tags read with the listing, when nothing was written since. After calgen's own
            // writes none are saved: tags read now could hide an edit made in the calendar
            // meanwhile, so the next run lists once. Nor when an event was left as the calendar has it.
            finished.tags = writes == 0 ? Self.savedTags(listedTags) : nil
            finished.sourceETag = feed.etag
            finished.sourceLastModified = feed.lastModified
        }
        save(finished)
        for line in failed { Terminal.write(Terminal.styled("error:", .error) + " \(Terminal.safe(linePrefix + line))\n") }
        return Outcome(
            summary: "synced \(name) into \(client.shown): \(counts) (\(writes) writes, \(requests()))",
            failedEvents: !failed.isEmpty)
    }

    static func shown(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }

    /// The resources of the collection calgen did not write that hold an event the plan would
    /// add, by UID: read with one REPORT, only when the listing has such resources. A server that
    /// does not answer it is left to refuse the PUTs (no-uid-conflict).
    private func holders(
        of events: [SyncEvent], plan: SyncPlan, state: SyncState, listing: [String: String], client: CalDAVClient
    ) throws(Failure) -> [String: String] {
        let known = Set(state.events.values.map(\.name)).union(events.map { SyncPlan.resourceName(uid: $0.uid) })
        guard listing.keys.contains(where: { !known.contains($0) }) else { return [:] }
        let adding = Set(plan.requests.filter { $0.kind == .add }.map(\.uid))
        let found: [String: Set<String>]?
        do {
            found = try client.uids()
        } catch {
            throw Failure(message: error.description)
        }
        guard let found else {
            print(
                Terminal.safe(
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
            throw Failure(message: error.description)
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
    private func sayContentChecks(_ reasons: ContentCheckReasons, client: CalDAVClient) {
        if !reasons.unstable.isEmpty {
            let count = reasons.unstable.count
            Terminal.write(
                Terminal.styled("warning:", .warning)
                    + Terminal.safe(
                        " \(linePrefix)\(client.shown): the server's ETags are unstable: \(count) event\(count == 1 ? "" : "s") calgen wrote "
                            + "\(count == 1 ? "was" : "were") listed with another ETag than the server gave (or listed twice) though "
                            + "\(count == 1 ? "it holds" : "they hold") what calgen wrote; calgen compared the content instead (a GET each) "
                            + "and took none for an edit") + "\n")
        }
        if !reasons.withoutETag.isEmpty {
            let count = reasons.withoutETag.count
            Terminal.write(
                Terminal.styled("warning:", .warning)
                    + Terminal.safe(
                        " \(linePrefix)\(client.shown) lists its resources without ETags: calgen compared the content of the "
                            + "\(count) event\(count == 1 ? "" : "s") it wrote instead (a GET each) and writes them without If-Match"
                    )
                    + "\n")
        }
    }

    /// The tags of a listing as saved in the state: none when the server gave none.
    static func savedTags(_ tags: CollectionTags) -> CollectionTags? { tags.isEmpty ? nil : tags }

    /// The collection: `--to` itself, or the one found from it (and kept in the state); and
    /// whether it is one a dry run would create (so not there to be listed).
    private func resolveCollection(previous: SyncState?, http: SyncHTTP) throws(Failure) -> (String, Bool) {
        guard let choice else { return (to.hasSuffix("/") ? to : to + "/", false) }
        if let previous, previous.target == target { return (previous.collection, false) }
        return try discover(choice, http: http)
    }

    /// The collection `choice` names from `--to`, made with `--create` when missing (a dry run
    /// says it would make it, and makes nothing); and whether it is still to be made.
    private func discover(_ choice: CalDAVDiscovery.Choice, http: SyncHTTP) throws(Failure) -> (String, Bool) {
        do {
            let found = try CalDAVDiscovery(start: to, http: http).find(choice, dryRun: dryRun)
            if found.created {
                print(
                    Terminal.safe(linePrefix + "created calendar \"\(choice.name)\" at \(HTTPFetcher.display(found.collection))"))
            }
            if found.wouldCreate {
                print(
                    Terminal.safe(
                        linePrefix
                            + "dry run: would create calendar \"\(choice.name)\" at \(HTTPFetcher.display(found.collection))"))
            }
            return (found.collection, found.wouldCreate)
        } catch {
            throw Failure(message: error.description)
        }
    }

    /// The source's bytes (none when a conditional GET gave 304), digest, manifest version and
    /// the download's validators.
    private struct Feed {
        var bytes: [UInt8]?
        var digest: String?
        var version: Int?
        var etag: String?
        var lastModified: String?
    }

    private func readSource(previous: SyncState?, download: SyncHTTP, conditional: Bool) throws(Failure) -> Feed {
        guard isURLSource else {
            guard let data = FileManager.default.contents(atPath: source) else {
                throw Failure(message: "\(source): cannot be read")
            }
            let bytes = Array(data)
            let manifest = (source as NSString).deletingPathExtension + ".json"
            let version = FileManager.default.contents(atPath: manifest).flatMap { FeedDownload.manifestVersion(Array($0)) }
            return Feed(bytes: bytes, digest: SyncState.digest(ofSource: bytes), version: version)
        }
        // Conditional only on the validators of a sync that completed into this same collection.
        let validators = conditional && previous?.tags != nil
        do {
            switch try FeedDownload.get(
                source, etag: validators ? previous?.sourceETag : nil,
                lastModified: validators ? previous?.sourceLastModified : nil, http: download)
            {
            case .notModified:
                return Feed(
                    bytes: nil, digest: previous?.sourceDigest, version: previous?.sourceVersion, etag: previous?.sourceETag,
                    lastModified: previous?.sourceLastModified)
            case .feed(let bytes, let etag, let lastModified):
                return Feed(
                    bytes: bytes, digest: SyncState.digest(ofSource: bytes),
                    version: FeedDownload.manifestVersion(ofFeed: source, http: download), etag: etag,
                    lastModified: lastModified)
            }
        } catch {
            throw Failure(message: error.description)
        }
    }

    private func save(_ state: SyncState) {
        do {
            try state.write(statePath)
        } catch {
            Terminal.write(Terminal.styled("error:", .error) + " \(Terminal.safe(error.description))\n")
        }
    }
}
