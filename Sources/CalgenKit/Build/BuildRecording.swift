import CalgenCore
import CalgenModel
import CalgenPublish
import CalgenRecord
import CalgenSupport

extension BuildRecord {
    /// The record of a build whose plan is now the output at `output`: what it read, and each
    /// file of the output with its `lstat` as the swap left it, its digest and its key. The files
    /// are given apart, in the plan's order (sorted), as they are written (`record.artifacts` is
    /// left empty: the record is only written).
    ///
    /// A file kept or left unchanged where the previous record vouched for it is that same file
    /// (the same inode, linked): its stamp and digest are the previous record's, not taken again.
    /// Were the stamp taken, it would just never match, and the file would not be believed. Any
    /// other file's digest is the one the build knew: the manifest's for public files, the feed
    /// result's for feeds, the sink's for what was staged, the bytes' for the rest. When a file or
    /// folder cannot be examined the record names no output at all (the next build then reads
    /// everything and cannot stop early).
    static func of(
        _ rendered: RenderedSite, digests sink: DigestingSink, inputs: BuildInputs?, figures: [String: Int],
        previous: BuildRecord, vouched: Set<String>, output: String
    ) -> (record: BuildRecord, files: [RecordedFile]) {
        var record = BuildRecord()
        record.inputs = inputs?.fingerprints ?? previous.inputs
        record.subscribers = rendered.subscriberRecord
        record.notes = rendered.noteRecord
        let files = rendered.publication.plan.files
        let paths = files.map(\.path)
        // What the previous record says of each file the output kept as that record's.
        let before = ParallelMap.map(files, chunksOf: 4096) { chunk in
            chunk.map { file -> Artifact? in
                switch file.source {
                case .kept, .unchanged: vouched.contains(file.path) ? previous.artifacts[file.path] : nil
                case .bytes, .staged: nil
                }
            }
        }.flatMap { $0 }
        guard let stamps = fileStamps(of: paths, under: output, known: before.map { $0?.stamp }),
            let folders = folderStamps(of: paths, under: output)
        else { return (record, []) }
        let digests = knownDigests(
            rendered, for: Set(zip(paths, before).compactMap { $1?.sha256 == nil ? $0 : nil }))
        // A feed manifest's key is what its feed was made from, as the manifest says: the next
        // build takes the manifest's head from the record (`PreviousFeed.recorded`). A feed page's
        // key is what it was made from (`FeedPageRecords`).
        var keyed = [String: String](minimumCapacity: rendered.feeds.count + rendered.feedPages.records.count)
        for (path, page) in rendered.feedPages.records { keyed[path] = page.inputs }
        for feed in rendered.feeds { keyed[feed.manifest.path] = feed.inputs }
        let keys = keyed
        let recorded = ParallelMap.map(Array(files.indices), chunksOf: 4096) { chunk in
            chunk.map { i -> RecordedFile in
                let file = files[i]
                var sha256 = before[i]?.sha256 ?? digests[file.path] ?? sink.sha256(of: file.path)
                if sha256 == nil {
                    switch file.source {
                    case .bytes(let bytes), .unchanged(let bytes): sha256 = Digest.sha256(bytes)
                    case .kept, .staged:
                        if let old = previous.artifacts[file.path], old.stamp == stamps[i] { sha256 = old.sha256 }
                    }
                }
                return RecordedFile(path: file.path, artifact: Artifact(stamp: stamps[i], sha256: sha256, key: keys[file.path]))
            }
        }.flatMap { $0 }
        record.folders = folders
        record.inputsDigest = inputs?.digest
        record.report = figures
        return (record, recorded)
    }

    /// The digests the build knew of the files at `paths`: from the site manifest, the feeds and
    /// the feed pages.
    private static func knownDigests(_ rendered: RenderedSite, for paths: Set<String>) -> [String: String] {
        var digests = [String: String]()
        guard !paths.isEmpty else { return digests }
        for artifact in rendered.publication.manifest.artifacts where paths.contains(artifact.path) {
            digests[artifact.path] = artifact.sha256
        }
        for feed in rendered.feeds where paths.contains(feed.path) { digests[feed.path] = feed.sha256 }
        for (path, page) in rendered.feedPages.records where paths.contains(path) { digests[path] = page.sha256 }
        return digests
    }
}
