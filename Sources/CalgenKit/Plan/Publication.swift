import CalgenCore
import CalgenModel
import Foundation

/// The plan of the next output, a pure function of what was rendered and of the previous output:
/// which public files changed, the site version (one `SiteVersioning` with the feeds), the site
/// manifest, and every file with where its bytes come from.
struct Publication: Sendable {
    let plan: OutputPlan
    let version: Int
    let manifest: Manifest
    /// Whether this build makes a new version.
    let isNewVersion: Bool
    /// Why this publication must not be applied: a new version past `ManifestLimits.number`.
    let problems: [Diagnostic]

    /// - Parameters:
    ///   - publicFiles: pages, assets, the day API, `changes.xml`, sitemap and robots.txt.
    ///   - feeds: every feed, the public ones among them.
    ///   - privatePages: the page beside each personal feed and the record of personal feeds;
    ///     like the personal feeds, outside the site manifest.
    ///   - years: the holiday data years as the manifest lists them (`Publication.years`).
    ///   - news: what changed for people, this build's items first (`ChangeNews.items`).
    ///   - notes: the state of every note, to tell the next build's changed notes.
    ///   - now: this build's time, which becomes `generatedAt` when anything changed.
    init(
        publicFiles: [OutputFile], feeds: [FeedResult], privatePages: [OutputFile] = [], years: [Manifest.Year],
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
        let personalPaths = Set(personal.map(\.path))
        let personalChanged =
            personal.contains(where: \.changed)
            || previous.feeds.keys.contains { !Calgen.publicFeedPaths.contains($0) && !personalPaths.contains($0) }
        let anyChange = previous.manifest == nil || diff.changesAnything || personalChanged

        let versioning = SiteVersioning(previous: previous.manifest)
        let version = versioning.version(changed: anyChange)
        let manifest = Manifest(
            schemaVersion: Manifest.schemaVersion, version: version,
            contentHash: Publication.contentHash(diff.artifacts, personal: personal),
            generatedAt: versioning.generatedAt(changed: anyChange, now: ManifestTime.iso(now)),
            generator: Calgen.generator, years: years, artifacts: diff.artifacts(at: version),
            changes: anyChange
                ? ChangeList(version: version, added: diff.added, changed: diff.changed, removed: diff.removed)
                : previous.manifest!.changes,
            news: news, notes: notes)
        let manifestBytes = manifest.encoded()

        // Every file with where its bytes come from: unchanged ones are kept from the output.
        let manifestUnchanged = manifestBytes == previous.manifestBytes
        var planned = zip(listed, diff.unchanged).map { file, same in
            PlannedFile(file, unchanged: same && previous.isOutput)
        }
        planned += personal.flatMap { [$0.feed, $0.manifest] }
        planned += privatePages.map { PlannedFile($0, unchanged: previous.holdsBytes(of: $0)) }
        planned.append(
            PlannedFile(OutputFile(path: Manifest.path, bytes: manifestBytes), unchanged: manifestUnchanged && previous.isOutput))
        let staged = planned.contains { if case .staged = $0.source { true } else { false } }
        plan = OutputPlan(
            files: planned.sorted { $0.path < $1.path },
            changesNothing: previous.isOutput && !anyChange && manifestUnchanged && !staged)
        self.version = version
        self.manifest = manifest
        isNewVersion = anyChange
        problems = anyChange && versioning.isAtLast ? [previous.versionProblem] : []
    }

    /// This publication, or its `problems`: a build applies a publication only through here.
    func checked() throws(ContentErrors) -> Publication {
        guard problems.isEmpty else { throw ContentErrors(problems) }
        return self
    }

    /// The years of the holiday data as the manifest lists them, with the SHA-256 of each file.
    static func years(of calendar: HolidayCalendar, sources: [Int: String]) -> [Manifest.Year] {
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

/// The public files of a build against the previous manifest's artifacts: each one's digest and
/// whether it changed, and the paths added, changed and removed.
struct ArtifactDiff: Sendable {
    /// Sorted by path; a changed or new file keeps the previous version until `artifacts(at:)`.
    let artifacts: [Manifest.Artifact]
    /// For each file in the order given, whether the previous manifest lists it with these bytes.
    let unchanged: [Bool]
    let added: [String]
    let changed: [String]
    let removed: [String]

    var changesAnything: Bool { !added.isEmpty || !changed.isEmpty || !removed.isEmpty }

    init(_ files: [OutputFile], previous: Manifest?) {
        let hashes = ParallelMap.map(files) { Digest.sha256($0.bytes) }
        var before = [String: Manifest.Artifact]()
        for artifact in previous?.artifacts ?? [] { before[artifact.path] = artifact }
        var (added, changed, unchanged) = ([String](), [String](), [Bool]())
        var artifacts = [Manifest.Artifact]()
        for (file, sha) in zip(files, hashes) {
            let old = before.removeValue(forKey: file.path)
            let same = old.map { $0.sha256 == sha && $0.size == file.bytes.count } ?? false
            if old == nil {
                added.append(file.path)
            } else if !same {
                changed.append(file.path)
            }
            unchanged.append(same)
            artifacts.append(.init(path: file.path, sha256: sha, size: file.bytes.count, version: old?.version ?? 0))
        }
        self.artifacts = artifacts.sorted { $0.path < $1.path }
        self.unchanged = unchanged
        self.added = added.sorted()
        self.changed = changed.sorted()
        removed = before.keys.sorted()
    }

    /// The artifacts with every changed or new file at `version`.
    func artifacts(at version: Int) -> [Manifest.Artifact] {
        let new = Set(added).union(changed)
        return artifacts.map { artifact in
            var artifact = artifact
            if new.contains(artifact.path) { artifact.version = version }
            return artifact
        }
    }
}
