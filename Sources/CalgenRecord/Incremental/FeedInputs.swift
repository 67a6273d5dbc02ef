import CalgenCore
import CalgenLoad

/// What each personal feed is made from, as one `InputDigest`: the site settings, the
/// subscriber's file, the work schedule it names, the feed's path (and so its token), its horizon, every holiday file and
/// the notes addressed to it. Written into the feed's manifest; a feed whose digest is the one
/// there is kept as it is (`keeps`).
package struct FeedInputs: Sendable {
    package let sources: SourceDigests
    /// The head and the holiday files, the same for every feed: made once.
    private let shared: InputDigest

    package init(sources: SourceDigests, holidaySources: [Int: String]) {
        self.sources = sources
        var shared = InputDigest()
        for year in holidaySources.keys.sorted() { shared.add("holidays", "\(year) \(holidaySources[year]!)") }
        self.shared = shared
    }

    /// The digest of a subscriber's feed; `nil` when the site was not loaded from files (made in
    /// memory), so that nothing can be known unchanged.
    package func digest(of subscriber: SubscriberSummary, path: String, horizon: FeedHorizon, notes: [Note]) -> String? {
        guard let config = sources.config, let own = sources.subscribers[subscriber.id] else { return nil }
        var digest = InputDigest()
        digest.add("site", config)
        digest.add("subscriber", "\(subscriber.id) \(own)")
        if let id = subscriber.schedule {
            // Only for a subscriber with a schedule: the digests of the others stay as they were.
            guard let schedule = sources.schedules[id] else { return nil }
            digest.add("schedule", "\(id) \(schedule)")
        }
        digest.add("path", path)
        digest.add("horizon", "\(horizon.first.iso8601) \(horizon.last.iso8601)")
        digest.append(shared)
        for note in notes {
            guard let noteDigest = sources.notes[note.slug] else { return nil }
            // By slug and bytes, not by file path: the same content in another folder (or named
            // `./Content` instead of `Content`) makes the same feeds.
            digest.add("note", "\(note.slug) \(noteDigest)")
        }
        return digest.sha256
    }

    /// The one "render or keep" decision of a feed: the previous build's feed is kept, unread and
    /// unrendered, when its manifest says it was made from `inputs`, the output holds it with the
    /// size the manifest says, and the manifest is intact. Returns the head it is kept by.
    package static func keeps(_ path: String, inputs: String?, previous: PreviousOutput) -> FeedManifest.Head? {
        guard let inputs, let head = previous.feeds[path]?.head, head.inputs == inputs,
            previous.holds(path, size: head.size), previous.isIntact(feed: path)
        else { return nil }
        return head
    }
}
