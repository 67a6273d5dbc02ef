import CalgenCore
import Foundation

import Glibc

/// What the last published build left: its manifest and its feed manifests, read from the
/// output directory or from `--previous-manifest` (with the feed manifests beside it).
///
/// Feed manifests are many and large (one entry per event), so only the head of each is read
/// here; a feed whose inputs changed reads its whole manifest when it is rendered again.
struct PreviousBuild: Sendable {
    /// `nil` when there is none: the version starts at 1.
    let manifest: Manifest?
    let manifestBytes: [UInt8]?
    /// Feed manifests by the path of their feed (`feeds/<token>/<id>.ics`).
    let feeds: [String: PreviousFeed]
    /// Whether the files the manifests describe are in the output directory (so that unchanged
    /// ones can be kept instead of written again).
    let isOutput: Bool

    static let none = PreviousBuild(manifest: nil, manifestBytes: nil, feeds: [:], isOutput: false)

    /// The version a build makes when anything changed.
    var nextVersion: Int { (manifest?.version ?? 0) + 1 }

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
                        fix:
                            "restore the last published manifest.json there, or leave out --previous-manifest to start at version 1"
                    )
                ])
            }
            return .none
        }
        var problems = [Diagnostic]()
        let manifest: Manifest? = decode(Manifest.self, Array(data), file: manifestPath, problems: &problems)
        if let manifest { problems += validate(manifest, file: manifestPath) }
        let feedsRoot = root + "/feeds"
        let relatives = (FileTree.files(under: feedsRoot) ?? []).map(\.path).filter { $0.hasSuffix(".json") }.sorted()
        let heads = ParallelMap.map(relatives) { relative in PreviousFeed(file: feedsRoot + "/" + relative) }
        var feeds = [String: PreviousFeed]()
        for (relative, feed) in zip(relatives, heads) {
            guard let feed else {
                problems.append(
                    Diagnostic(
                        file: feedsRoot + "/" + relative, message: "the previous feed manifest cannot be read",
                        fix: PreviousBuild.fix))
                continue
            }
            let folder = (relative as NSString).deletingLastPathComponent
            feeds[
                "feeds/" + (folder.isEmpty ? "" : folder + "/") + String(relative.split(separator: "/").last!.dropLast(5))
                    + ".ics"] = feed
        }
        guard problems.isEmpty else { throw ContentErrors(problems) }
        return PreviousBuild(manifest: manifest, manifestBytes: Array(data), feeds: feeds, isOutput: previousManifest == nil)
    }

    static let fix = "restore the last published manifest (or remove it to start again at version 1)"

    static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], file: String, problems: inout [Diagnostic]) -> T? {
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
                    message:
                        "the previous manifest does not follow the schema: \(jsonPath.isEmpty ? "it" : "this value") \(reason)",
                    fix: PreviousBuild.fix))
            return nil
        } catch {
            problems.append(
                Diagnostic(file: file, message: "the previous manifest cannot be read: \(error)", fix: PreviousBuild.fix))
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
                        file: file, location: .jsonPath(path),
                        message: "the previous manifest does not follow the schema: \(message)",
                        fix: PreviousBuild.fix))
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

/// A feed manifest of the previous build: the head read at once, the whole on demand.
struct PreviousFeed: Sendable {
    /// The manifest file.
    let file: String
    /// Its size in bytes.
    let size: Int
    /// The fields before the events, which tell whether the feed can be kept as it is.
    let head: FeedManifest.Head?

    /// Reads the first bytes of the manifest; `nil` when the file cannot be read.
    init?(file: String) {
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 0 else { return nil }
        self.file = file
        size = Int(info.st_size)
        head = FeedManifest.Head(prefix: buffer[..<count])
    }

    /// Whether the whole manifest is still what a build wrote: its head reads, its version is in
    /// range and its `integrity` digest matches the rest. A feed is kept as it is only when its
    /// manifest is intact; one that was damaged (or written before manifests had a digest) is
    /// read in full and its feed rendered again, which reports any damage.
    func isIntact() -> Bool {
        guard let head, (1..<Limits.manifestNumber).contains(head.version),
            let data = FileManager.default.contents(atPath: file), data.count == size
        else { return false }
        return FeedManifest.integrity(of: Array(data)) == .intact
    }

    /// The whole manifest and its bytes; a manifest that does not follow the schema is an error.
    func load() throws(ContentErrors) -> (manifest: FeedManifest, bytes: [UInt8]) {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ContentErrors([
                Diagnostic(file: file, message: "the previous feed manifest cannot be read", fix: PreviousBuild.fix)
            ])
        }
        if FeedManifest.integrity(of: Array(data)) == .damaged {
            throw ContentErrors([
                Diagnostic(
                    file: file, location: .jsonPath("integrity"),
                    message: "the previous feed manifest was changed after calgen wrote it: its integrity digest does not match",
                    fix: "restore the published file, or remove it to start this feed's event history (sequences, stamps) again")
            ])
        }
        var problems = [Diagnostic]()
        guard let manifest = PreviousBuild.decode(FeedManifest.self, Array(data), file: file, problems: &problems) else {
            throw ContentErrors(problems)
        }
        func problem(_ path: String, _ message: String) -> ContentErrors {
            ContentErrors([
                Diagnostic(
                    file: file, location: .jsonPath(path),
                    message: "the previous feed manifest does not follow the schema: \(message)",
                    fix: PreviousBuild.fix)
            ])
        }
        guard (1..<Limits.manifestNumber).contains(manifest.version) else { throw problem("version", "out of range") }
        if let i = manifest.events.firstIndex(where: { !(0..<Limits.manifestNumber).contains($0.sequence) }) {
            throw problem("events[\(i)].sequence", "out of range (0 to \(Limits.manifestNumber - 1))")
        }
        return (manifest, Array(data))
    }
}
