import CalgenCore
import Foundation

/// Decides the site version from what changed since the previous build and writes the
/// manifests: `manifest.json`, and one beside each feed.
struct Publication: Sendable {
    /// Every file of the new output, manifests included, sorted by path.
    let files: [OutputFile]
    /// Paths whose bytes equal the previous output's: kept (hard-linked) rather than written.
    let unchanged: Set<String>
    let version: Int
    let manifest: Manifest
    /// Nothing changed and the previous output is in place: nothing needs writing.
    let isNoOp: Bool
    /// Whether this build makes a new version.
    let isNewVersion: Bool

    static let generator = "calgen 0.1.0"

    /// - Parameters:
    ///   - publicFiles: pages, assets, the day API, sitemap and robots.txt.
    ///   - feeds: every feed, the public one among them.
    ///   - sources: the SHA-256 of each year's holiday-cn file.
    ///   - now: this build's time, which becomes `generatedAt` when anything changed.
    init(
        publicFiles: [OutputFile], feeds: [RenderedFeed], calendar: HolidayCalendar, sources: [Int: String],
        previous: PreviousBuild, now: String
    ) {
        let hashes = ParallelMap.map(publicFiles) { Digest.sha256($0.bytes) }
        var before = [String: Manifest.Artifact]()
        for artifact in previous.manifest?.artifacts ?? [] { before[artifact.path] = artifact }

        // What changed among the files other than the manifests.
        var added = [String]()
        var changed = [String]()
        var current = [String: (sha: String, size: Int)]()
        for (file, sha) in zip(publicFiles, hashes) { current[file.path] = (sha, file.bytes.count) }
        for feed in feeds where feed.isPublic { current[feed.path] = (feed.sha256, feed.bytes.count) }
        for (path, entry) in current {
            if let old = before[path] {
                if old.sha256 != entry.sha || old.size != entry.size { changed.append(path) }
            } else {
                added.append(path)
            }
        }
        let feedManifests = Set(feeds.filter(\.isPublic).map(\.manifestPath))
        var removed = before.keys.filter { current[$0] == nil && !feedManifests.contains($0) }
        let personal = feeds.filter { !$0.isPublic }
        let personalPaths = Set(personal.map(\.path))
        let personalChanged =
            personal.contains { previous.feeds[$0.path]?.manifest.sha256 != $0.sha256 }
            || previous.feeds.keys.contains { $0 != FeedRenderer.publicPath && !personalPaths.contains($0) }
        let anyChange = previous.manifest == nil || !added.isEmpty || !changed.isEmpty || !removed.isEmpty || personalChanged
        let version = previous.manifest.map { anyChange ? $0.version + 1 : $0.version } ?? 1
        let generatedAt = anyChange ? now : previous.manifest!.generatedAt

        // The feed manifests: unchanged feeds keep theirs byte for byte.
        var files = publicFiles
        var unchanged = Set<String>()
        var artifacts = [Manifest.Artifact]()
        for (file, sha) in zip(publicFiles, hashes) {
            let same = before[file.path].map { $0.sha256 == sha && $0.size == file.bytes.count } ?? false
            if same { unchanged.insert(file.path) }
            artifacts.append(.init(path: file.path, sha256: sha, size: file.bytes.count, version: same ? before[file.path]!.version : version))
        }
        for feed in feeds {
            files.append(OutputFile(path: feed.path, bytes: feed.bytes))
            let old = previous.feeds[feed.path]
            let sameFeed = old?.manifest.sha256 == feed.sha256
            let manifestBytes = sameFeed ? old!.bytes : feed.manifest(version: version, generatedAt: generatedAt).encoded()
            files.append(OutputFile(path: feed.manifestPath, bytes: manifestBytes))
            if sameFeed {
                unchanged.insert(feed.path)
                unchanged.insert(feed.manifestPath)
            }
            guard feed.isPublic else { continue }
            for (path, bytes) in [(feed.path, feed.bytes), (feed.manifestPath, manifestBytes)] {
                let sha = path == feed.path ? feed.sha256 : Digest.sha256(bytes)
                let same = before[path].map { $0.sha256 == sha } ?? false
                if path == feed.manifestPath && !same && anyChange {
                    if before[path] == nil { added.append(path) } else { changed.append(path) }
                }
                artifacts.append(.init(path: path, sha256: sha, size: bytes.count, version: same ? before[path]!.version : version))
            }
        }
        removed.sort()
        artifacts.sort { $0.path < $1.path }

        var digestLines = artifacts.map { "\($0.path) \($0.sha256)\n" }
        for feed in personal { digestLines.append("\(feed.path) \(feed.sha256)\n") }
        let contentHash = Digest.sha256(Array(digestLines.sorted().joined().utf8))
        let years = calendar.files.map { file in
            Manifest.Year(year: file.year, announced: file.isAnnounced, sha256: sources[file.year] ?? "", papers: file.papers)
        }
        let manifest = Manifest(
            schemaVersion: Manifest.schemaVersion, version: version, contentHash: contentHash, generatedAt: generatedAt,
            generator: Publication.generator, years: years, artifacts: artifacts,
            changes: anyChange
                ? ChangeList(version: version, added: added.sorted(), changed: changed.sorted(), removed: removed)
                : previous.manifest!.changes)
        let manifestBytes = manifest.encoded()
        files.append(OutputFile(path: Manifest.path, bytes: manifestBytes))
        if manifestBytes == previous.manifestBytes { unchanged.insert(Manifest.path) }

        self.files = files.sorted { $0.path < $1.path }
        self.unchanged = previous.isOutput ? unchanged : []
        self.version = version
        self.manifest = manifest
        self.isNoOp = previous.isOutput && !anyChange && manifestBytes == previous.manifestBytes
        self.isNewVersion = anyChange
    }
}
