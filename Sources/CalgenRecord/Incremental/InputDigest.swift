import CalgenLoad
import CalgenModel
import CalgenSupport
import Foundation

/// The one way calgen digests what an output is made from: a head naming this calgen (its
/// version, the digest of its sources, and the cmark and time zone data it ran with), then one labelled
/// line per input, as one SHA-256. The build state and every personal feed's manifest are made
/// with it, so "why was this not rendered again?" has one answer: none of these lines changed.
package struct InputDigest: Sendable {
    private var lines = ""

    /// A digest of nothing but the head.
    package init() {}

    /// The head of every digest. `CodeRevision.sources` is derived from calgen's sources at build
    /// time (Plugins/CodeRevision), so a change to any renderer changes every digest, and an
    /// unchanged subscriber's feed is rendered again by the upgraded calgen; cmark renders the
    /// notes and comes from the system, so its version is part of the head too.
    static let head = """
        \(Calgen.generator)
        code \(CodeRevision.sources)
        cmark \(Markdown.libraryVersion)
        tzdata \(TimeZone.timeZoneDataVersion)

        """

    /// Adds one input: `label value`.
    package mutating func add(_ label: String, _ value: String) {
        lines += label + " " + value + "\n"
    }

    /// Adds the lines of another digest (made once for many).
    mutating func append(_ other: InputDigest) {
        lines += other.lines
    }

    /// The SHA-256 of the head and every line added.
    package var sha256: String { Digest.sha256(Array((InputDigest.head + lines).utf8)) }
}

extension InputDigest {
    /// The digest of what subscribers' files were parsed under: this calgen (its parser) and
    /// `dependencies` (the site's time zone and every work schedule, as the loader gives them).
    /// A build record's summaries of subscribers stand for their files only under the same.
    package static func subscriberParse(_ dependencies: String) -> String {
        var digest = InputDigest()
        digest.add("subscribers", dependencies)
        return digest.sha256
    }
}
