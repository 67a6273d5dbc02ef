import CalgenLoad

extension SyncJob {
    /// The collection a sync writes into, and whether it is one a dry run would create (so not
    /// there to be listed).
    struct FoundCalendar {
        var collection: String
        var toBeCreated: Bool
    }

    /// The collection as listed, and whether it was found again as the one of the state was gone.
    struct ListedCalendar {
        var client: CalDAVClient
        var listing: CollectionListing
        var foundAgain: Bool
    }

    /// The collection: `--to` itself, or the one found from it (and kept in the state).
    func resolveCollection(previous: SyncState?, http: SyncHTTP, say: (SyncNotice) -> Void) throws(Failure)
        -> FoundCalendar
    {
        guard let choice else { return FoundCalendar(collection: to.hasSuffix("/") ? to : to + "/", toBeCreated: false) }
        if let previous, previous.target == target {
            return FoundCalendar(collection: previous.collection, toBeCreated: false)
        }
        return try discover(choice, http: http, say: say)
    }

    /// The collection `choice` names from `--to`, made with `--create` when missing (a dry run
    /// says it would make it, and makes nothing).
    func discover(_ choice: CalDAVDiscovery.Choice, http: SyncHTTP, say: (SyncNotice) -> Void) throws(Failure)
        -> FoundCalendar
    {
        do {
            let found = try CalDAVDiscovery(start: to, http: http).find(choice, dryRun: options.dryRun)
            if found.created {
                say(.line(linePrefix + "created calendar \"\(choice.name)\" at \(HTTPFetcher.display(found.collection))"))
            }
            if found.wouldCreate {
                say(
                    .line(
                        linePrefix
                            + "dry run: would create calendar \"\(choice.name)\" at \(HTTPFetcher.display(found.collection))"
                    ))
            }
            return FoundCalendar(collection: found.collection, toBeCreated: found.wouldCreate)
        } catch {
            throw Failure(error)
        }
    }

    /// The calendar's listing and tags. The calendar found by an earlier run may be gone: then it
    /// is found (or made) again, to be synced from an empty state.
    func list(_ calendar: FoundCalendar, previous: SyncState?, http: SyncHTTP, say: (SyncNotice) -> Void) throws(Failure)
        -> ListedCalendar
    {
        let client = CalDAVClient(collection: calendar.collection, http: http)
        let missing: CalDAVError
        do {
            let listing = try Self.listing(of: client, toBeCreated: calendar.toBeCreated)
            return ListedCalendar(client: client, listing: listing, foundAgain: false)
        } catch {
            missing = error
        }
        guard missing.isMissing, let choice, previous?.target == target, previous != nil else {
            throw Failure(message: missing.description)
        }
        let again = try discover(choice, http: http, say: say)
        let found = CalDAVClient(collection: again.collection, http: http)
        do {
            let listing = try Self.listing(of: found, toBeCreated: again.toBeCreated)
            return ListedCalendar(client: found, listing: listing, foundAgain: true)
        } catch {
            throw Failure(error)
        }
    }

    /// A dry run plans a calendar it would create against an empty listing.
    private static func listing(of client: CalDAVClient, toBeCreated: Bool) throws(CalDAVError) -> CollectionListing {
        try toBeCreated ? CollectionListing() : client.listingAndTags()
    }

    /// The state a sync starts from: the previous one, or an empty one of `collection`.
    func startState(previous: SyncState?, collection: String) -> SyncState {
        var start = previous ?? SyncState(collection: collection)
        start.target = target
        // Tags and the download's validators are saved only at the end of a sync that completed.
        start.tags = nil
        start.sourceETag = nil
        start.sourceLastModified = nil
        return start
    }
}
