import CalgenCore
import CalgenLoad
import CalgenRecord
import CalgenSupport
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

    /// The largest feed read, from a file or a URL.
    package static let maxFeedBytes = 16 << 20

    /// The source file named on the command line: the link the user gave followed, then the file
    /// read as every input is (``DiskSourceTree``): a regular file of at most ``maxFeedBytes``,
    /// its size checked on the opened file; a pipe or a device is refused unopened, never waited on.
    func readFile() throws(Failure) -> Feed {
        // The path of the file itself, the user's links resolved: no link is followed past it.
        let path = RealPath.of(source) ?? source
        let folder = (path as NSString).deletingLastPathComponent
        let bytes: [UInt8]
        do throws(SourceTreeError) {
            bytes = try DiskSourceTree(root: folder.isEmpty ? "." : folder).read(
                (path as NSString).lastPathComponent, limit: Self.maxFeedBytes)
        } catch {
            throw .problem(
                Diagnostic(
                    file: source, message: "the feed \(error.reason)",
                    fix:
                        "give the .ics file of a feed calgen built (a regular file of at most \(Self.maxFeedBytes) bytes), or its https URL"
                ))
        }
        // The feed's manifest beside it, when there is one: a regular file only (a pipe of that
        // name would wait forever for a writer), within a feed manifest's limit.
        let manifest = ((path as NSString).lastPathComponent as NSString).deletingPathExtension + ".json"
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
