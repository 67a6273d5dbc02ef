/// The next output as a list of files, each with where its bytes come from, and whether it
/// changes anything. Made by `Publication`, carried out by `StagedOutput.apply` (or
/// `MemoryOutput.apply` for a build into memory).
package struct OutputPlan: Sendable {
    /// Every file of the next output, manifests included, sorted by path.
    package let files: [PlannedFile]
    /// Nothing changed since the previous output, which is in the output directory and nothing
    /// was staged: when the directory holds exactly these files, there is nothing to do.
    package let changesNothing: Bool

    package init(files: [PlannedFile], changesNothing: Bool) {
        self.files = files
        self.changesNothing = changesNothing
    }

    /// Every file with its size.
    package var sizes: [(path: String, size: Int)] { files.map { ($0.path, $0.size) } }

    /// The files whose bytes are in memory (every file, for `calgen check`).
    package var inMemory: [OutputFile] {
        files.compactMap { file in file.bytes.map { OutputFile(path: file.path, bytes: $0) } }
    }

    /// The bytes of `path`, when they are in memory.
    package func bytes(of path: String) -> [UInt8]? {
        files.first { $0.path == path }?.bytes
    }
}
