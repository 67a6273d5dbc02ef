import CalgenCore
import CalgenModel

/// One feed of a build: what the site manifest needs to know about it, and its two files (the
/// `.ics` and the manifest beside it) as planned output.
package struct FeedResult: Sendable {
    package let feed: PlannedFile
    package let manifest: PlannedFile
    package let isPublic: Bool
    package let sha256: String
    /// Events rendered for this build (0 for a feed kept without rendering).
    package let eventsRendered: Int
    /// Whether the feed's bytes differ from the previous build's.
    package let changed: Bool
    /// What a personal feed is made from (`FeedInputs`), when that is known.
    package var inputs: String? = nil
    /// A feed larger than some clients accept (see `FeedSize`); empty for a feed kept unrendered.
    package var warnings: [Diagnostic] = []

    package init(
        feed: PlannedFile, manifest: PlannedFile, isPublic: Bool, sha256: String, eventsRendered: Int, changed: Bool,
        inputs: String? = nil, warnings: [Diagnostic] = []
    ) {
        (self.feed, self.manifest, self.isPublic, self.sha256) = (feed, manifest, isPublic, sha256)
        (self.eventsRendered, self.changed, self.inputs, self.warnings) = (eventsRendered, changed, inputs, warnings)
    }

    package var path: String { feed.path }

    /// Whether this build rendered the feed (the public one always is).
    package var isRendered: Bool { eventsRendered > 0 || isPublic }
}
