import CalgenCore
import CalgenModel
import CalgenSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the last published build left, read once into a value before anything is rendered: its
/// manifest, the head of every feed manifest, and, when those describe the output directory, the
/// paths and sizes of its files (so that unchanged ones can be kept instead of written again).
/// Whole feed manifests are many and large (one entry per event); they are read through `store`
/// only for a feed that is rendered again or kept.
///
/// Nothing here touches the disk after loading: rendering and planning ask this value.
package struct PreviousOutput: Sendable {
    /// `nil` when there is none: the version starts at 1.
    package let manifest: Manifest?
    package let manifestBytes: [UInt8]?
    /// Feed manifests by the path of their feed (`feeds/<token>/<id>.ics`).
    package let feeds: [String: PreviousFeed]
    /// Every file of the output with its size, when the manifests describe the output (so that
    /// unchanged files can be kept); `nil` for `--previous-manifest` or no output.
    let files: [String: Int]?
    /// The SHA-256 of the output's small files that no manifest records (the page beside each
    /// personal feed, the record of personal feeds), by path.
    package let unrecorded: [String: String]
    /// Where whole feed manifests are read from.
    package let store: any FeedManifestStore
    /// The previous manifest's file, for messages.
    var manifestFile: String? = nil
    /// The files the output's `BuildRecord` vouches for: each is, byte for byte, the file the
    /// last build wrote (its `lstat` is the recorded one).
    package var vouched: Set<String> = []
    /// Whether the output had a record that named its files: then only vouched files are kept.
    var recorded = false

    /// Whether the output's file at `path` may be kept for bytes the build knows to be the same:
    /// with a record, only a file it vouches for (one edited in place, even to the same size, is
    /// written again); without one, any file of the right size, as before records.
    package func mayKeep(_ path: String) -> Bool {
        !recorded || vouched.contains(path)
    }

    static let none = PreviousOutput(
        manifest: nil, manifestBytes: nil, feeds: [:], files: nil, unrecorded: [:], store: MemoryFeedManifestStore(files: [:]))

    /// The same manifests without the output's files: nothing can be kept from it, so every
    /// file is rendered (for `calgen check`, which checks every file it would write).
    package var withoutFiles: PreviousOutput {
        PreviousOutput(
            manifest: manifest, manifestBytes: manifestBytes, feeds: feeds, files: nil, unrecorded: [:], store: store,
            manifestFile: manifestFile)
    }

    /// Whether the manifests describe files that are in the output.
    package var isOutput: Bool { files != nil }

    /// Whether the output holds a file of this size (before keeping it unrendered).
    package func holds(_ path: String, size: Int) -> Bool {
        files?[path] == size && mayKeep(path)
    }

    /// Whether the output holds this file with exactly these bytes (for small files that no
    /// manifest records, such as the page beside each personal feed).
    package func holdsBytes(of file: OutputFile) -> Bool {
        holds(file.path, size: file.bytes.count) && unrecorded[file.path] == Digest.sha256(file.bytes)
    }

    /// Whether the output holds exactly these paths, each with its size: then a build that
    /// changed nothing leaves it alone.
    package func holdsExactly(_ planned: [(path: String, size: Int)]) -> Bool {
        guard let files, files.count == planned.count else { return false }
        return planned.allSatisfy { files[$0.path] == $0.size && mayKeep($0.path) }
    }

    /// Whether the whole manifest of the feed at `path` is still what a build wrote: its head
    /// reads with values calgen writes and its `integrity` digest matches the rest. A feed is
    /// kept as it is only when its manifest is intact, and then nothing of the manifest but its
    /// checked head reaches the new build, so the rest is not parsed: hashing costs a fraction of
    /// reading it as JSON. One that was damaged (or written before manifests had a digest) is read
    /// in full, every value checked, and its feed rendered again.
    package func isIntact(feed path: String) -> Bool {
        guard let feed = feeds[path], feed.head != nil else { return false }
        // A feed manifest calgen wrote is intact; the record says which are still those.
        if vouched.contains(feed.path) { return true }
        guard let bytes = store.bytes(of: feed.path), bytes.count == feed.size
        else { return false }
        return FeedManifest.integrity(of: bytes) == .intact
    }

    /// The whole previous manifest of the feed at `path` and its bytes, `nil` when there was none;
    /// a manifest that cannot be read or does not follow the schema is an error.
    package func feedManifest(of path: String) throws(ContentErrors) -> (manifest: FeedManifest, bytes: [UInt8])? {
        guard let feed = feeds[path] else { return nil }
        let file = FeedSecret.redacting(store.file(of: feed.path))
        guard let bytes = store.bytes(of: feed.path) else {
            throw ContentErrors([
                Diagnostic(file: file, message: "the previous feed manifest cannot be read", fix: PreviousManifest.fix)
            ])
        }
        return (try FeedManifest.validated(bytes: bytes, file: file), bytes)
    }

    /// The version a build makes when anything changed.
    package var nextVersion: Int { SiteVersioning(previous: manifest).next }

    /// Whether the previous manifest is at the last version calgen makes: then a build that
    /// changes anything is refused (`versionProblem`), so that calgen never writes a manifest it
    /// would refuse to read.
    var isAtLastVersion: Bool { SiteVersioning(previous: manifest).isAtLast }

    /// The error of a build that would make a version past `ManifestLimits.number`.
    package var versionProblem: Diagnostic {
        Diagnostic(
            file: manifestFile ?? Manifest.path, location: .jsonPath("version"),
            message:
                "the previous manifest is at version \(manifest?.version ?? 0), the last one calgen makes: a change would need version \(nextVersion)",
            fix:
                "publish as a new site: remove the previous manifest (and the feed manifests) and build again, which starts at version 1"
        )
    }

    /// Reads the previous manifests of a build with `options` (`--previous-manifest`,
    /// `--allow-reset`): the one a build uses.
    /// `built` is the output's `BuildRecord`: the files it vouches for are not read to be hashed;
    /// `asRecorded`, that the output was just found to show every `lstat` it records
    /// (`BuildRecordBytes.outputIsUnchanged`), so its listing is the record's, not walked again.
    /// `built` is asked for once the manifest is read and its check has begun: the record's
    /// parse and the manifest's check run side by side.
    package static func load(
        options: BuildOptions, built: @autoclosure () -> BuildRecord = BuildRecord(), asRecorded: Bool = false
    )
        throws(ContentErrors) -> PreviousOutput
    {
        try load(
            outputDirectory: options.outputDirectory, previousManifest: options.previousManifest,
            allowReset: options.allowReset, record: PersonalFeedRecord.path(secret: options.feedSecret), built: built(),
            asRecorded: asRecorded)
    }

    /// Reads the previous output from the disk: the output directory, or the manifest named by
    /// `previousManifest` with the feed manifests beside it. A manifest that exists but cannot
    /// be read or does not follow the schema is an error, never silently ignored; so is a feed
    /// manifest that the previous manifest lists but that is missing (it would restart its
    /// events' `SEQUENCE`), and a personal feed's that the `record` (the path of its
    /// `PersonalFeedRecord`, when the folder holds one) lists, unless `allowReset` (or the output
    /// is exactly as its record names it: the build that made it published none without its
    /// manifest).
    static func load(
        outputDirectory: String, previousManifest: String?, allowReset: Bool, record: String? = nil,
        built: @autoclosure () -> BuildRecord = BuildRecord(), asRecorded: Bool = false
    ) throws(ContentErrors) -> PreviousOutput {
        let manifestPath = previousManifest ?? outputDirectory + "/" + Manifest.path
        // A manifest named without a folder (`--previous-manifest manifest.json`) lies in `.`.
        let root =
            previousManifest.map { ($0 as NSString).deletingLastPathComponent }.map { $0.isEmpty ? "." : $0 }
            ?? outputDirectory
        // The previous output is read through its tree as the content is: only regular files,
        // within their limits (a pipe named `manifest.json` is refused, never opened).
        let tree = DiskSourceTree(root: root)
        let data: [UInt8]
        do throws(SourceTreeError) {
            data = try tree.read((manifestPath as NSString).lastPathComponent, limit: ManifestLimits.manifestBytes)
        } catch  where error.problem != .missing {
            throw ContentErrors([
                Diagnostic(
                    file: manifestPath, message: "the previous manifest \(error.reason)",
                    fix: previousManifest == nil
                        ? "remove it (and the output's feeds/) to start again at version 1, or restore the last published one"
                        : "restore the last published manifest.json there, or leave out --previous-manifest to start at version 1"
                )
            ])
        } catch {
            if let previousManifest {
                throw ContentErrors([
                    Diagnostic(
                        file: previousManifest, message: "the previous manifest cannot be read",
                        fix:
                            "restore the last published manifest.json there, or leave out --previous-manifest to start at version 1"
                    )
                ])
            }
            return .none
        }
        // The manifest is checked while the output is listed and the record is parsed.
        let (manifestBytes, manifestFile) = (data, manifestPath)
        let checked = Concurrent {
            Result { () throws(ContentErrors) in try Manifest.validated(bytes: manifestBytes, file: manifestFile) }
        }
        let lastBuild = built()
        // The output's files once; for `--previous-manifest` only the feed manifests beside it.
        let listed: [(path: String, size: Int)]
        var vouched = [String: BuildRecord.Artifact]()
        // The sizes by path, when the listing is the record's (its table reused as it is).
        var recordedSizes: [String: Int]? = nil
        if previousManifest == nil, asRecorded, !lastBuild.artifacts.isEmpty {
            // Every file and folder shows its recorded stamp (nothing was added: a folder's
            // modification time moves with each entry added): the record is the listing.
            recordedSizes = lastBuild.artifacts.mapValues { Int($0.stamp.size) }
            listed = []
            vouched = lastBuild.artifacts
        } else if previousManifest == nil {
            // An output that cannot be listed whole would look as if feeds had gone missing.
            guard let statuses = FileTree.statuses(under: root) else {
                throw ContentErrors([
                    Diagnostic(
                        file: root, message: "the previous output cannot be read in full (a folder or file in it is unreadable)",
                        fix: "make the whole output directory readable, or remove it to start again at version 1")
                ])
            }
            listed = statuses.map { ($0.path, Int($0.status.st_size)) }
            if !lastBuild.artifacts.isEmpty {
                vouched = lastBuild.vouched(Dictionary(statuses.map { ($0.path, $0.status) }) { first, _ in first })
            }
        } else {
            listed = (FileTree.files(under: root + "/feeds") ?? []).map { ("feeds/" + $0.path, $0.size) }
        }
        let paths = recordedSizes.map { Array($0.keys) } ?? listed.map(\.path)
        let manifests = paths.filter(FeedPath.isManifest).sorted()
        // A manifest the record vouches for is not read: its head is in the record.
        let recordedHeads = vouched
        let heads = ParallelMap.map(manifests, chunksOf: 256) { paths in
            paths.map { path in
                PreviousFeed.recorded(path, in: recordedHeads) ?? PreviousFeed.readHead(in: tree, path: path)
            }
        }.flatMap { $0 }
        var files: [String: Int]? = nil
        var unrecorded = [String: String]()
        if previousManifest == nil {
            files = recordedSizes ?? Dictionary(listed.map { ($0.path, $0.size) }, uniquingKeysWith: { first, _ in first })
            let small = paths.filter(PreviousOutput.isUnrecorded).sorted()
            let recorded = vouched
            // Through the tree: a file here is a regular one below the output, never through a link.
            let digests = ParallelMap.map(small) { path in
                recorded[path]?.sha256 ?? (try? tree.read(path, limit: PreviousOutput.unrecordedBytes)).map(Digest.sha256)
            }
            for (path, digest) in zip(small, digests) { unrecorded[path] = digest }
        }
        var previous = try assemble(
            manifestBytes: data, manifestFile: manifestPath, manifest: checked.value, root: root,
            heads: Array(zip(manifests, heads)),
            files: files, unrecorded: unrecorded, store: DiskFeedManifestStore(root: root),
            // An output exactly as the last build left it holds every feed manifest that build
            // published (it refused to publish without them): none can be missing.
            checksMissing: !allowReset && recordedSizes == nil,
            record: record.map { path in
                RecordSource(file: root + "/" + path) { () throws(ContentErrors) -> [UInt8]? in
                    do throws(SourceTreeError) {
                        return try tree.read(path, limit: PersonalFeedRecord.maxBytes)
                    } catch  where error.problem == .missing {
                        return nil
                    } catch {
                        throw ContentErrors([
                            Diagnostic(
                                file: root + "/" + path, message: "the record of personal feeds \(error.reason)",
                                fix: "remove it (the next build writes it again), or the whole output to start again")
                        ])
                    }
                }
            })
        previous.vouched = recordedSizes.map { Set($0.keys) } ?? Set(vouched.keys)
        previous.recorded = !lastBuild.artifacts.isEmpty && previousManifest == nil
        return previous
    }

    /// The previous output as a build in memory left it: every file by path. Checked as the
    /// disk's is.
    static func inMemory(_ output: [OutputFile], allowReset: Bool = false, record: String? = nil) throws(ContentErrors)
        -> PreviousOutput
    {
        try inMemory(byPath: OutputFile.byPath(output), allowReset: allowReset, record: record)
    }

    /// The same, from the files' bytes by path.
    package static func inMemory(byPath bytes: [String: [UInt8]], allowReset: Bool, record: String?) throws(ContentErrors)
        -> PreviousOutput
    {
        guard let manifestBytes = bytes[Manifest.path] else { return .none }
        let manifests = bytes.keys.filter(FeedPath.isManifest).sorted()
        let heads = manifests.map { path -> PreviousFeed? in
            let all = bytes[path]!
            return PreviousFeed(path: path, size: all.count, prefix: all.prefix(PreviousFeed.headBytes))
        }
        var unrecorded = [String: String]()
        for path in bytes.keys where isUnrecorded(path) { unrecorded[path] = Digest.sha256(bytes[path]!) }
        return try assemble(
            manifestBytes: manifestBytes, manifestFile: Manifest.path,
            manifest: Result { () throws(ContentErrors) in try Manifest.validated(bytes: manifestBytes, file: Manifest.path) },
            root: "the previous build",
            heads: Array(zip(manifests, heads)), files: bytes.mapValues(\.count), unrecorded: unrecorded,
            store: MemoryFeedManifestStore(files: bytes.filter { FeedPath.isManifest($0.key) }),
            checksMissing: !allowReset,
            record: record.map { path in
                RecordSource(file: path) { () throws(ContentErrors) -> [UInt8]? in bytes[path] }
            })
    }

    /// Whether a file of an output is one that no manifest records: any below `feeds/` but the
    /// feeds and their manifests.
    /// The largest file below `feeds/` that is neither a feed nor a manifest (a feed's page, the
    /// record of personal feeds) read for its digest; a larger one counts as changed.
    static let unrecordedBytes = 16 << 20

    static func isUnrecorded(_ path: String) -> Bool {
        path.hasPrefix("feeds/") && !path.hasSuffix(".ics") && !path.hasSuffix(".json")
    }

    /// Checks what was read, wherever from, and makes the value: all problems at once. With
    /// `checksMissing`, a feed manifest the previous manifest or the record of personal feeds
    /// lists that is not there is a problem.
    private static func assemble(
        manifestBytes: [UInt8], manifestFile: String, manifest checked: Result<Manifest, ContentErrors>, root: String,
        heads: [(String, PreviousFeed?)], files: [String: Int]?,
        unrecorded: [String: String], store: any FeedManifestStore, checksMissing: Bool,
        record: RecordSource?
    ) throws(ContentErrors) -> PreviousOutput {
        var problems = DiagnosticCollector()
        let manifest = problems.collect { () throws(ContentErrors) in try checked.get() }
        var feeds = [String: PreviousFeed]()
        for (path, feed) in heads {
            guard let feed else {
                problems.add(
                    Diagnostic(
                        file: FeedSecret.redacting(store.file(of: path)), message: "the previous feed manifest cannot be read",
                        fix: PreviousManifest.fix))
                continue
            }
            feeds[FeedPath.feed(ofManifest: path)] = feed
        }
        if let manifest, checksMissing {
            problems.add(contentsOf: missingFeeds(listedBy: manifest, file: manifestFile, root: root, present: feeds))
            if let record {
                _ = problems.collect { () throws(ContentErrors) in
                    if let bytes = try record.read() {
                        try missingPersonalFeeds(record: bytes, file: record.file, root: root, present: feeds)
                    }
                }
            }
        }
        try problems.throwIfAny()
        return PreviousOutput(
            manifest: manifest, manifestBytes: manifestBytes, feeds: feeds, files: files, unrecorded: unrecorded,
            store: store, manifestFile: manifestFile)
    }

    /// The record of personal feeds of the previous output: its file for messages, and its bytes
    /// when there is one.
    private struct RecordSource {
        let file: String
        let read: () throws(ContentErrors) -> [UInt8]?
    }

    /// The personal feeds the previous build's record lists whose manifests are not there: their
    /// events would restart at SEQUENCE 0 as silently as a public feed's.
    static func missingPersonalFeeds(
        record bytes: [UInt8], file recordFile: String, root: String, present: [String: PreviousFeed]
    )
        throws(ContentErrors)
    {
        let record = try PersonalFeedRecord.parse(bytes, file: recordFile)
        let found = Set(present.keys.map(PersonalFeedRecord.digest(ofFeedPath:)))
        let missing = record.digests.subtracting(found).count
        guard missing > 0 else { return }
        throw ContentErrors(
            Diagnostic(
                file: FeedSecret.redacting(recordFile),
                message:
                    "the previous build published \(missing) personal feed\(missing == 1 ? "" : "s") whose manifest\(missing == 1 ? " is" : "s are") missing from \(root)/feeds/; \(missing == 1 ? "its" : "their") events would restart at SEQUENCE 0",
                fix:
                    "restore the whole feeds/ folder of the last build, or give --allow-reset to start those feeds' history again (calendar apps may then show their events twice)"
            ))
    }

    /// The feed manifests `manifest` lists that are not there. A missing one would start its
    /// feed's events again at SEQUENCE 0, and calendar apps may ignore their changes.
    static func missingFeeds(listedBy manifest: Manifest, file: String, root: String, present: [String: PreviousFeed])
        -> [Diagnostic]
    {
        manifest.artifacts.enumerated().compactMap { i, artifact in
            guard FeedPath.isManifest(artifact.path), present[FeedPath.feed(ofManifest: artifact.path)] == nil
            else { return nil }
            return Diagnostic(
                file: file, location: .jsonPath("artifacts[\(i)].path"),
                message:
                    "the previous manifest lists the feed manifest \(artifact.path), which is missing (\(root + "/" + artifact.path)): its events' SEQUENCE would restart at 0",
                fix:
                    "restore \(artifact.path) beside the previous manifest, or pass --allow-reset to start that feed's event history again"
            )
        }
    }
}
