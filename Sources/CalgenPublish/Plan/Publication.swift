import CalgenCore
import CalgenModel
import CalgenRecord
import CalgenRender
import CalgenSupport
import Foundation

/// The plan of the next output, a pure function of what was rendered and of the previous output:
/// which public files changed, the site version (one `SiteVersioning` with the feeds), the site
/// manifest, and every file with where its bytes come from.
package struct Publication: Sendable {
    package let plan: OutputPlan
    package let version: Int
    package let manifest: Manifest
    /// Whether this build makes a new version.
    package let isNewVersion: Bool
    /// Why this publication must not be applied: a new version past `ManifestLimits.number`.
    let problems: [Diagnostic]

    /// - Parameters:
    ///   - publicFiles: pages, assets, the day API, `changes.xml`, sitemap and robots.txt.
    ///   - feeds: every feed, the public ones among them.
    ///   - privatePages: the page beside each personal feed and the record of personal feeds;
    ///     like the personal feeds, outside the site manifest.
    ///   - feedPages: the page beside each personal feed, planned as it was rendered (stored in
    ///     the sink, kept from the output, or taken from the shards of an assembled build).
    ///   - years: the holiday data years as the manifest lists them (`Publication.years`).
    ///   - news: what changed for people, this build's items first (`ChangeNews.items`).
    ///   - notes: the state of every note, to tell the next build's changed notes.
    ///   - now: this build's time, which becomes `generatedAt` when anything changed.
    package init(
        publicFiles: [OutputFile], feeds: [FeedResult], privatePages: [OutputFile] = [], feedPages: [PlannedFile] = [],
        years: [Manifest.Year],
        news: [NewsItem], notes: [NoteState], previous: PreviousOutput, now: Date
    ) {
        // The public files, the public feeds and their manifests among them, are in the manifest.
        var listed = publicFiles
        for feed in feeds where feed.isPublic {
            for file in [feed.feed, feed.manifest] {
                if let bytes = file.bytes { listed.append(OutputFile(path: file.path, bytes: bytes)) }
            }
        }
        let diff = ArtifactDiff(listed, previous: previous.manifest)
        let personal = feeds.filter { !$0.isPublic }
        let feedPaths = Set(feeds.map(\.path))
        // A personal feed changed, or a feed of the previous build is gone.
        let personalChanged =
            personal.contains(where: \.changed) || previous.feeds.keys.contains { !feedPaths.contains($0) }
        let anyChange = previous.manifest == nil || diff.changesAnything || personalChanged

        let versioning = SiteVersioning(previous: previous.manifest)
        let version = versioning.version(changed: anyChange)
        // The manifest is made and encoded on a thread of its own while every other file is planned.
        let made = Concurrent { () -> (Manifest, [UInt8]) in
            let manifest = Manifest(
                schemaVersion: Manifest.schemaVersion, version: version,
                contentHash: Publication.contentHash(diff.artifacts, personal: personal),
                generatedAt: versioning.generatedAt(changed: anyChange, now: ManifestTime.iso(now)),
                generator: Calgen.generator, years: years, artifacts: diff.artifacts(at: version),
                changes: anyChange
                    ? ChangeList(version: version, added: diff.added, changed: diff.changed, removed: diff.removed)
                    : previous.manifest!.changes,
                news: news, notes: notes)
            return (manifest, manifest.encoded())
        }

        // Every file with where its bytes come from: unchanged ones are kept from the output.
        var planned = zip(listed, diff.unchanged).map { file, same in
            PlannedFile(file, unchanged: same && previous.isOutput && previous.mayKeep(file.path))
        }
        planned += personal.flatMap { [$0.feed, $0.manifest] }
        planned += privatePages.map { PlannedFile($0, unchanged: previous.holdsBytes(of: $0)) } + feedPages
        planned.sort { $0.path < $1.path }
        // The manifest in its place among them.
        let (manifest, manifestBytes) = made.value
        let manifestUnchanged = manifestBytes == previous.manifestBytes
        var place = (0, planned.count)
        while place.0 < place.1 {
            let middle = (place.0 + place.1) / 2
            if planned[middle].path < Manifest.path { place.0 = middle + 1 } else { place.1 = middle }
        }
        planned.insert(
            PlannedFile(OutputFile(path: Manifest.path, bytes: manifestBytes), unchanged: manifestUnchanged && previous.isOutput),
            at: place.0)
        let staged = planned.contains { if case .staged = $0.source { true } else { false } }
        // Two files at one path: one would silently replace the other (a personal feed's folder
        // taken by a public file, say). Never published.
        let collisions = zip(planned, planned.dropFirst()).filter { $0.path == $1.path }.map(\.0.path)
        plan = OutputPlan(
            files: planned,
            changesNothing: previous.isOutput && !anyChange && manifestUnchanged && !staged)
        self.version = version
        self.manifest = manifest
        isNewVersion = anyChange
        problems =
            (anyChange && versioning.isAtLast ? [previous.versionProblem] : [])
            + Set(collisions).sorted().prefix(100).map { path in
                Diagnostic(
                    file: FeedSecret.redacting(path), message: "two files of this build would be written at this path",
                    fix: "rename what makes one of them (a schedule, a subscriber, a template's asset)")
            }
    }

    /// This publication, or its `problems`: a build applies a publication only through here.
    package func checked() throws(ContentErrors) -> Publication {
        guard problems.isEmpty else { throw ContentErrors(problems) }
        return self
    }

    /// The years of the holiday data as the manifest lists them, with the SHA-256 of each file.
    package static func years(of calendar: HolidayCalendar, sources: [Int: String]) -> [Manifest.Year] {
        calendar.files.map { file in
            Manifest.Year(year: file.year, announced: file.isAnnounced, sha256: sources[file.year] ?? "", papers: file.papers)
        }
    }

    /// One SHA-256 over every public file and every personal feed.
    static func contentHash(_ artifacts: [Manifest.Artifact], personal: [FeedResult]) -> String {
        var lines = artifacts.map { "\($0.path) \($0.sha256)\n" }
        for feed in personal { lines.append("\(feed.path) \(feed.sha256)\n") }
        return Digest.sha256(Array(lines.sorted().joined().utf8))
    }
}
