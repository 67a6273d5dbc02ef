import CalgenCore
import CalgenModel

extension BuildRecord {
    /// The record of a build whose plan is now the output at `output`: what it read, and each
    /// file of the output with its `lstat` as the swap left it, its digest and its key; with the
    /// paths of its files in the plan's order (sorted), for writing it.
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
    ) -> (record: BuildRecord, paths: [String]) {
        var record = BuildRecord()
        record.inputs = inputs?.fingerprints ?? previous.inputs
        record.subscribers = rendered.subscriberRecord
        let files = rendered.publication.plan.files
        let paths = files.map(\.path)
        let before = files.map { file -> Artifact? in
            switch file.source {
            case .kept, .unchanged: vouched.contains(file.path) ? previous.artifacts[file.path] : nil
            case .bytes, .staged: nil
            }
        }
        guard let stamps = fileStamps(of: paths, under: output, known: before.map { $0?.stamp }),
            let folders = folderStamps(of: paths, under: output)
        else { return (record, []) }
        let digests = knownDigests(
            rendered, for: Set(zip(paths, before).compactMap { $1?.sha256 == nil ? $0 : nil }))
        // A feed manifest's key is what its feed was made from, as the manifest says: the next
        // build takes the manifest's head from the record (`PreviousFeed.recorded`). A feed page's
        // key is what it was made from (`FeedPageRecords`).
        var keys = [String: String](minimumCapacity: rendered.feeds.count + rendered.feedPages.records.count)
        for (path, page) in rendered.feedPages.records { keys[path] = page.inputs }
        for feed in rendered.feeds { keys[feed.manifest.path] = feed.inputs }
        record.artifacts.reserveCapacity(files.count)
        for (i, file) in files.enumerated() {
            var sha256 = before[i]?.sha256 ?? digests[file.path] ?? sink.sha256(of: file.path)
            if sha256 == nil {
                switch file.source {
                case .bytes(let bytes), .unchanged(let bytes): sha256 = Digest.sha256(bytes)
                case .kept, .staged:
                    if let old = previous.artifacts[file.path], old.stamp == stamps[i] { sha256 = old.sha256 }
                }
            }
            record.artifacts[file.path] = Artifact(stamp: stamps[i], sha256: sha256, key: keys[file.path])
        }
        record.folders = folders
        record.inputsDigest = inputs?.digest
        record.report = figures
        return (record, paths)
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
