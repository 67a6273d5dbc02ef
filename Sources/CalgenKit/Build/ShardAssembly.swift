import CalgenCore
import CalgenModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The personal feeds and pages of a build assembled from its shards (`--assemble`), each one
/// checked against what the content says it must be, and linked into the staging directory
/// (or kept from the output, when it holds the same bytes): nothing is rendered again.
struct ShardAssembly: Sendable {
    let feeds: [FeedResult]
    let pages: [PlannedFile]

    /// Reads the shards in `folders`: every shard of one build exactly once, each made from this
    /// build's inputs (`digest`), together holding the feed of every subscriber in the shard its
    /// id hashes to and nothing else. Reports every problem found at once.
    static func read(
        folders: [String], subscribers: [String], digest: (Int) -> [String: String], previous: PreviousOutput,
        output: String, stagingPath: String
    ) throws(ContentErrors) -> ShardAssembly {
        var problems = DiagnosticCollector()
        let shards = folders.map { folder in
            problems.collect { () throws(ContentErrors) in (folder, try ShardManifest.read(folder: folder)) }
        }
        try problems.throwIfAny()
        let read = shards.compactMap { $0 }
        let count = read.first?.1.of ?? 0
        var seen = [Int: String]()
        let redo =
            "build every shard with the same `--shard K/\(count)`, content, SOURCE_DATE_EPOCH and previous release, then assemble them all"
        for (folder, shard) in read {
            let file = folder + "/" + ShardManifest.path
            if shard.of != count {
                problems.add(
                    Diagnostic(
                        file: file, message: "is shard \(shard.shard)/\(shard.of), but \(read[0].0) is one of \(count) shards",
                        fix: redo))
            } else if let other = seen[shard.shard] {
                let twice =
                    other == folder
                    ? "is given twice to --assemble" : "is given twice as shard \(shard.shard)/\(count), with \(other)"
                problems.add(Diagnostic(file: file, message: twice, fix: redo))
            } else {
                seen[shard.shard] = folder
                let differing = ShardInputs.differing(shard.inputs, from: digest(count))
                if !differing.isEmpty {
                    problems.add(
                        Diagnostic(
                            file: file,
                            message:
                                "is stale: shard \(shard.shard)/\(count) was built with another \(ShardAssembly.list(differing)) than this build",
                            fix: redo))
                }
            }
        }
        if count > 0 {
            let missing = (1...count).filter { seen[$0] == nil }
            if !missing.isEmpty {
                problems.add(
                    Diagnostic(
                        file: folders.first ?? "",
                        message:
                            "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") missing: a site assembled without \(missing.count == 1 ? "it" : "them") would lose those subscribers' feeds",
                        fix: "build " + missing.map { "`--shard \($0)/\(count)`" }.joined(separator: ", ")
                            + " and give the folders of all \(count) shards to --assemble"))
            }
        }
        try problems.throwIfAny()

        // Every subscriber's feed, in the shard its id hashes to; nothing else. The shards parsed
        // the subscribers' files, this build only read them: the feeds' paths are the shards',
        // which the digests of those files, of the secret and of calgen vouch for.
        var expected = [String: Int]()
        for id in subscribers { expected[id] = Shard.index(of: id, count: count) }
        var paths = Set<String>()
        var entries = [(folder: String, feed: ShardManifest.Feed)]()
        var pages = [(folder: String, page: ShardManifest.Page)]()
        for (folder, shard) in read {
            let file = folder + "/" + ShardManifest.path
            for feed in shard.feeds {
                let parts = feed.path.split(separator: "/", omittingEmptySubsequences: false)
                guard expected[feed.subscriber] == shard.shard, parts.count == 3, parts[2] == feed.subscriber + ".ics",
                    feed.manifest == FeedPath.manifest(of: feed.path), paths.insert(feed.path).inserted
                else {
                    problems.add(
                        Diagnostic(
                            file: file,
                            message:
                                "holds the feed of \"\(feed.subscriber)\", which this build does not give shard \(shard.shard)/\(count)",
                            fix: redo))
                    continue
                }
                expected[feed.subscriber] = nil
                entries.append((folder, feed))
            }
            pages += shard.pages.map { (folder, $0) }
        }
        for (id, shard) in expected.sorted(by: { $0.key < $1.key }) {
            problems.add(
                Diagnostic(
                    file: (seen[shard] ?? "") + "/" + ShardManifest.path,
                    message: "lacks the feed of subscriber \"\(id)\", which belongs to shard \(shard)/\(count)",
                    fix: redo))
        }
        try problems.throwIfAny()

