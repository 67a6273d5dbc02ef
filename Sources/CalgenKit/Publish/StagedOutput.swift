import CCalgenSystem
import Foundation

import Glibc

/// A new output directory built next to the current one and swapped in only when complete,
/// so that a failed or killed build never leaves a half-written output.
///
/// The swap is one `renameat2(RENAME_EXCHANGE)`: at every moment the output path holds either
/// the complete old tree or the complete new one. Staging directories left by a killed build
/// are removed by the next one.
struct StagedOutput {
    /// The output directory (`public`).
    let outputPath: String
    /// The directory being filled (`.public.staging-<pid>` beside the output).
    let stagingPath: String

    /// Prepares an empty staging directory beside `outputPath`, once `OutputGuard` has found
    /// that replacing the output destroys nothing but an earlier output of calgen.
    static func begin(outputPath: String, contentDirectory: String, templatesDirectory: String) throws(OutputError)
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
        // Staging directories of earlier builds that were killed (`.public.staging-<pid>` of a
        // process that is gone); those of a build still running are its own.
        let prefix = "." + base + ".staging-"
        for entry in (try? fm.contentsOfDirectory(atPath: parent)) ?? [] where entry.hasPrefix(prefix) {
            let suffix = entry.dropFirst(prefix.count)
            guard let pid = Int32(suffix.hasSuffix("-old") ? suffix.dropLast(4) : suffix), pid > 0 else { continue }
            if pid != getpid() && kill(pid, 0) == 0 { continue }
            FileTree.remove(parent + "/" + entry)
        }
        let staging = parent + "/" + prefix + String(getpid())
        do {
            try fm.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            throw OutputError(path: staging, reason: "cannot create the staging directory: \(error.localizedDescription)")
        }
        return StagedOutput(outputPath: output.path, stagingPath: staging)
    }

    /// Writes files below the staging directory, creating folders as needed. Files in `keeping`
    /// are hard-linked from the current output instead (same inode, so their modification time
    /// stays and sync tools skip them) when they are there with the same size. Returns how many
    /// were kept.
    @discardableResult
    func write(_ files: [OutputFile], keeping: Set<String> = []) throws(OutputError) -> Int {
        try makeFolders(of: files.map(\.path))
        // On all cores, in chunks: creating thousands of files is the file system's slowest work.
        let (output, staging) = (outputPath, stagingPath)
        let chunks = ParallelMap.map(files, chunksOf: 128) { chunk -> Result<Int, OutputError> in
            var kept = 0
            for file in chunk {
                let target = staging + "/" + file.path
                if keeping.contains(file.path) {
                    let source = output + "/" + file.path
                    var info = stat()
                    if stat(source, &info) == 0, Int(info.st_size) == file.bytes.count, Glibc.link(source, target) == 0 {
                        kept += 1
                        continue
                    }
                }
                do throws(OutputError) { try StagedOutput.writeFile(target, file.bytes) } catch { return .failure(error) }
            }
            return .success(kept)
        }
        var kept = 0
        for chunk in chunks { kept += try chunk.get() }
        return kept
    }

    /// Hard-links files of the current output into the staging directory, creating folders as
    /// needed. Returns how many.
    func link(_ files: [(path: String, size: Int)]) throws(OutputError) -> Int {
        try makeFolders(of: files.map(\.path))
        // On all cores: each link is a directory entry for the file system to write.
        let (output, staging) = (outputPath, stagingPath)
        let failures = ParallelMap.map(files, chunksOf: 256) { chunk -> OutputError? in
            for file in chunk where Glibc.link(output + "/" + file.path, staging + "/" + file.path) != 0 {
                return OutputError(
                    path: output + "/" + file.path,
                    reason: "cannot keep the unchanged file from the previous output: \(String(cString: strerror(errno)))")
            }
            return nil
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
        return files.count
    }

    /// Creates the folders that files at these paths (relative to the staging directory) go in.
    func makeFolders(of paths: [String]) throws(OutputError) {
        var folders = Set<String>()
        for path in paths {
            if let slash = path.lastIndex(of: "/") { folders.insert(String(path[..<slash])) }
        }
        // Sorted, so that a parent comes before its children and most folders take one `mkdir`.
        for folder in folders.sorted() { try StagedOutput.makeDirectory(stagingPath + "/" + folder) }
    }

    /// Creates a directory and any missing parents; nothing when it is already there.
    static func makeDirectory(_ path: String) throws(OutputError) {
        guard mkdir(path, 0o755) != 0 && errno != EEXIST else { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: path, reason: "cannot create directory: \(error.localizedDescription)")
        }
    }

    /// Whether the output directory holds exactly these paths, each with its size: then a build
    /// that changed nothing leaves it alone.
    static func holdsExactly(_ files: [(path: String, size: Int)], outputPath: String) -> Bool {
        guard let present = FileTree.files(under: outputPath), present.count == files.count else { return false }
        var sizes = [String: Int](minimumCapacity: present.count)
        for file in present { sizes[file.path] = file.size }
        return files.allSatisfy { sizes[$0.path] == $0.size }
    }

    static func writeFile(_ path: String, _ bytes: [UInt8]) throws(OutputError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputError(path: path, reason: "cannot create: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: path, reason: "cannot write: \(String(cString: strerror(errno)))")
            }
            written += n
        }
    }

    /// Makes the staging directory the output, atomically, and removes the old output.
    func commit() throws(OutputError) {
        let fm = FileManager.default
        if !fm.fileExists(atPath: outputPath) {
            guard rename(stagingPath, outputPath) == 0 else {
                throw OutputError(path: outputPath, reason: "cannot move the new output in: \(String(cString: strerror(errno)))")
            }
            return
        }
        if calgen_exchange_paths(stagingPath, outputPath) != 0 {
            // File systems without RENAME_EXCHANGE: two renames, with a moment without output.
            let old = stagingPath + "-old"
            guard rename(outputPath, old) == 0, rename(stagingPath, outputPath) == 0 else {
                throw OutputError(path: outputPath, reason: "cannot swap the new output in: \(String(cString: strerror(errno)))")
            }
            try? fm.removeItem(atPath: old)
            return
        }
        // The staging path now holds the previous output.
        FileTree.remove(stagingPath)
    }

    /// Removes the staging directory after a failure; the output stays as it was.
    func discard() {
        try? FileManager.default.removeItem(atPath: stagingPath)
    }
}
