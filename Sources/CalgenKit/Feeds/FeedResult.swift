import CalgenCore
import CalgenModel

/// One feed of a build: what the site manifest needs to know about it, and its two files (the
/// `.ics` and the manifest beside it) as planned output.
struct FeedResult: Sendable {
    let feed: PlannedFile
    let manifest: PlannedFile
    let isPublic: Bool
    let sha256: String
    /// Events rendered for this build (0 for a feed kept without rendering).
    let eventsRendered: Int
    /// Whether the feed's bytes differ from the previous build's.
    let changed: Bool
    /// What a personal feed is made from (`FeedInputs`), when that is known.
    var inputs: String? = nil
    /// A feed larger than some clients accept (see `FeedSize`); empty for a feed kept unrendered.
    var warnings: [Diagnostic] = []

    var path: String { feed.path }

    /// Whether this build rendered the feed (the public one always is).
    var isRendered: Bool { eventsRendered > 0 || isPublic }
}
