import CalgenSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one record of what the last build of an output read and wrote, kept beside the output
/// (`.public.calgen-record`, never published), read once before a build loads anything and
/// written once after its output is swapped in.
///
/// - **What it read**: the digest of everything a build reads (`inputsDigest`, when the build may
///   stop early on it), and each input file's `lstat` with its SHA-256 (`inputs`), so that an
///   unchanged file is not read again.
/// - **What it wrote**: every file of the output with its `lstat` as the swap left it (device,
///   inode, size, modification time), its SHA-256 and the key of what it was made from where a
///   build keeps it by key (the page beside each personal feed); every folder with its `lstat`.
///
/// Nothing in it is believed about the output unless the output still shows it: a file whose
/// `lstat` is the recorded one is the file the build wrote (calgen never writes into a file of
/// an output; new bytes go into a new inode), so its recorded digest stands for its bytes. A
/// record left by a killed build, or one edited by hand, names stamps the output does not have,
/// and its entries are simply not believed. A file changed in place while keeping its inode,
/// size and modification time is not noticed, as by `make` and `ninja`.
package struct BuildRecord: Sendable, Equatable {
    /// An output file's or folder's `lstat` as far as calgen's own later builds leave it alone:
    /// not the change time, which every hard link to a kept file moves.
    package struct Stamp: Equatable, Sendable {
        package var device: Int64
        package var inode: Int64
        var size: Int64
        var modified: Int64

        init(device: Int64, inode: Int64, size: Int64, modified: Int64) {
            (self.device, self.inode, self.size, self.modified) = (device, inode, size, modified)
        }

        package init(_ info: stat) {
            self.init(
                device: Int64(info.st_dev), inode: Int64(bitPattern: UInt64(info.st_ino)), size: Int64(info.st_size),
                modified: FileStamp.times(info).modified)
        }

        /// Folders' sizes differ between file systems for the same entries: not compared.
        package var ofFolder: Stamp { Stamp(device: device, inode: inode, size: 0, modified: modified) }

        var text: String { "\(device) \(inode) \(size) \(modified)" }
    }

    /// One file of the output.
    package struct Artifact: Equatable, Sendable {
        package var stamp: Stamp
        /// The SHA-256 of its bytes, when the build knew them.
        package var sha256: String?
        /// The key of what it was made from, for the files kept by key.
        var key: String?

        package init(stamp: Stamp, sha256: String? = nil, key: String? = nil) {
            self.stamp = stamp
            self.sha256 = sha256
            self.key = key
        }
    }

    /// The digest of everything the build read (`BuildInputs.scan`): a build that reads the
    /// same and finds the output as recorded stops before loading. `nil` when the build was not
    /// one that may stop so (`--strict`, `--previous-manifest`, assembling shards).
    package var inputsDigest: String?
    /// The figures of the summary line, so that a skipped build can still print it.
    package var report: [String: Int] = [:]
    /// Each input file's `lstat` and digest.
    package var inputs = InputFingerprints()
    /// Each subscriber's summary, for the next build to leave unchanged subscribers unparsed.
    package var subscribers = RecordedSubscribers()
    /// Each note file's note, for the next build to leave unchanged notes unread.
    package var notes = RecordedNotes()
    /// Every file of the output, by path below it.
    package var artifacts: [String: Artifact] = [:]
    /// Every folder of the output, by path below it (`.` for the output itself).
    package var folders: [String: Stamp] = [:]

    package init(
        inputsDigest: String? = nil, report: [String: Int] = [:], artifacts: [String: Artifact] = [:],
        folders: [String: Stamp] = [:]
    ) {
        self.inputsDigest = inputsDigest
        self.report = report
        self.artifacts = artifacts
        self.folders = folders
    }

    /// The first line of a record, naming its format.
    package static let header = "calgen-record 1"

    /// The record of an output directory: `public` → `.public.calgen-record` beside it.
    package static func path(forOutput output: String) -> String {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".calgen-record"
    }

    /// The files earlier calgen versions kept beside an output instead of the record, removed
    /// when the record is written.
    package static func formerFiles(forOutput output: String) -> [String] {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        let stem = url.deletingLastPathComponent().path + "/." + url.lastPathComponent
        return [".calgen-state", ".calgen-inputs", ".calgen-pages"].map { stem + $0 }
    }

    // MARK: What the output shows

    /// The recorded files that the output still holds as recorded, given each file's `lstat`
    /// now: their recorded digests stand for their bytes.
    func vouched(_ statuses: [String: stat]) -> [String: Artifact] {
        artifacts.filter { path, artifact in
            guard let info = statuses[path], info.st_mode & S_IFMT == S_IFREG else { return false }
            return Stamp(info) == artifact.stamp
        }
    }

    /// The stamp of each file of `paths` below `root`, in order: the one `known` gives at the
    /// same place, or its `lstat` (on all cores); `nil` when one is not a regular file.
    package static func fileStamps(of paths: [String], under root: String, known: [Stamp?]) -> [Stamp]? {
        let unknown = zip(paths, known).compactMap { path, stamp in stamp == nil ? path : nil }
        let examined = examine(unknown, under: root, folders: false)
        var next = examined.makeIterator()
        var stamps = [Stamp]()
        stamps.reserveCapacity(paths.count)
        for stamp in known {
            guard let stamp = stamp ?? next.next().flatMap({ $0 }) else { return nil }
            stamps.append(stamp)
        }
        return stamps
    }

    /// The stamp of every folder the files of `paths` lie in below `root` (`.` for the root);
    /// `nil` when one is not a folder.
    package static func folderStamps(of paths: [String], under root: String) -> [String: Stamp]? {
        let list = Array(FolderNames.of(paths, withParents: true).union(["."]))
        var stamps = [String: Stamp](minimumCapacity: list.count)
        for (path, stamp) in zip(list, examine(list, under: root, folders: true)) {
            guard let stamp else { return nil }
            stamps[path] = stamp
        }
        return stamps
    }

    /// The `lstat` stamps of `paths` below `root` on all cores, each `nil` when it is not a
    /// regular file (or, with `folders`, a folder).
    private static func examine(_ paths: [String], under root: String, folders: Bool) -> [Stamp?] {
        ParallelMap.map(paths, chunksOf: 1024) { chunk in
            chunk.map { path -> Stamp? in
                var info = stat()
                guard lstat(path == "." ? root : root + "/" + path, &info) == 0,
                    info.st_mode & S_IFMT == (folders ? S_IFDIR : S_IFREG)
                else { return nil }
                return folders ? Stamp(info).ofFolder : Stamp(info)
            }
        }.flatMap { $0 }
    }
}
