import CCalgenSystem
import CalgenModel
import CalgenSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A new output directory built next to the current one and swapped in only when complete,
/// so that a failed or killed build never leaves a half-written output.
///
/// The swap is one `renameat2(RENAME_EXCHANGE)` (on macOS `renamex_np(RENAME_SWAP)`): at every
/// moment the output path holds either the complete old tree or the complete new one. The old
/// tree is then moved aside (`.public.old-<pid>-<n>`) instead of being removed on the spot, and
/// staging directories left by a killed build stay: the next build removes both in the
/// background (`LeftoverSweep`).
package struct StagedOutput {
    /// The output directory (`public`).
    let outputPath: String
    /// The directory being filled (`.public.staging-<pid>` beside the output).
    package let stagingPath: String
    /// The earlier output the staging directory started as, when one was reused.
    package var recycled: RecycledTree? = nil

    /// Prepares an empty staging directory beside `outputPath`, once `OutputGuard` has found
    /// that replacing the output destroys nothing but an earlier output of calgen.
    package static func begin(outputPath: String, contentDirectory: String, templatesDirectory: String) throws(OutputError)
        -> StagedOutput
    {
        let output = try OutputGuard.check(output: outputPath, content: contentDirectory, templates: templatesDirectory)
        let parent = output.deletingLastPathComponent().path
        let base = output.lastPathComponent
        let fm = FileManager.default
        do {
            try fm.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: parent, reason: "cannot create the parent directory: \(error.localizedDescription)")
        }
        // Leftovers of earlier builds (their staging directories, old outputs moved aside) are
        // removed by the `LeftoverSweep` the build started before this.
        let prefix = LeftoverSweep.prefixes(of: base).staging
        let staging = parent + "/" + prefix + String(getpid())
        var staged = StagedOutput(outputPath: output.path, stagingPath: staging)
        if mkdir(staging, 0o755) != 0 {
            // The sweep put an earlier output here to be reused; one that cannot be is moved aside.
            var info = stat()
            guard errno == EEXIST, lstat(staging, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError(
                    path: staging, reason: "cannot create the staging directory: \(String(cString: strerror(errno)))")
            }
            staged.recycled = RecycledTree.take(staging, output: output.path)
            if staged.recycled == nil {
                guard rename(staging, staged.oldPath) == 0, mkdir(staging, 0o755) == 0 else {
                    throw OutputError(
                        path: staging, reason: "cannot create the staging directory: \(String(cString: strerror(errno)))")
                }
            }
        }
        return staged
    }

    /// Carries out a plan below the staging directory, creating folders as needed: writes new
    /// bytes, hard-links unchanged and kept files from the current output (same inode, so their
    /// modification time stays and sync tools skip them), and counts what rendering staged. In a
    /// reused earlier output, a kept file that is already the output's file stays as it is, and
    /// what the plan does not name is removed. `known` gives the identity of an output file where
    /// the build already knows it (the record vouched for it), so that it is not examined again.
    package func apply(_ plan: OutputPlan, known: @Sendable (String) -> RecycledTree.Identity? = { _ in nil })
        throws(OutputError) -> AppliedPlan
    {
        // What the reused tree holds at each planned path.
        let there = recycled.map { tree in plan.files.map { tree.files[$0.path] } }
        try recycled?.removeUnplanned(
            below: stagingPath, planned: plan.files.map(\.path), found: there?.count { $0 != nil } ?? 0)
        try makeFolders(of: plan.files.compactMap { if case .staged = $0.source { nil } else { $0.path } })
        // On all cores, in chunks: creating thousands of files is the file system's slowest work.
        let (output, staging) = (outputPath, stagingPath)
        let chunks = ParallelMap.map(Array(plan.files.indices), chunksOf: 128) {
            chunk -> Result<AppliedPlan, OutputError> in
            var applied = AppliedPlan()
            for i in chunk {
                let file = plan.files[i]
                let target = staging + "/" + file.path
                let bytes: [UInt8]
                switch file.source {
                case .staged:
                    applied.written += 1
                    applied.bytesWritten += file.size
                    continue
                case .kept:
                    guard keep(output + "/" + file.path, target, there: there?[i], known: known(file.path)) == 0
                    else {
                        return .failure(
                            OutputError(
                                path: output + "/" + file.path,
                                reason:
                                    "cannot keep the unchanged file from the previous output: \(String(cString: strerror(errno)))"
                            ))
                    }
                    applied.linked += 1
                    continue
                case .unchanged(let same):
                    // The output's file the record vouched for, which the reused tree holds already.
                    if let here = there?[i], here == known(file.path) {
                        applied.linked += 1
                        continue
                    }
                    let source = output + "/" + file.path
                    var info = stat()
                    if stat(source, &info) == 0, Int(info.st_size) == same.count,
                        keep(source, target, there: there?[i]) == 0
                    {
                        applied.linked += 1
                        continue
                    }
                    bytes = same
                case .bytes(let new):
                    bytes = new
                }
                do throws(OutputError) { try StagedOutput.writeFile(target, bytes) } catch { return .failure(error) }
                applied.written += 1
                applied.bytesWritten += bytes.count
            }
            return .success(applied)
        }
        var total = AppliedPlan()
        for chunk in chunks {
            let applied = try chunk.get()
            total.written += applied.written
            total.linked += applied.linked
            total.bytesWritten += applied.bytesWritten
        }
        return total
    }

    /// Creates the folders that files at these paths (relative to the staging directory) go in.
    /// A folder of a reused earlier output is there already (`RecycledTree.take` found it a
    /// folder, and `removeUnplanned` keeps every folder a planned file lies in): not made again.
    func makeFolders(of paths: [String]) throws(OutputError) {
        var folders = FolderNames.of(paths, withParents: false)
        folders.subtract(recycled?.folders ?? [])
        // Sorted, so that a parent comes before its children and most folders take one `mkdir`.
        for folder in folders.sorted() { try StagedOutput.makeDirectory(stagingPath + "/" + folder) }
    }

    /// Creates a directory and any missing parents; nothing when it is already there. In a reused
    /// staging directory, a file where the directory goes is removed first.
    static func makeDirectory(_ path: String) throws(OutputError) {
        if mkdir(path, 0o755) == 0 { return }
        if errno == EEXIST {
            var info = stat()
            if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { return }
            if unlink(path) == 0 && mkdir(path, 0o755) == 0 { return }
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: path, reason: "cannot create directory: \(error.localizedDescription)")
        }
    }

    /// Writes `bytes` into a new file at `path`. Whatever was at that name is removed first and
    /// never written into: in a reused staging directory it may be a link to the live output.
    static func writeFile(_ path: String, _ bytes: [UInt8]) throws(OutputError) {
        var fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0 && errno == EEXIST {
            StagedOutput.clear(path)
            fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { throw OutputError(path: path, reason: "cannot create: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                SystemCall.write(fd, raw.baseAddress! + written, raw.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: path, reason: "cannot write: \(String(cString: strerror(errno)))")
            }
            written += n
        }
    }

    /// Makes the staging directory the output, atomically, and moves the old output aside for the
    /// next build's `LeftoverSweep` to remove.
    package func commit() throws(OutputError) {
        if !FileManager.default.fileExists(atPath: outputPath) {
            guard rename(stagingPath, outputPath) == 0 else {
                throw OutputError(path: outputPath, reason: "cannot move the new output in: \(String(cString: strerror(errno)))")
            }
            return
        }
        let old = oldPath
        if calgen_exchange_paths(stagingPath, outputPath) != 0 {
            // File systems without RENAME_EXCHANGE: two renames, with a moment without output.
            guard rename(outputPath, old) == 0, rename(stagingPath, outputPath) == 0 else {
                throw OutputError(path: outputPath, reason: "cannot swap the new output in: \(String(cString: strerror(errno)))")
            }
            return
        }
        // The staging path now holds the previous output: one rename moves it aside.
        if rename(stagingPath, old) != 0 { FileTree.remove(stagingPath) }
    }

    /// Where the old output goes after the swap: `.public.old-<pid>-<n>` beside it, a name no
    /// other swap of this process takes (`calgen serve` builds many times in one process).
    var oldPath: String {
        let url = URL(fileURLWithPath: outputPath)
        let prefix = LeftoverSweep.prefixes(of: url.lastPathComponent).old
        return url.deletingLastPathComponent().path + "/" + prefix + "\(getpid())-\(DispatchTime.now().uptimeNanoseconds)"
    }

    /// Removes the staging directory after a failure, or, when it is a reused earlier output,
    /// moves it aside again for the next build; the output stays as it was.
    package func discard() {
        if recycled == nil || rename(stagingPath, oldPath) != 0 { FileTree.remove(stagingPath) }
    }

    /// Removes whatever is at `path` in the staging directory: a file, or a folder with all in it.
    static func clear(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR { FileTree.remove(path) } else { unlink(path) }
    }
}

/// Puts the output's file `source` at `target` in the staging directory: nothing to do when
/// `there` (what a reused staging directory held at `target`) is that very file, else a new
/// hard link in place of what was there. Returns 0, or -1 with `errno` set.
/// `known` is the source's identity when the build already knows it.
private func keep(_ source: String, _ target: String, there: RecycledTree.Identity?, known: RecycledTree.Identity? = nil)
    -> Int32
{
    if let there {
        if let known {
            if known == there { return 0 }
        } else {
            var info = stat()
            guard lstat(source, &info) == 0 else { return -1 }
            if RecycledTree.Identity(info) == there { return 0 }
        }
    }
    if SystemCall.link(source, target) == 0 { return 0 }
    guard errno == EEXIST else { return -1 }
    StagedOutput.clear(target)
    return SystemCall.link(source, target)
}
