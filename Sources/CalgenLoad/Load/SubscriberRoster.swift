import CalgenCore
import CalgenModel
import Foundation

/// Every subscriber of a build, in id order: those the loader parsed, and those whose file the
/// build record vouches unchanged since the last build (read under the same site time zone and
/// work schedules), known by their summary alone and parsed only when their feed or its page
/// must be made again. One note edited on a site of 10,000 subscribers then parses none of them.
package struct SubscriberRoster: Sendable {
    /// Every subscriber's summary, by id.
    package let summaries: [SubscriberSummary]
    private let parsed: [String: Subscriber]
    private let later: Later?

    /// Parses a vouched subscriber's file the first time it is needed, once.
    private final class Later: @unchecked Sendable {
        let parse: @Sendable (String) throws(ContentErrors) -> Subscriber
        private let lock = NSLock()
        private var made = [String: Subscriber]()

        init(parse: @escaping @Sendable (String) throws(ContentErrors) -> Subscriber) {
            self.parse = parse
        }

        var count: Int { lock.withLock { made.count } }

        func subscriber(_ id: String) throws(ContentErrors) -> Subscriber {
            if let subscriber = lock.withLock({ made[id] }) { return subscriber }
            let subscriber = try parse(id)
            lock.withLock { made[id] = subscriber }
            return subscriber
        }
    }

    /// The subscribers of `site`, with those `sources` names as vouched and unparsed.
    package init(site: Site, sources: SourceDigests) {
        parsed = Dictionary(site.subscribers.map { ($0.id, $0) }) { first, _ in first }
        if sources.vouchedSubscribers.isEmpty {
            summaries = site.subscribers.map(\.summary)
            later = nil
        } else {
            summaries = (site.subscribers.map(\.summary) + sources.vouchedSubscribers).sorted { $0.id < $1.id }
            later = sources.parseVouched.map(Later.init)
        }
    }

    /// How many subscribers were parsed so far: when the content was loaded, and since.
    package var parsedCount: Int { parsed.count + (later?.count ?? 0) }

    /// The subscriber `id`, parsed now from their file if the loader did not.
    package func subscriber(_ id: String) throws(ContentErrors) -> Subscriber {
        if let subscriber = parsed[id] { return subscriber }
        guard let later else {
            throw ContentErrors(
                Diagnostic(file: id, message: "the subscriber \"\(id)\" was not loaded", fix: "build again"))
        }
        return try later.subscriber(id)
    }
}
