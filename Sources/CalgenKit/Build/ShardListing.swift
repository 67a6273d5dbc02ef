import CalgenCore
import CalgenModel
import CalgenRender
import CalgenSupport
import Foundation

/// What one shard of this site may hold, checked against its authenticated listing before any
/// file of it is read: for each of the shard's subscribers, and for no one else, their feed at the
/// folder the feed secret gives them, the feed's manifest beside it and the feed's page, each once;
/// nothing else. Pure, so that the fuzz target `shard-listing` runs it on any listing.
struct ShardListing: Sendable {
    /// One file a shard hands to the site.
    struct File: Sendable, Equatable {
        let path: String
        let size: Int
        let sha256: String
        let subscriber: String
    }

    /// The files to take, in the listing's order: each feed, its manifest, then the pages.
    let files: [File]
    /// The subscribers whose feed the shard holds.
    let subscribers: Set<String>

    /// Checks `shard` (read from `folder`) against what a shard of `count` holds in this build:
    /// the feeds of `subscribers` (this shard's, by id) at their paths under `secret`, with
    /// `reserved` (folders of the site's own files below `feeds/`) never used. All problems at once.
    static func check(
        _ shard: ShardManifest, folder: String, subscribers: Set<String>, secret: FeedSecret, reserved: Set<String>,
        rebuild: String
    ) -> (listing: ShardListing, problems: [Diagnostic]) {
        let name = "shard \(shard.shard)/\(shard.of)"
        let file = folder + "/" + ShardManifest.path
        var problems = [Diagnostic]()
        func refuse(_ path: String, _ reason: String) {
            problems.append(
                Diagnostic(
                    file: file, message: "\(name) lists \"\(FeedSecret.redacting(String(path.prefix(300))))\": \(reason)",
                    fix: rebuild))
        }
        var files = [File]()
        var held = Set<String>()
        var paths: Set<String> = [ShardManifest.path]
        var pagesOwed = [String: String]()
        for feed in shard.feeds {
            let id = feed.subscriber
            guard subscribers.contains(id) else {
                refuse(
                    feed.path,
                    "the feed of \"\(String(id.prefix(100)))\", whom this build does not give \(name) (another shard's subscriber, or none of this site's)"
                )
                continue
            }
            guard held.insert(id).inserted else {
                refuse(feed.path, "a second feed of \"\(id)\"")
                continue
            }
            guard Limits.tokenEpoch.contains(feed.epoch) else {
                refuse(feed.path, "a token epoch (\(feed.epoch)) outside \(Limits.tokenEpoch)")
                continue
            }
            let folderPath = "feeds/\(secret.token(for: id, epoch: feed.epoch))/"
            guard feed.path == folderPath + id + ".ics" else {
                refuse(feed.path, "the feed of \"\(id)\" somewhere else than the folder its feed secret gives it")
                continue
            }
            guard !reserved.contains(folderPath) else {
                refuse(feed.path, "a folder of the site's own files")
                continue
            }
            guard feed.manifest == FeedPath.manifest(of: feed.path) else {
                refuse(feed.manifest, "a manifest that is not the one beside the feed of \"\(id)\"")
                continue
            }
            let entries = [
                (feed.path, feed.size, feed.sha256), (feed.manifest, feed.manifestSize, feed.manifestSHA256),
            ]
            var valid = true
            for (path, size, sha256) in entries {
                if let reason = problem(size: size, sha256: sha256) {
                    refuse(path, reason)
                    valid = false
                } else if !paths.insert(path).inserted {
                    refuse(path, "a path listed twice")
                    valid = false
                }
            }
            guard valid, feed.events >= 0, feed.events <= Limits.eventsPerFeed else {
                if valid { refuse(feed.path, "\(feed.events) events, not 0…\(Limits.eventsPerFeed)") }
                continue
            }
            files += entries.map { File(path: $0.0, size: $0.1, sha256: $0.2, subscriber: id) }
            pagesOwed[PrivateFeedPage.folder(ofFeed: feed.path) + PagePath.index] = id
        }
        // Exactly the page of each feed listed, and no other page.
        for page in shard.pages {
            guard let id = pagesOwed.removeValue(forKey: page.path) else {
                refuse(
                    page.path,
                    paths.contains(page.path)
                        ? "a path listed twice"
                        : "a page that is not the page of a feed this shard holds (a shard hands the site nothing else)")
                continue
            }
            if let reason = problem(size: page.size, sha256: page.sha256) {
                refuse(page.path, reason)
                continue
            }
            paths.insert(page.path)
            files.append(File(path: page.path, size: page.size, sha256: page.sha256, subscriber: id))
        }
        for (path, id) in pagesOwed.sorted(by: { $0.key < $1.key }) {
            refuse(path, "no entry for the page of \"\(id)\"'s feed, which every shard lists (the listing is incomplete)")
        }
        return (ShardListing(files: files, subscribers: held), problems)
    }

    /// Why a listed size or digest cannot be a shard's file.
    static func problem(size: Int, sha256: String) -> String? {
        if size < 0 || size > ShardManifest.maxFileBytes { return "a size of \(size) bytes, not 0…\(ShardManifest.maxFileBytes)" }
        if ShardManifest.bytes(ofHex: sha256) == nil { return "a digest that is not 64 lowercase hex digits" }
        return nil
    }

    /// The folders a listed file may lie in (`feeds/`, `feeds/<token>/`).
    var folders: Set<String> {
        var folders = Set<String>()
        for file in files {
            var parts = file.path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        return folders
    }

    /// The problems of the folder's entries as they are on disk: every one a folder of the
    /// listing, `shard.json` or a listed file, and each file a regular file with one link.
    func problems(of entries: [SourceEntry], shard: String, folder: String, rebuild: String) -> [Diagnostic] {
        let listed = Dictionary(files.map { ($0.path, $0.size) }) { first, _ in first }
        let folders = self.folders
        var problems = [Diagnostic]()
        for entry in entries {
            let reason: String
            switch entry.kind {
            case .folder:
                if folders.contains(entry.path) { continue }
                reason = "is a folder that no listed file is in"
            case .file:
                if entry.path == ShardManifest.path || listed[entry.path] != nil {
                    if entry.links > 1 {
                        reason = "has \(entry.links) hard links: it may be a file outside the folder"
                    } else if let size = listed[entry.path], size != entry.size {
                        reason = "has \(entry.size) bytes, and the shard's listing says \(size)"
                    } else {
                        continue
                    }
                } else {
                    reason = "is not listed in shard.json: a shard holds its subscribers' feeds, manifests and pages alone"
                }
            default:
                reason = "is \(entry.kind.rawValue); a shard holds regular files alone"
            }
            problems.append(
                Diagnostic(
                    file: folder + "/" + FeedSecret.redacting(String(entry.path.prefix(300))), message: "\(shard): \(reason)",
                    fix: rebuild))
        }
        return problems
    }
}
