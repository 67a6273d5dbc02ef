import CalgenCore
import CalgenModel
import CalgenSupport
import Foundation

/// What a build reads, as `scan` found it: the digest over all of it, and the fingerprints of
/// the files hashed for it (for the next build to read fewer).
///
/// What a build reads: every file of the content and templates directories, the day it is in
/// the site's time zone (pages show "today"), `--drafts`, the feed secret, the versions of calgen
/// and of the time zone data, and the calgen executable itself.
package struct BuildInputs: Sendable {
    /// The SHA-256 a `BuildRecord` records.
    package let digest: String
    package let fingerprints: InputFingerprints
    /// Whether the fingerprints differ from those the build started with (then they are saved).
    package let changed: Bool

    init(digest: String, fingerprints: InputFingerprints, known: InputFingerprints) {
        self.digest = digest
        self.fingerprints = fingerprints
        changed = fingerprints != known
    }

    /// The largest file any input limit lets a build read.
    static let largestInput = [
        Limits.holidayFileBytes, Limits.siteFileBytes, Limits.subscriberFileBytes, Limits.noteFileBytes,
        Limits.templateFileBytes, Limits.assetFileBytes,
    ].max()!

    /// A SHA-256 over everything a build reads, and the fingerprints of the files it hashed;
    /// `nil` when a directory cannot be read (then the build runs and reports the problem).
    /// A file whose `lstat` is the one `known` recorded is not read again.
    package static func scan(_ options: BuildOptions, known: InputFingerprints) -> BuildInputs? {
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
            // Files are read as every input is: a regular file below the folder, through no link.
            let tree = DiskSourceTree(root: directory)
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
                        if info.st_size > BuildInputs.largestInput { return ("oversized \(info.st_size)", nil) }
                        if let known = known.digest(label, file.path, info) {
                            return (known, .init(stat: FileStamp.of(info), digest: known))
                        }
                        let hashed = (try? tree.read(file.path, limit: BuildInputs.largestInput)).map(Digest.sha256)
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

    /// The running executable's size and modification time (the record is not published, so it
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
}
