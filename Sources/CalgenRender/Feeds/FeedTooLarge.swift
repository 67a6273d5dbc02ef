import CalgenCore
import CalgenModel

/// A feed that would have more than `Limits.eventsPerFeed` events.
struct FeedTooLarge: Error {
    let events: Int

    func diagnostic(file: String, fix: String) -> Diagnostic {
        Diagnostic(
            file: file, message: "the feed would have \(events) events; the limit is \(Limits.eventsPerFeed)", fix: fix)
    }
}
