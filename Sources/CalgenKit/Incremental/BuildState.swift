import CalgenCore
import CalgenModel
import Foundation
import ICalendar

/// What the last build read and wrote, kept beside the output (`.public.calgen-state`, never
/// published): when nothing calgen reads has changed and the output is exactly what that build
/// left, a build can stop before loading anything.
///
/// What a build reads: every file of the content and templates directories, the day it is in
/// the site's time zone (pages show "today"), `--drafts`, the feed secret, the versions of calgen
/// and of the time zone data, and the calgen executable itself. What it wrote: the SHA-256 of
/// `manifest.json` and of the list of output files with their sizes.
struct BuildState: Equatable, Sendable {
    var inputs: String
    var manifest: String
    var files: String
    /// The figures of the summary line, so that a skipped build can still print it.
    var report: [String: Int]

    /// The largest file any input limit lets a build read.
    static let largestInput = [
        Limits.holidayFileBytes, Limits.siteFileBytes, Limits.subscriberFileBytes, Limits.noteFileBytes,
        Limits.templateFileBytes, Limits.assetFileBytes,
    ].max()!

    /// The state file of an output directory: `public` → `.public.calgen-state` beside it.
    static func path(forOutput output: String) -> String {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".calgen-state"
    }

    /// A SHA-256 over everything a build reads, and the fingerprints of the files it hashed;
    /// `nil` when a directory cannot be read (then the build runs and reports the problem).
    /// A file whose `lstat` is the one `known` recorded is not read again.
    static func inputs(of options: BuildOptions, known: InputFingerprints) -> BuildInputs? {
        guard let config = try? options.loader.loadConfig() else { return nil }
        var digest = InputDigest()
        digest.add("today", config.civilDate(of: options.now).iso8601)
        digest.add("drafts", "\(options.includeDrafts)")
        digest.add("base-url", config.baseURL)
        digest.add("secret", options.feedSecret.token(for: "calgen-build-state"))
        // A calgen rebuilt from other sources under the same version is another calgen.
        digest.add("executable", executableIdentity)
        let now = Int64(Date().timeIntervalSince1970)
        var fingerprints = InputFingerprints()
        for (label, directory) in [("content", options.contentDirectory), ("templates", options.templatesDirectory)] {
            guard let files = FileTree.statuses(under: directory) else { return nil }
            let sorted = files.sorted { $0.path < $1.path }
            let digests = ParallelMap.map(sorted, chunksOf: 64) { chunk in
                chunk.map { file -> (digest: String?, entry: InputFingerprints.Entry?) in
                    let info = file.status
                    // A link counts by its target's name (the loader checks where it points); a
                    // pipe or device by its kind: neither is ever opened here.
                    let full = directory + "/" + file.path
                    switch info.st_mode & S_IFMT {
                    case S_IFREG:
                        // A file over every input limit is refused or ignored by the loader, so its
                        // size tells enough, and it is never read (a 400 MB note costs nothing here).
                        if info.st_size > BuildState.largestInput { return ("oversized \(info.st_size)", nil) }
                        if let known = known.digest(label, file.path, info) {
                            return (known, .init(stat: FileStamp.of(info), digest: known))
                        }
                        let hashed = FileReader.sha256(ofFileAt: full)
                        let recorded =
                            hashed != nil && FileStamp.isSettled(info, now: now)
                            && !file.path.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" })
                        return (hashed, recorded ? .init(stat: FileStamp.of(info), digest: hashed!) : nil)
                    case S_IFLNK:
                        return ("link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?"), nil)
                    default: return ("special \(info.st_mode)", nil)
                    }
                }
            }.joined()
            for (file, hashed) in zip(sorted, digests) {
                guard let fileDigest = hashed.digest else { return nil }
                digest.add(label, "\(file.path) \(fileDigest)")
                if let entry = hashed.entry { fingerprints.entries[label + "\t" + file.path] = entry }
            }
        }
        return BuildInputs(digest: digest.sha256, fingerprints: fingerprints, known: known)
    }

    /// The running executable's size and modification time (the state is not published, so it
    /// may hold what differs between machines).
    static var executableIdentity: String {
        guard let path = Bundle.main.executablePath,
            let attributes = try? FileManager.default.attributesOfItem(
                atPath: URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
        else { return "unknown" }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(size) \(modified)"
    }

    /// Whether `output` is exactly what the build that saved `state` left: its `manifest.json`
    /// and its list of files with their sizes. Read before anything else, so that a build with
    /// nothing to do stops there.
    static func isUnchanged(_ output: String, since state: BuildState) -> Bool {
        guard let bytes = FileManager.default.contents(atPath: output + "/" + Manifest.path),
            Digest.sha256(Array(bytes)) == state.manifest, let files = FileTree.files(under: output)
        else { return false }
        return digest(ofFiles: files) == state.files
    }

    /// The SHA-256 of the output's file list with sizes, as `FileTree` finds it.
    static func digest(ofFiles files: [(path: String, size: Int)]) -> String {
        let lines = files.map { "\($0.path) \($0.size)\n" }.sorted()
        return Digest.sha256(Array(lines.joined().utf8))
    }

    // MARK: The file

    static func read(_ path: String) -> BuildState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var fields = [String: String]()
        var report = [String: Int]()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            if parts[0].hasPrefix("report.") {
                report[String(parts[0].dropFirst(7))] = Int(parts[1])
            } else {
                fields[parts[0]] = parts[1]
            }
        }
        guard fields["calgen-state"] == "1", let inputs = fields["inputs"], let manifest = fields["manifest"],
            let files = fields["files"]
        else { return nil }
        return BuildState(inputs: inputs, manifest: manifest, files: files, report: report)
    }
}
