import CalgenCore
import Foundation

/// Decides the site version from what changed since the previous output, writes the site
/// manifest, and plans the next output: every file with where its bytes come from.
struct Publication: Sendable {
    let plan: OutputPlan
    let version: Int
    let manifest: Manifest
    /// Whether this build makes a new version.
    let isNewVersion: Bool
    /// Why this publication must not be applied: a new version past `ManifestLimits.number`.
    let problems: [Diagnostic]

    /// - Parameters:
    ///   - publicFiles: pages, assets, the day API, sitemap and robots.txt.
    ///   - feeds: every feed, the public one among them.
    ///   - privatePages: the page beside each personal feed; like the personal feeds, outside the
    ///     site manifest.
    ///   - sources: the SHA-256 of each year's holiday-cn file.
    ///   - now: this build's time, which becomes `generatedAt` when anything changed.
    init(
        publicFiles: [OutputFile], feeds: [FeedResult], privatePages: [OutputFile] = [], calendar: HolidayCalendar,
        sources: [Int: String], news: NewsContext, previous: PreviousOutput, now: Date
    ) {
        let years = calendar.files.map { file in
            Manifest.Year(year: file.year, announced: file.isAnnounced, sha256: sources[file.year] ?? "", papers: file.papers)
        }
        // What changed for people. A change of holiday data or notes changes pages too, so it
        // always makes a new version: the next one.
        let newsItems = ChangeNews.items(
            previous: previous.manifest, years: years, notes: news.notes, version: previous.nextVersion,
            date: ManifestTime.iso(now), strings: news.strings)
        var inMemory = publicFiles
        inMemory.append(
            ChangesFeed.file(
                news: newsItems, baseURL: news.baseURL, siteTitle: news.siteTitle, strings: news.strings,
                fallbackDate: previous.manifest?.generatedAt ?? ManifestTime.iso(now), templates: news.templates))
        for feed in feeds where feed.isPublic {
            for file in [feed.feed, feed.manifest] {
                if let bytes = file.bytes { inMemory.append(OutputFile(path: file.path, bytes: bytes)) }
            }
        }
        let hashes = ParallelMap.map(inMemory) { Digest.sha256($0.bytes) }
        var before = [String: Manifest.Artifact]()
        for artifact in previous.manifest?.artifacts ?? [] { before[artifact.path] = artifact }

        // What changed among the public files, the public feed and its manifest among them.
        var added = [String]()
        var changed = [String]()
        var current = Set<String>()
        var artifacts = [Manifest.Artifact]()
        var planned = [PlannedFile]()
        let personal = feeds.filter { !$0.isPublic }
        let personalPaths = Set(personal.map(\.path))
        let personalChanged =
            personal.contains(where: \.changed)
            || previous.feeds.keys.contains { !Calgen.publicFeedPaths.contains($0) && !personalPaths.contains($0) }
        for (file, sha) in zip(inMemory, hashes) {
            current.insert(file.path)
            let old = before[file.path]
            let same = old.map { $0.sha256 == sha && $0.size == file.bytes.count } ?? false
            if old == nil {
                added.append(file.path)
            } else if !same {
                changed.append(file.path)
            }
            artifacts.append(.init(path: file.path, sha256: sha, size: file.bytes.count, version: same ? old!.version : -1))
            planned.append(PlannedFile(file, unchanged: same && previous.isOutput))
        }
        let removed = before.keys.filter { !current.contains($0) }.sorted()
        let anyChange =
            previous.manifest == nil || !added.isEmpty || !changed.isEmpty || !removed.isEmpty || personalChanged
        let version = anyChange ? previous.nextVersion : previous.manifest!.version
        let generatedAt = anyChange ? ManifestTime.iso(now) : previous.manifest!.generatedAt
        for i in artifacts.indices where artifacts[i].version == -1 { artifacts[i].version = version }
        artifacts.sort { $0.path < $1.path }

        var digestLines = artifacts.map { "\($0.path) \($0.sha256)\n" }
        for feed in personal { digestLines.append("\(feed.path) \(feed.sha256)\n") }
        let contentHash = Digest.sha256(Array(digestLines.sorted().joined().utf8))
        let manifest = Manifest(
            schemaVersion: Manifest.schemaVersion, version: version, contentHash: contentHash, generatedAt: generatedAt,
            generator: Calgen.generator, years: years, artifacts: artifacts,
            changes: anyChange
                ? ChangeList(version: version, added: added.sorted(), changed: changed.sorted(), removed: removed)
                : previous.manifest!.changes,
            news: newsItems, notes: news.notes)
        let manifestBytes = manifest.encoded()
        let manifestUnchanged = manifestBytes == previous.manifestBytes
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
        problems = anyChange && previous.isAtLastVersion ? [previous.versionProblem] : []
    }

    /// This publication, or its `problems`: a build applies a publication only through here.
    func checked() throws(ContentErrors) -> Publication {
        guard problems.isEmpty else { throw ContentErrors(problems) }
        return self
    }
}

/// What the news of a build is made from, besides the holiday data and the previous manifest,
/// and the templates `changes.xml` is rendered with.
struct NewsContext: Sendable {
    var notes: [NoteState]
    var strings: SiteStrings
    var baseURL: String
    var siteTitle: String
    var templates: TemplateSet

    init(site: Site, templates: TemplateSet) {
        notes = site.notes.map(NoteState.init).sorted { $0.slug < $1.slug }
        strings = SiteStrings(language: site.config.language)
        baseURL = site.config.baseURL
        siteTitle = site.config.title
        self.templates = templates
    }
}
