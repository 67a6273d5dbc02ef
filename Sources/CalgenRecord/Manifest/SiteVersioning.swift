/// The one versioning of a site and its feeds: the site manifest and every feed manifest carry
/// the site's version, and a build that changes anything (a page, the day API, a public or
/// personal feed) makes the next one. Feed manifests of feeds that changed are written with the
/// next version before the site decides; a site whose feeds changed always makes it.
package struct SiteVersioning: Sendable {
    /// The last published manifest; `nil` starts at version 1.
    let previous: Manifest?

    package init(previous: Manifest?) {
        self.previous = previous
    }

    /// The version a build makes when anything changed.
    package var next: Int { (previous?.version ?? 0) + 1 }

    /// Whether the previous manifest is at the last version calgen makes (`ManifestLimits.number`).
    package var isAtLast: Bool { (previous?.version ?? 0) >= ManifestLimits.number }

    /// The version of a build: the next one when anything changed (or there was none before),
    /// else the previous one.
    package func version(changed: Bool) -> Int {
        guard let previous, !changed else { return next }
        return previous.version
    }

    /// When the version was made: now for a new version, else when the previous one was.
    package func generatedAt(changed: Bool, now: String) -> String {
        guard let previous, !changed else { return now }
        return previous.generatedAt
    }
}
