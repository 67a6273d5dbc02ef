import CalgenCore
import Foundation

/// `--previous-site URL`: the last published release, downloaded so that a build from a fresh
/// checkout (CI) continues its versions and keeps the `DTSTAMP` and `SEQUENCE` of unchanged
/// events. Fetches `manifest.json`, the public feeds' manifests and every subscriber's feed
/// manifest (calgen knows their secret paths) into a folder laid out like the output, for
/// `BuildOptions.previousManifest`.
public enum PreviousSite {
    /// What was found at the URL.
    public enum Outcome: Equatable, Sendable {
        /// The path of the downloaded `manifest.json`.
        case manifest(String)
        /// No `manifest.json` there (404): a first deploy, which starts at version 1.
        case firstDeploy
    }

    /// Downloads the previous release's manifests into `folder`. Any failure other than a missing
    /// manifest is an error: a version or event sequence is never reset silently.
    public static func download(
        from baseURL: String, options: BuildOptions, into folder: String, fetcher: HTTPFetcher = HTTPFetcher()
    ) throws(ContentErrors) -> Outcome {
        let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        guard TextRules.isWebURL(base) else {
            throw ContentErrors(
                Diagnostic(
                    file: "", message: "--previous-site needs an http(s) URL, not \"\(baseURL)\"",
                    fix: "give the published site's address, e.g. https://calendar.example.com/"))
        }
        let site = try options.loader.load()
        let feeds = FeedSet(
            site: site, today: site.config.civilDate(of: options.now), generatedAt: options.now, secret: options.feedSecret)
        let manifests =
            Calgen.publicFeedPaths.map(FeedDraft.manifestPath(of:)) + feeds.paths().map { FeedDraft.manifestPath(of: $0.path) }
        guard let manifestBytes = try fetch(base, Manifest.path, fetcher: fetcher) else { return .firstDeploy }
        var files = [(Manifest.path, manifestBytes)]
        for path in manifests {
            // A feed added since the last release has no manifest yet.
            if let bytes = try fetch(base, path, fetcher: fetcher) { files.append((path, bytes)) }
        }
        for (path, bytes) in files {
            let target = folder + "/" + path
            do {
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: target))
            } catch {
                throw ContentErrors(
                    Diagnostic(
                        file: target, message: "cannot be written: \(error.localizedDescription)",
                        fix: "make the temporary folder writable"))
            }
        }
        return .manifest(folder + "/" + Manifest.path)
    }

    /// The bytes at `base + path`, `nil` when missing; an error for anything else.
    private static func fetch(_ base: String, _ path: String, fetcher: HTTPFetcher) throws(ContentErrors) -> [UInt8]? {
        let display = FeedSecret.redacting(base + path)
        guard let url = URL(string: base + path) else {
            throw ContentErrors(Diagnostic(file: display, message: "is not a URL", fix: "check --previous-site"))
        }
        do {
            switch try fetcher.get(url) {
            case .body(let bytes): return bytes
            case .missing: return nil
            }
        } catch {
            throw ContentErrors(
                Diagnostic(
                    file: display, message: "cannot be fetched: \(FeedSecret.redacting(error.reason))",
                    fix:
                        "retry when the site answers; a build without the previous release would restart versions and event sequences"
                ))
        }
    }
}