        // The files, kept from the output when it holds the same bytes, else linked from the shard.
        let linker = ShardLinker(output: previous.isOutput ? output : nil, staging: stagingPath, previous: previous)
        let feedResults = ParallelMap.map(entries) { entry -> Result<FeedResult, ContentErrors> in
            Result { () throws(ContentErrors) in
                let (folder, feed) = entry
                let keepFeed = linker.keepsFeed(feed)
                return FeedResult(
                    feed: try linker.place(feed.path, size: feed.size, from: folder, keep: keepFeed),
                    manifest: try linker.place(
                        feed.manifest, size: feed.manifestSize, from: folder,
                        keep: linker.sameBytes(feed.manifest, size: feed.manifestSize, in: folder)),
                    isPublic: false, sha256: feed.sha256, eventsRendered: feed.events, changed: feed.changed)
            }
        }
        let pageFiles = ParallelMap.map(pages) { entry -> Result<PlannedFile, ContentErrors> in
            Result { () throws(ContentErrors) in
                let (folder, page) = entry
                return try linker.place(
                    page.path, size: page.size, from: folder, keep: linker.sameBytes(page.path, size: page.size, in: folder))
            }
        }
        let placedFeeds = feedResults.compactMap { result in problems.collect { () throws(ContentErrors) in try result.get() } }
        let placedPages = pageFiles.compactMap { result in problems.collect { () throws(ContentErrors) in try result.get() } }
        try problems.throwIfAny()
        return ShardAssembly(feeds: placedFeeds.sorted { $0.path < $1.path }, pages: placedPages)
    }
}

extension ShardAssembly {
    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

/// Puts a shard's file in the staging directory: hard-linked from the output when the output
/// holds the same bytes (its modification time stays, so sync tools skip it), else hard-linked
/// (or, across file systems, copied) from the shard.
private struct ShardLinker: Sendable {
    /// The output directory, when it is the previous output.
    let output: String?
    let staging: String
    let previous: PreviousOutput

    /// Whether the output holds this feed, intact, with the same digest.
    func keepsFeed(_ feed: ShardManifest.Feed) -> Bool {
        guard output != nil, previous.holds(feed.path, size: feed.size), let head = previous.feeds[feed.path]?.head,
            head.sha256 == feed.sha256
        else { return false }
        return previous.isIntact(feed: feed.path)
    }

    /// Whether the output holds the file at `path` with the shard's bytes.
    func sameBytes(_ path: String, size: Int, in folder: String) -> Bool {
        guard let output, previous.holds(path, size: size) else { return false }
        return FileManager.default.contentsEqual(atPath: output + "/" + path, andPath: folder + "/" + path)
    }

    func place(_ path: String, size: Int, from folder: String, keep: Bool) throws(ContentErrors) -> PlannedFile {
        if keep { return PlannedFile(path: path, size: size, source: .kept) }
        let source = folder + "/" + path
        var info = stat()
        guard stat(source, &info) == 0, Int(info.st_size) == size else {
            throw ContentErrors(
                Diagnostic(
                    file: FeedSecret.redacting(source),
                    message: "is missing from the shard, or not the size its shard.json says (\(size) bytes)",
                    fix: "build the shard again; a shard's folder is used as calgen wrote it"))
        }
        let target = staging + "/" + path
        do throws(OutputError) {
            try StagedOutput.makeDirectory(String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)]))
            // A staging directory that reuses an earlier output may hold the name: never write
            // into what is there (it may be the live output's file), replace it.
            var linked = link(source, target) == 0
            if !linked && errno == EEXIST {
                StagedOutput.clear(target)
                linked = link(source, target) == 0
            }
            if !linked {
                guard let bytes = FileManager.default.contents(atPath: source), bytes.count == size else {
                    throw OutputError(path: source, reason: "cannot be read: \(String(cString: strerror(errno)))")
                }
                try StagedOutput.writeFile(target, Array(bytes))
            }
        } catch {
            throw ContentErrors(
                Diagnostic(file: FeedSecret.redacting(error.path), message: error.reason, fix: "check the folders' permissions"))
        }
        return PlannedFile(path: path, size: size, source: .staged)
    }
}
