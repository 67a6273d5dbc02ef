import CalgenCore
import Foundation

/// Decides the site version from what changed since the previous build and writes the
/// manifests: `manifest.json`, and one beside each feed.
struct Publication: Sendable {
    /// The files of the new output held in memory, manifests included, sorted by path.
    let files: [OutputFile]
    /// Paths of `files` whose bytes equal the previous output's: kept (hard-linked) rather than written.
    let unchanged: Set<String>
    /// Feed files kept from the previous output without being rendered or written, with their sizes.
    let kept: [(path: String, size: Int)]
    /// Feed files already written to the staging directory, with their sizes.
    let written: [(path: String, size: Int)]
    let version: Int
    let manifest: Manifest
    /// Nothing changed and the previous output is in place: nothing needs writing.
    let isNoOp: Bool
    /// Whether this build makes a new version.
    let isNewVersion: Bool

    /// Every file of the output with its size, for checking that the output holds exactly these.
    var allFiles: [(path: String, size: Int)] { files.map { ($0.path, $0.bytes.count) } + kept + written }

    /// - Parameters:
    ///   - publicFiles: pages, assets, the day API, sitemap and robots.txt.
    ///   - feeds: every feed, the public one among them.
    ///   - sources: the SHA-256 of each year's holiday-cn file.
    ///   - now: this build's time, which becomes `generatedAt` when anything changed.
    init(
        publicFiles: [OutputFile], feeds: [FeedResult], calendar: HolidayCalendar, sources: [Int: String],
        previous: PreviousBuild, now: String
    ) {
        var inMemory = publicFiles
        for feed in feeds where feed.isPublic { inMemory += feed.memoryFiles }
        let hashes = ParallelMap.map(inMemory) { Digest.sha256($0.bytes) }
        var before = [String: Manifest.Artifact]()
        for artifact in previous.manifest?.artifacts ?? [] { before[artifact.path] = artifact }

        // What changed among the public files, the public feed and its manifest among them.
        var added = [String]()
        var changed = [String]()
        var current = Set<String>()
        var artifacts = [Manifest.Artifact]()
        var unchanged = Set<String>()
        let personal = feeds.filter { !$0.isPublic }
        let personalPaths = Set(personal.map(\.path))
        let personalChanged =
            personal.contains(where: \.changed)
            || previous.feeds.keys.contains { $0 != FeedRenderer.publicPath && !personalPaths.contains($0) }
        for (file, sha) in zip(inMemory, hashes) {
            current.insert(file.path)
            let old = before[file.path]
            let same = old.map { $0.sha256 == sha && $0.size == file.bytes.count } ?? false
            if same { unchanged.insert(file.path) }
            if old == nil {
                added.append(file.path)
            } else if !same {
                changed.append(file.path)
            }
            artifacts.append(.init(path: file.path, sha256: sha, size: file.bytes.count, version: same ? old!.version : -1))
        }
        let removed = before.keys.filter { !current.contains($0) }.sorted()
        let anyChange =
            previous.manifest == nil || !added.isEmpty || !changed.isEmpty || !removed.isEmpty || personalChanged
        let version = anyChange ? previous.nextVersion : previous.manifest!.version
        let generatedAt = anyChange ? now : previous.manifest!.generatedAt
        for i in artifacts.indices where artifacts[i].version == -1 { artifacts[i].version = version }
        artifacts.sort { $0.path < $1.path }

        var digestLines = artifacts.map { "\($0.path) \($0.sha256)\n" }
        for feed in personal { digestLines.append("\(feed.path) \(feed.sha256)\n") }
        let contentHash = Digest.sha256(Array(digestLines.sorted().joined().utf8))
        let years = calendar.files.map { file in
            Manifest.Year(year: file.year, announced: file.isAnnounced, sha256: sources[file.year] ?? "", papers: file.papers)
        }
        let manifest = Manifest(
            schemaVersion: Manifest.schemaVersion, version: version, contentHash: contentHash, generatedAt: generatedAt,
            generator: Calgen.generator, years: years, artifacts: artifacts,
            changes: anyChange
                ? ChangeList(version: version, added: added.sorted(), changed: changed.sorted(), removed: removed)
                : previous.manifest!.changes)
        let manifestBytes = manifest.encoded()
        var files = inMemory
        for feed in personal { files += feed.memoryFiles }
        files.append(OutputFile(path: Manifest.path, bytes: manifestBytes))
        if manifestBytes == previous.manifestBytes { unchanged.insert(Manifest.path) }
        let written = personal.flatMap(\.writtenFiles)

        self.files = files.sorted { $0.path < $1.path }
        self.unchanged = previous.isOutput ? unchanged : []
        kept = personal.flatMap(\.keptFiles)
        self.written = written
        self.version = version
        self.manifest = manifest
        self.isNoOp = previous.isOutput && !anyChange && manifestBytes == previous.manifestBytes && written.isEmpty
        self.isNewVersion = anyChange
    }
}
