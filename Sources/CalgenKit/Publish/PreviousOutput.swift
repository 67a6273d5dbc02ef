import CalgenCore
import Foundation
import Glibc

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

    /// Reads the previous manifests. A manifest that exists but cannot be read or does not
    /// follow the schema is an error, never silently ignored.
    static func load(outputDirectory: String, previousManifest: String?) throws(ContentErrors) -> PreviousOutput {
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
        let manifest = problems.collect { () throws(ContentErrors) in try decode(Manifest.self, Array(data), file: manifestPath) }
        if let manifest { problems.add(contentsOf: validate(manifest, file: manifestPath)) }
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
        try problems.throwIfAny()
        return PreviousOutput(
            manifest: manifest, manifestBytes: Array(data), feeds: feeds,
            outputPath: previousManifest == nil ? outputDirectory : nil)
    }

    static let fix = "restore the last published manifest (or remove it to start again at version 1)"

    static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], file: String) throws(ContentErrors) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            let (path, reason): ([CodingKey], String)
            switch error {
            case .keyNotFound(let key, let c): (path, reason) = (c.codingPath + [key], "is missing")
            case .typeMismatch(let t, let c): (path, reason) = (c.codingPath, "is not a \(t)")
            case .valueNotFound(let t, let c): (path, reason) = (c.codingPath, "is null, expected a \(t)")
            case .dataCorrupted(let c): (path, reason) = (c.codingPath, "is not valid JSON: \(c.debugDescription)")
            @unknown default: (path, reason) = ([], "cannot be read")
            }
            let jsonPath = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }
            throw ContentErrors(
                Diagnostic(
                    file: file, location: jsonPath.isEmpty ? nil : .jsonPath(String(jsonPath)),
                    message:
                        "the previous manifest does not follow the schema: \(jsonPath.isEmpty ? "it" : "this value") \(reason)",
                    fix: PreviousOutput.fix))
        } catch {
            throw ContentErrors(
                Diagnostic(file: file, message: "the previous manifest cannot be read: \(error)", fix: PreviousOutput.fix))
        }
    }

    /// The checks of the schema that types alone do not make.
    static func validate(_ manifest: Manifest, file: String) -> [Diagnostic] {
        var problems = [Diagnostic]()
        func check(_ ok: Bool, _ path: String, _ message: String) {
            if !ok {
                problems.append(
                    Diagnostic(
                        file: file, location: .jsonPath(path),
                        message: "the previous manifest does not follow the schema: \(message)",
                        fix: PreviousOutput.fix))
            }
        }
        check(
            manifest.schemaVersion == Manifest.schemaVersion, "schemaVersion",
            "unsupported schema version \(manifest.schemaVersion)")
        let versions = 1...Limits.manifestNumber - 1
        check(
            versions.contains(manifest.version), "version",
            "the version must be from 1 to \(versions.upperBound), found \(manifest.version)")
        // Artifacts are checked against a valid version only, and each kind of problem is
        // reported once with a count: one bad number must not make thousands of lines.
        guard versions.contains(manifest.version) else { return problems }
        var firsts = [String: (path: String, count: Int)]()
        for (i, artifact) in manifest.artifacts.enumerated() {
            let sha = artifact.sha256.count == 64 && artifact.sha256.allSatisfy(\.isHexDigit)
            let version = artifact.version >= 1 && artifact.version <= manifest.version
            for (ok, field, message) in [
                (sha, "sha256", "not a SHA-256"), (version, "version", "out of range (1 to the manifest's version)"),
            ]
            where !ok {
                let first = firsts[message] ?? ("artifacts[\(i)].\(field)", 0)
                firsts[message] = (first.path, first.count + 1)
            }
        }
        for (message, first) in firsts.sorted(by: { $0.value.path < $1.value.path }) {
            check(false, first.path, message + (first.count > 1 ? " (and in \(first.count - 1) more artifacts)" : ""))
        }
        return problems
    }
}
