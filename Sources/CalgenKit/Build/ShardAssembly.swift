import CalgenCore
import CalgenModel
import CalgenRecord
import CalgenRender
import CalgenSupport
import Foundation

/// The personal feeds and pages of a build assembled from its shards (`--assemble`): nothing is
/// rendered again, and nothing is taken that a shard of this site could not have rendered.
///
/// Each shard's folder is read through a `SourceTree` (no link followed, regular files with one
/// link alone); its `shard.json` must carry the authentication code of the feed secret
/// (`ShardManifest`), name this build's inputs, and list exactly the files of its subscribers
/// (`ShardListing`); every file is read, its size and SHA-256 checked against the listing, and
/// the very bytes checked are stored through the build's sink, or the output's file kept when it
/// has that digest. A refusal names the shard, the path and the reason, all at once.
struct ShardAssembly: Sendable {
    let feeds: [FeedResult]
    let pages: [PlannedFile]

    /// A shard's folder as given, and its tree.
    struct Folder: Sendable {
        let name: String
        let tree: any SourceTree
    }

    /// Reads the shards in `folders`: every shard of one build exactly once, each made from this
    /// build's inputs (`digest`) with this `secret`, together holding the feed of every subscriber
    /// in the shard its id hashes to and nothing else; stores their files through `sink`.
    static func read(
        folders: [Folder], subscribers: [String], secret: FeedSecret, reserved: Set<String>,
        digest: (Int) -> [String: String], previous: PreviousOutput, sink: any OutputSink
    ) throws(ContentErrors) -> ShardAssembly {
        var problems = DiagnosticCollector()
        let key = ShardManifest.key(secret: secret)
        let shards = folders.map { folder in
            problems.collect { () throws(ContentErrors) in
                let file = folder.name + "/" + ShardManifest.path
                let rebuild = rebuildFix(folder.name)
                let bytes: [UInt8]
                do throws(SourceTreeError) {
                    bytes = try folder.tree.read(ShardManifest.path, limit: ShardManifest.maxBytes)
                } catch {
                    throw ContentErrors(
                        Diagnostic(
                            file: file,
                            message: error.problem == .missing
                                ? "is missing: \(folder.name) is not a shard's folder" : error.reason,
                            fix: rebuild))
                }
                return (folder, try ShardManifest.parse(bytes, file: file, key: key, rebuild: rebuild))
            }
        }
        // Every problem is reported at once: a shard refused at one step is left out of the next.
        let read = shards.compactMap { $0 }
        guard !read.isEmpty else { throw ContentErrors(problems.diagnostics) }
        let count = read[0].1.of
        var seen = [Int: String]()
        var accepted = [(Folder, ShardManifest)]()
        let redo =
            "build every shard with the same `--shard K/\(count)`, content, SOURCE_DATE_EPOCH and previous release, then assemble them all"
        for (folder, shard) in read {
            let file = folder.name + "/" + ShardManifest.path
            if shard.of != count {
                problems.add(
                    Diagnostic(
                        file: file,
                        message: "is shard \(shard.shard)/\(shard.of), but \(read[0].0.name) is one of \(count) shards",
                        fix: redo))
            } else if let other = seen[shard.shard] {
                let twice =
                    other == folder.name
                    ? "is given twice to --assemble" : "is given twice as shard \(shard.shard)/\(count), with \(other)"
                problems.add(Diagnostic(file: file, message: twice, fix: redo))
            } else {
                seen[shard.shard] = folder.name
                accepted.append((folder, shard))
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
                        file: folders.first?.name ?? "",
                        message:
                            "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") missing: a site assembled without \(missing.count == 1 ? "it" : "them") would lose those subscribers' feeds",
                        fix: "build " + missing.map { "`--shard \($0)/\(count)`" }.joined(separator: ", ")
                            + " and give the folders of all \(count) shards to --assemble"))
            }
        }

        // Every subscriber's feed, in the shard its id hashes to, at the path the secret gives it;
        // its manifest and page; nothing else. The shards parsed the subscribers' files, this
        // build only read them: what they list is vouched for by the authentication code, and
        // checked all the same.
        var expected = [Int: Set<String>]()
        for id in subscribers { expected[Shard.index(of: id, count: count), default: []].insert(id) }
        var listings = [(folder: Folder, shard: ShardManifest, listing: ShardListing)]()
        for (folder, shard) in accepted {
            let (listing, found) = ShardListing.check(
                shard, folder: folder.name, subscribers: expected[shard.shard] ?? [], secret: secret, reserved: reserved,
                rebuild: rebuildFix(folder.name, shard: "\(shard.shard)/\(shard.of)"))
            problems.add(contentsOf: found)
            for id in (expected[shard.shard] ?? []).subtracting(listing.subscribers).sorted() {
                problems.add(
                    Diagnostic(
                        file: folder.name + "/" + ShardManifest.path,
                        message: "lacks the feed of subscriber \"\(id)\", which belongs to shard \(shard.shard)/\(count)",
                        fix: redo))
            }
            if found.isEmpty { listings.append((folder, shard, listing)) }
        }

        // The folders as they are: nothing but the listed files, each a regular file with one link.
        let trees = ParallelMap.map(listings) { entry -> [Diagnostic] in
            let name = "shard \(entry.shard.shard)/\(entry.shard.of)"
            let rebuild = rebuildFix(entry.folder.name, shard: "\(entry.shard.shard)/\(entry.shard.of)")
            do throws(SourceTreeError) {
                return entry.listing.problems(
                    of: try entry.folder.tree.entries(), shard: name, folder: entry.folder.name, rebuild: rebuild)
            } catch {
                return [
                    Diagnostic(
                        file: entry.folder.name + "/" + FeedSecret.redacting(error.path), message: "\(name): \(error.reason)",
                        fix: rebuild)
                ]
            }
        }
        for found in trees { problems.add(contentsOf: found) }

        // Every file read through the tree, its size and digest checked on the bytes read, and
        // those bytes stored; or the output's file kept when it has the listed digest. (Into the
        // staging directory, which a refused build discards.)
        let jobs = zip(listings, trees).filter { $0.1.isEmpty }.map(\.0).flatMap { entry in
            entry.listing.files.map { (folder: entry.folder, shard: "shard \(entry.shard.shard)/\(entry.shard.of)", file: $0) }
        }
        let placed = ParallelMap.map(jobs, threadsPerCore: 2) { job -> Result<PlannedFile, ContentErrors> in
            Result { () throws(ContentErrors) in
                try place(job.file, from: job.folder, shard: job.shard, previous: previous, sink: sink)
            }
        }
        var byPath = [String: PlannedFile]()
        for result in placed {
            if let file = problems.collect({ () throws(ContentErrors) in try result.get() }) { byPath[file.path] = file }
        }
        try problems.throwIfAny()
        var feeds = [FeedResult]()
        var pages = [PlannedFile]()
        for (_, shard, _) in listings {
            for feed in shard.feeds {
                guard let file = byPath[feed.path], let manifest = byPath[feed.manifest] else { continue }
                feeds.append(
                    FeedResult(
                        feed: file, manifest: manifest, isPublic: false, sha256: feed.sha256, eventsRendered: feed.events,
                        changed: feed.changed))
            }
            pages += shard.pages.compactMap { byPath[$0.path] }
        }
        return ShardAssembly(feeds: feeds.sorted { $0.path < $1.path }, pages: pages.sorted { $0.path < $1.path })
    }

    /// One listed file: read from the shard's tree and checked, then kept from the output when
    /// the output's file has the same digest, else stored through `sink`.
    private static func place(
        _ file: ShardListing.File, from folder: Folder, shard: String, previous: PreviousOutput, sink: any OutputSink
    ) throws(ContentErrors) -> PlannedFile {
        let name = folder.name + "/" + FeedSecret.redacting(file.path)
        let rebuild = rebuildFix(folder.name, shard: String(shard.dropFirst("shard ".count)))
        let bytes: [UInt8]
        do throws(SourceTreeError) {
            bytes = try folder.tree.read(file.path, limit: file.size)
        } catch {
            throw ContentErrors(Diagnostic(file: name, message: "\(shard): \(error.reason)", fix: rebuild))
        }
        guard bytes.count == file.size, Digest.sha256(bytes) == file.sha256 else {
            throw ContentErrors(
                Diagnostic(
                    file: name,
                    message:
                        "\(shard): is not the file its listing names (\(file.size) bytes with SHA-256 \(file.sha256.prefix(12))…): it was changed after the shard was built",
                    fix: rebuild))
        }
        if keeps(file, previous: previous) { return PlannedFile(path: file.path, size: file.size, source: .kept) }
        do throws(OutputError) {
            return try sink.store(file.path, bytes)
        } catch {
            throw ContentErrors(
                Diagnostic(file: FeedSecret.redacting(error.path), message: error.reason, fix: "check the folders' permissions"))
        }
    }

    /// Whether the output holds `file` with its digest: a feed by its intact manifest's head, its
    /// manifest and page by their bytes. Its modification time then stays, so sync tools skip it.
    private static func keeps(_ file: ShardListing.File, previous: PreviousOutput) -> Bool {
        guard previous.isOutput, previous.holds(file.path, size: file.size) else { return false }
        if file.path.hasSuffix(".ics") {
            guard previous.feeds[file.path]?.head?.sha256 == file.sha256 else { return false }
            return previous.isIntact(feed: file.path)
        }
        if FeedPath.isManifest(file.path) {
            return previous.store.bytes(of: file.path).map(Digest.sha256) == file.sha256
        }
        return previous.unrecorded[file.path] == file.sha256
    }

    /// How to make a shard's folder again.
    static func rebuildFix(_ folder: String, shard: String = "K/N") -> String {
        "build the shard again with `calgen build --shard \(shard) --output \(folder)`; a shard's folder is assembled only as calgen wrote it"
    }
}

extension ShardAssembly {
    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
