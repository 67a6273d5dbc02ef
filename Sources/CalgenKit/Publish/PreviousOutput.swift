import CalgenCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the last published build left, and the one place that answers questions about it:
/// its manifest and feed manifests (read from the output directory, or from
/// `--previous-manifest` with the feed manifests beside it), and, when those describe the output
/// directory, which of its files are there to be kept.
///
/// Feed manifests are many and large (one entry per event), so only the head of each is read
/// here; a feed whose inputs changed reads its whole manifest when it is rendered again.
struct PreviousOutput: Sendable {
    /// `nil` when there is none: the version starts at 1.
    let manifest: Manifest?
    let manifestBytes: [UInt8]?
    /// Feed manifests by the path of their feed (`feeds/<token>/<id>.ics`).
    let feeds: [String: PreviousFeed]
    /// The output directory when it holds the files the manifests describe (so that unchanged
    /// ones can be kept instead of written again); `nil` for `--previous-manifest` or no output.
    let outputPath: String?
    /// The previous manifest's file, for messages.
    var manifestFile: String? = nil

    static let none = PreviousOutput(manifest: nil, manifestBytes: nil, feeds: [:], outputPath: nil)

    /// Whether the manifests describe files that are in the output directory.
    var isOutput: Bool { outputPath != nil }

    /// Whether the output directory holds a file of this size (before keeping it unrendered).
    func holds(_ path: String, size: Int) -> Bool {
        guard let outputPath else { return false }
        var info = stat()
        return stat(outputPath + "/" + path, &info) == 0 && Int(info.st_size) == size
    }

    /// Whether the output directory holds this file with exactly these bytes (for small files
    /// that no manifest records, such as the page beside each personal feed).
    func holdsBytes(of file: OutputFile) -> Bool {
        guard holds(file.path, size: file.bytes.count), let outputPath,
            let data = FileManager.default.contents(atPath: outputPath + "/" + file.path)
        else { return false }
        return data.elementsEqual(file.bytes)
    }

    /// Whether the output directory holds exactly these paths, each with its size: then a build
    /// that changed nothing leaves it alone.
    func holdsExactly(_ files: [(path: String, size: Int)]) -> Bool {
        guard let outputPath, let present = FileTree.files(under: outputPath), present.count == files.count else {
            return false
        }
        var sizes = [String: Int](minimumCapacity: present.count)
        for file in present { sizes[file.path] = file.size }
        return files.allSatisfy { sizes[$0.path] == $0.size }
    }

    /// Whether `output` is exactly what the build that saved `state` left: its `manifest.json`
    /// and its list of files with their sizes. Read before anything else, so that a build with
    /// nothing to do stops there.
    static func isUnchanged(_ output: String, since state: BuildState) -> Bool {
        guard let bytes = FileManager.default.contents(atPath: output + "/" + Manifest.path),
            Digest.sha256(Array(bytes)) == state.manifest, let files = FileTree.files(under: output)
        else { return false }
        return BuildState.digest(ofFiles: files) == state.files
    }

    /// The version a build makes when anything changed.
    var nextVersion: Int { (manifest?.version ?? 0) + 1 }

    /// Whether the previous manifest is at the last version calgen makes: then a build that
    /// changes anything is refused (`versionProblem`), so that calgen never writes a manifest it
    /// would refuse to read.
    var isAtLastVersion: Bool { (manifest?.version ?? 0) >= ManifestLimits.number }

