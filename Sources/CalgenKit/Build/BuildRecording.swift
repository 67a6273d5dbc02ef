import CalgenCore
import CalgenModel

extension BuildRecord {
    /// The record of a build whose plan is now the output at `output`: what it read, and each
    /// file of the output with its `lstat` as the swap left it, its digest and its key.
    ///
    /// A file's digest is the one the build knew: the manifest's for public files, the feed
    /// result's for feeds, the sink's for what was staged, the bytes' for the rest; a file kept
    /// from the previous output has the digest the previous record gave it while the output still
    /// shows that record's stamp. When a file or folder cannot be examined the record names no
    /// output at all (the next build then reads everything and cannot stop early).
    static func of(
        _ rendered: RenderedSite, digests sink: DigestingSink, inputs: BuildInputs?, report: BuildReport,
        previous: BuildRecord, output: String
    ) -> BuildRecord {
        var record = BuildRecord()
        record.inputs = inputs?.fingerprints ?? previous.inputs
        let plan = rendered.publication.plan
        guard let stamps = BuildRecord.stamps(of: plan.files.map(\.path), under: output) else { return record }
        var known = [String: String]()
        for artifact in rendered.publication.manifest.artifacts { known[artifact.path] = artifact.sha256 }
        for feed in rendered.feeds { known[feed.path] = feed.sha256 }
        for (path, page) in rendered.feedPages.records { known[path] = page.sha256 }
        for file in plan.files {
            let stamp = stamps.files[file.path]!
            var sha256 = known[file.path] ?? sink.sha256(of: file.path)
            if sha256 == nil {
                switch file.source {
                case .bytes(let bytes), .unchanged(let bytes): sha256 = Digest.sha256(bytes)
                case .kept, .staged:
                    if let before = previous.artifacts[file.path], before.stamp == stamp { sha256 = before.sha256 }
                }
            }
            record.artifacts[file.path] = Artifact(
                stamp: stamp, sha256: sha256, key: rendered.feedPages.records[file.path]?.inputs)
        }
        record.folders = stamps.folders
        record.inputsDigest = inputs?.digest
        record.report = report.stateFigures
        return record
    }
}
