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
        _ rendered: RenderedSite, digests sink: DigestingSink, inputs: BuildInputs?, figures: [String: Int],
        previous: BuildRecord, vouched: Set<String>, output: String
    ) -> BuildRecord {
        var record = BuildRecord()
        record.inputs = inputs?.fingerprints ?? previous.inputs
        record.subscribers = rendered.subscriberRecord
        let plan = rendered.publication.plan
        // A file kept or left unchanged where the previous record vouched for it is that same
        // file (the same inode, linked): its stamp is not taken again. Were it not, the stamp
        // recorded would just never match, and the file would not be believed.
        var known = [String: Stamp]()
        for file in plan.files where vouched.contains(file.path) {
            switch file.source {
            case .kept, .unchanged: known[file.path] = previous.artifacts[file.path]?.stamp
            case .bytes, .staged: break
            }
        }
        guard let stamps = BuildRecord.stamps(of: plan.files.map(\.path), under: output, known: known) else {
            return record
        }
        var digests = [String: String]()
        for artifact in rendered.publication.manifest.artifacts { digests[artifact.path] = artifact.sha256 }
        for feed in rendered.feeds { digests[feed.path] = feed.sha256 }
        for (path, page) in rendered.feedPages.records { digests[path] = page.sha256 }
        for file in plan.files {
            let stamp = stamps.files[file.path]!
            var sha256 = digests[file.path] ?? sink.sha256(of: file.path)
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
        record.report = figures
        return record
    }
}