    /// The error of a build that would make a version past `ManifestLimits.number`.
    var versionProblem: Diagnostic {
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
    static func load(options: BuildOptions) throws(ContentErrors) -> PreviousOutput {
        try load(
            outputDirectory: options.outputDirectory, previousManifest: options.previousManifest,
            allowReset: options.allowReset, record: PersonalFeedRecord.path(secret: options.feedSecret))
    }

    /// Reads the previous manifests. A manifest that exists but cannot be read or does not
    /// follow the schema is an error, never silently ignored; so is a feed manifest that the
    /// previous manifest lists but that is missing (it would restart its events' `SEQUENCE`),
    /// and a personal feed's that the `record` (the path of its `PersonalFeedRecord`, when the
    /// folder holds one) lists, unless `allowReset`.
    static func load(
        outputDirectory: String, previousManifest: String?, allowReset: Bool, record: String? = nil
    ) throws(ContentErrors) -> PreviousOutput {
        let manifestPath = previousManifest ?? outputDirectory + "/" + Manifest.path
        let root = previousManifest.map { ($0 as NSString).deletingLastPathComponent } ?? outputDirectory
        guard let data = FileManager.default.contents(atPath: manifestPath) else {
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
        var problems = DiagnosticCollector()
        let manifest = problems.collect { () throws(ContentErrors) in
            try Manifest.validated(bytes: Array(data), file: manifestPath)
        }
        let feedsRoot = root + "/feeds"
        let relatives = (FileTree.files(under: feedsRoot) ?? []).map(\.path).filter { $0.hasSuffix(".json") }.sorted()
        let heads = ParallelMap.map(relatives) { relative in PreviousFeed(file: feedsRoot + "/" + relative) }
        var feeds = [String: PreviousFeed]()
        for (relative, feed) in zip(relatives, heads) {
            guard let feed else {
                problems.add(
                    Diagnostic(
                        file: feedsRoot + "/" + relative, message: "the previous feed manifest cannot be read",
                        fix: PreviousOutput.fix))
                continue
            }
            let folder = (relative as NSString).deletingLastPathComponent
            feeds[
                "feeds/" + (folder.isEmpty ? "" : folder + "/") + String(relative.split(separator: "/").last!.dropLast(5))
                    + ".ics"] = feed
        }
        if let manifest, !allowReset {
            problems.add(contentsOf: missingFeeds(listedBy: manifest, file: manifestPath, root: root, present: feeds))
            if let record, FileManager.default.fileExists(atPath: root + "/" + record) {
                _ = problems.collect { () throws(ContentErrors) in
                    try missingPersonalFeeds(recordFile: root + "/" + record, root: root, present: feeds)
                }
            }
        }
        try problems.throwIfAny()
        return PreviousOutput(
            manifest: manifest, manifestBytes: Array(data), feeds: feeds,
            outputPath: previousManifest == nil ? outputDirectory : nil, manifestFile: manifestPath)
    }

    static let fix = "restore the last published manifest (or remove it to start again at version 1)"

    /// The personal feeds the previous build's record lists whose manifests are not there: their
    /// events would restart at SEQUENCE 0 as silently as a public feed's.
    static func missingPersonalFeeds(recordFile: String, root: String, present: [String: PreviousFeed])
        throws(ContentErrors)
    {
        let bytes = try FileReader.readBytes(recordFile, root: root, limit: PersonalFeedRecord.maxBytes)
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
            guard artifact.path.hasPrefix("feeds/"), artifact.path.hasSuffix(".json"),
                present[String(artifact.path.dropLast(5)) + ".ics"] == nil
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

    /// Parses a previous manifest as loose JSON (bounded in size and nesting), for
    /// `Manifest.validated` and `FeedManifest.validated`.
    static func parse(_ bytes: [UInt8], file: String, what: String, limit: Int) throws(ContentErrors) -> JSONValue {
        guard bytes.count <= limit else {
            throw ContentErrors(
                Diagnostic(
                    file: file, message: "\(what) is larger than \(limit >> 20) MiB (\(bytes.count) bytes)",
                    fix: PreviousOutput.fix))
        }
        do {
            return try JSONValue.parse(bytes)
        } catch {
            throw ContentErrors(
                Diagnostic(
                    file: file,
                    message:
                        "\(what) does not follow the schema: it is not valid JSON: \(error.detail) (line \(error.line), column \(error.column))",
                    fix: PreviousOutput.fix))
        }
    }
}
