import CalgenCore
import Foundation

/// What the last published build left: its manifest and its feed manifests, read from the
/// output directory or from `--previous-manifest` (with the feed manifests beside it).
struct PreviousBuild: Sendable {
    /// `nil` when there is none: the version starts at 1.
    let manifest: Manifest?
    let manifestBytes: [UInt8]?
    /// Feed manifests by the path of their feed (`feeds/<token>/<id>.ics`), with their bytes.
    let feeds: [String: (manifest: FeedManifest, bytes: [UInt8])]
    /// Whether the files the manifests describe are in the output directory (so that unchanged
    /// ones can be kept instead of written again).
    let isOutput: Bool

    static let none = PreviousBuild(manifest: nil, manifestBytes: nil, feeds: [:], isOutput: false)

    /// Reads the previous manifests. A manifest that exists but cannot be read or does not
    /// follow the schema is an error, never silently ignored.
    static func load(outputDirectory: String, previousManifest: String?) throws(ContentErrors) -> PreviousBuild {
        let manifestPath = previousManifest ?? outputDirectory + "/" + Manifest.path
        let root = previousManifest.map { ($0 as NSString).deletingLastPathComponent } ?? outputDirectory
        guard let data = FileManager.default.contents(atPath: manifestPath) else {
            if let previousManifest {
                throw ContentErrors([
                    Diagnostic(
                        file: previousManifest, message: "the previous manifest cannot be read",
                        fix: "restore the last published manifest.json there, or leave out --previous-manifest to start at version 1")
                ])
            }
            return .none
        }
        var problems = [Diagnostic]()
        let fix = "restore the last published manifest (or remove it to start again at version 1)"
        let manifest: Manifest? = decode(Manifest.self, Array(data), file: manifestPath, fix: fix, problems: &problems)
        if let manifest { problems += validate(manifest, file: manifestPath) }
        var feeds = [String: (manifest: FeedManifest, bytes: [UInt8])]()
        let feedsRoot = root + "/feeds"
        for relative in (FileManager.default.enumerator(atPath: feedsRoot)?.allObjects as? [String] ?? []).sorted()
        where relative.hasSuffix(".json") {
            let path = feedsRoot + "/" + relative
            guard let bytes = FileManager.default.contents(atPath: path).map(Array.init) else { continue }
            if let feed = decode(FeedManifest.self, bytes, file: path, fix: fix, problems: &problems) {
                let folder = (relative as NSString).deletingLastPathComponent
                let feedPath = "feeds/" + (folder.isEmpty ? "" : folder + "/") + feed.feed
                feeds[feedPath] = (feed, bytes)
            }
        }
        guard problems.isEmpty else { throw ContentErrors(problems) }
        return PreviousBuild(manifest: manifest, manifestBytes: Array(data), feeds: feeds, isOutput: previousManifest == nil)
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], file: String, fix: String, problems: inout [Diagnostic]) -> T? {
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
            problems.append(
                Diagnostic(
                    file: file, location: jsonPath.isEmpty ? nil : .jsonPath(String(jsonPath)),
                    message: "the previous manifest does not follow the schema: \(jsonPath.isEmpty ? "it" : "this value") \(reason)",
                    fix: fix))
            return nil
        } catch {
            problems.append(Diagnostic(file: file, message: "the previous manifest cannot be read: \(error)", fix: fix))
            return nil
        }
    }

    /// The checks of the schema that types alone do not make.
    static func validate(_ manifest: Manifest, file: String) -> [Diagnostic] {
        var problems = [Diagnostic]()
        func check(_ ok: Bool, _ path: String, _ message: String) {
            if !ok {
                problems.append(
                    Diagnostic(
                        file: file, location: .jsonPath(path), message: "the previous manifest does not follow the schema: \(message)",
                        fix: "restore the last published manifest (or remove it to start again at version 1)"))
            }
        }
        check(manifest.schemaVersion == Manifest.schemaVersion, "schemaVersion", "unsupported schema version \(manifest.schemaVersion)")
        check(manifest.version >= 1, "version", "the version must be 1 or more")
        for (i, artifact) in manifest.artifacts.enumerated() {
            check(artifact.sha256.count == 64 && artifact.sha256.allSatisfy(\.isHexDigit), "artifacts[\(i)].sha256", "not a SHA-256")
            check(artifact.version >= 1 && artifact.version <= manifest.version, "artifacts[\(i)].version", "out of range")
        }
        return problems
    }
}
