import CalgenCore
import Foundation

extension SyncJob {
    /// The source's bytes (none when a conditional GET gave 304), digest, manifest version and
    /// the download's validators.
    struct Feed {
        var bytes: [UInt8]?
        var digest: String?
        var version: Int?
        var etag: String?
        var lastModified: String?
    }

    /// The source: a file with the manifest beside it, or a download (conditional only on the
    /// validators of a sync that completed into this same collection, when `conditional`).
    func readSource(previous: SyncState?, download: SyncHTTP, conditional: Bool) throws(Failure) -> Feed {
        guard isURLSource else { return try readFile() }
        let validators = conditional && previous?.tags != nil
        do {
            switch try FeedDownload.get(
                source, etag: validators ? previous?.sourceETag : nil,
                lastModified: validators ? previous?.sourceLastModified : nil, http: download)
            {
            case .notModified:
                return Feed(
                    bytes: nil, digest: previous?.sourceDigest, version: previous?.sourceVersion, etag: previous?.sourceETag,
                    lastModified: previous?.sourceLastModified)
            case .feed(let bytes, let etag, let lastModified):
                return Feed(
                    bytes: bytes, digest: SyncState.digest(ofSource: bytes),
                    version: FeedDownload.manifestVersion(ofFeed: source, http: download), etag: etag,
                    lastModified: lastModified)
            }
        } catch {
            throw Failure(error)
        }
    }

    private func readFile() throws(Failure) -> Feed {
        guard let data = FileManager.default.contents(atPath: source) else {
            throw Failure(message: "\(source): cannot be read")
        }
        let bytes = Array(data)
        // The feed's manifest beside it, when there is one: a regular file only (a pipe of that
        // name would wait forever for a writer), within a feed manifest's limit.
        let folder = (source as NSString).deletingLastPathComponent
        let manifest = ((source as NSString).lastPathComponent as NSString).deletingPathExtension + ".json"
        let version =
            (try? DiskSourceTree(root: folder.isEmpty ? "." : folder).read(
                manifest, limit: ManifestLimits.feedManifestBytes)).flatMap { FeedDownload.manifestVersion($0) }
        return Feed(bytes: bytes, digest: SyncState.digest(ofSource: bytes), version: version)
    }

    /// The feed's events, one per UID.
    func events(of feed: Feed) throws(Failure) -> [SyncEvent] {
        do {
            return try SyncEvent.events(ofFeed: feed.bytes ?? [])
        } catch {
            throw .problem(
                Diagnostic(
                    file: HTTPFetcher.display(source), location: error.line.map { .line($0, column: 1) },
                    message: "the feed \(error)",
                    fix: "give a feed calgen built: one VCALENDAR of VEVENTs, each with a UID of its own"))
        }
    }
}
