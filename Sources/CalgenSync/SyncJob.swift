import CalgenCore
import CalgenLoad
import Foundation

/// One feed synced into one calendar: what `calgen sync` does for its SOURCE, and for each
/// account of `--accounts`. What it has to say on the way (lines about single events, warnings)
/// goes out as ``SyncNotice``s; it ends with a summary, or throws a ``Failure`` naming the user
/// and the URL, never the password.
package struct SyncJob {
    /// A `.ics` file or an http(s) URL.
    var source: String
    /// `--to`: the collection, or a server's or principal's URL with `choice`.
    var to: String
    var choice: CalDAVDiscovery.Choice?
    var user: String
    var password: String
    var statePath: String
    var options: SyncOptions
    /// What starts each line said about single events: the account's id in publisher mode.
    var linePrefix: String

    /// A sync of `source` into the calendar `to` (or the one `choice` names from it), its state
    /// kept in `statePath`.
    package init(
        source: String, to: String, choice: CalDAVDiscovery.Choice?, user: String, password: String, statePath: String,
        options: SyncOptions, linePrefix: String = ""
    ) {
        self.source = source
        self.to = to
        self.choice = choice
        self.user = user
        self.password = password
        self.statePath = statePath
        self.options = options
        self.linePrefix = linePrefix
    }

    /// How a sync ended.
    package struct Outcome: Sendable {
        /// The line that says what was done.
        package var summary: String
        /// Whether some event could not be written (said as an error notice, one each).
        package var failedEvents: Bool
    }

    /// How many requests are sent at once.
    static let inFlight = 8

    var isURLSource: Bool { source.contains("://") }

    /// What `--calendar` or `--create` asked, as kept in the state.
    var target: String? { choice.map { "\(to) \($0.name)" } }

    var name: String {
        if isURLSource, let path = URLComponents(string: source)?.path, !path.isEmpty {
            return (path as NSString).lastPathComponent
        }
        return (source as NSString).lastPathComponent
    }

    /// Syncs the feed: reads the state, finds the calendar, reads the source, plans and writes;
    /// `say` is given what is to be said on the way.
    package func run(say: (SyncNotice) -> Void) throws(Failure) -> Outcome {
        let previous = try readState()
        try checkDestination(previous: previous, say: say)
        // A file source is read before any request: its problems cost no round trip.
        let file = isURLSource ? nil : try readFile()
        let deadline = ContinuousClock.now + .milliseconds(Int64(min(max(options.timeLimit, 0), 86_400) * 1000))
        let http = SyncHTTP(user: user, password: password, timeout: options.timeout, deadline: deadline)
        let calendar = try resolveCollection(previous: previous, http: http, say: say)
        if let previous, previous.collection != calendar.collection {
            throw .problem(
                Diagnostic(
                    file: statePath, location: .jsonPath("collection"),
                    message: "is the state of another calendar (\(HTTPFetcher.display(previous.collection)))",
                    fix: "give this calendar its own --state"))
        }
        // Downloads count apart from the requests to the calendar, and carry no credentials.
        let download = SyncHTTP(
            user: nil, password: nil, timeout: options.timeout, maxBytes: Self.maxFeedBytes, deadline: deadline)
        var feed: Feed
        if let file { feed = file } else { feed = try readSource(previous: previous, download: download, conditional: true) }
        let client = CalDAVClient(collection: calendar.collection, http: http)
        if let outcome = try unchanged(previous: previous, feed: feed, client: client, download: download) {
            return outcome
        }
        if feed.bytes == nil { feed = try readSource(previous: previous, download: download, conditional: false) }
        let events = try events(of: feed)
        let listed = try list(calendar, previous: previous, http: http, say: say)
        return try sync(
            events, feed: feed, into: listed, previous: listed.foundAgain ? nil : previous, download: download, say: say)
    }

    /// The sync from the calendar's listing on: the plan, said on a dry run, sent otherwise.
    private func sync(
        _ events: [SyncEvent], feed: Feed, into listed: ListedCalendar, previous: SyncState?, download: SyncHTTP,
        say: (SyncNotice) -> Void
    ) throws(Failure) -> Outcome {
        let client = listed.client
        let start = startState(previous: previous, collection: client.collection)
        let plan = try plan(events, state: start, listed: listed.listing, client: client, say: say)
        if options.dryRun {
            return Outcome(
                summary:
                    "dry run: \(name) → \(client.shown): \(plan.count(.add)) to add, \(plan.count(.change)) to change, "
                    + "\(plan.count(.delete)) to delete, \(plan.unchanged) unchanged; nothing written",
                failedEvents: false)
        }
        let run = try send(plan, from: start, previous: previous, client: client, say: say)
        finish(run, previous: previous, feed: feed, listedTags: listed.listing.tags, say: say)
        return Outcome(
            summary:
                "synced \(name) into \(client.shown): \(Self.counts(run, plan: plan)) (\(run.writes) writes, \(Self.requests(client, download)))",
            failedEvents: !run.failed.isEmpty)
    }

    /// The state read from `statePath`; none before the first sync.
    private func readState() throws(Failure) -> SyncState? {
        do {
            return try SyncState.read(statePath)
        } catch {
            throw Failure(error)
        }
    }

    /// Before any request: a warning when the password would go in clear (Basic authentication
    /// sends it as it is), and a refusal when the state names a calendar on another host.
    private func checkDestination(previous: SyncState?, say: (SyncNotice) -> Void) throws(Failure) {
        if !to.lowercased().hasPrefix("https:"), !FeedDownload.isAllowedSource(to) {
            say(.warning("\(HTTPFetcher.display(to)) is http: the password goes in clear"))
        }
        if let previous, !HTTPRedirect.isSameOrigin(previous.collection, to) {
            throw .problem(
                Diagnostic(
                    file: statePath, location: .jsonPath("collection"),
                    message:
                        "names a calendar on another host than --to (\(HTTPFetcher.display(previous.collection))); calgen sends the password only to the host given",
                    fix: "give this calendar its own --state"))
        }
    }

    /// The cheap way: when the source is as last synced, one PROPFIND of the collection's tags,
    /// and nothing more when they did not move.
    private func unchanged(previous: SyncState?, feed: Feed, client: CalDAVClient, download: SyncHTTP) throws(Failure)
        -> Outcome?
    {
        guard let previous, let saved = previous.tags,
            previous.mayBeUnchanged(sourceDigest: feed.digest, sourceVersion: feed.version)
        else { return nil }
        do {
            guard let tags = try client.tags(), tags.unchanged(since: saved) else { return nil }
        } catch {
            throw Failure(error)
        }
        return Outcome(
            summary:
                "\(name) → \(client.shown): nothing changed, the source\(feed.bytes == nil ? " (HTTP 304)" : "") and the calendar are as last synced (0 writes, \(Self.requests(client, download)))",
            failedEvents: false)
    }

    /// `3 requests, 1 download`: what a sync sent.
    static func requests(_ client: CalDAVClient, _ download: SyncHTTP) -> String {
        let count = client.http.counter.count
        let downloads = download.counter.count
        return "\(count) request\(count == 1 ? "" : "s")"
            + (downloads == 0 ? "" : ", \(downloads) download\(downloads == 1 ? "" : "s")")
    }

    /// `1 added, 0 changed, 0 deleted, 4 unchanged`: what a run did.
    static func counts(_ run: SyncRun, plan: SyncPlan) -> String {
        "\(run.added) added, \(run.changed) changed, \(run.deleted) deleted, "
            + (run.adopted > 0 ? "\(run.adopted) adopted, " : "") + "\(plan.unchanged) unchanged"
    }

    static func shown(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }

    /// The tags of a listing as saved in the state: none when the server gave none.
    static func savedTags(_ tags: CollectionTags) -> CollectionTags? { tags.isEmpty ? nil : tags }
}
