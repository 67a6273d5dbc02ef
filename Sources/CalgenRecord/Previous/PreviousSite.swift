import CalgenCore
import CalgenLoad
import CalgenModel
import CalgenSupport
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
        let base = try checkedBase(baseURL)
        let site = try options.loader.load()
        // Of the personal feeds' manifests, a shard needs its subscribers' alone, and a build
        // assembled from shards none (it renders no personal feed). The public ones are few.
        let shared =
            Calgen.publicFeedPaths.map(FeedPath.manifest(of:))
            + site.calendar.years.filter(site.calendar.isAnnounced(year:)).map { FeedPath.manifest(of: FeedPath.year($0)) }
            + site.schedules.map { FeedPath.manifest(of: FeedPath.schedule($0, secret: options.feedSecret)) }
        let personal =
            options.assemble.isEmpty
            ? site.subscribers.filter { options.shard?.holds(subscriberID: $0.id) ?? true }.map {
                FeedPath.manifest(of: FeedPath.personal($0.summary, secret: options.feedSecret))
            } : []
        let current = shared + personal
        guard let manifestBytes = try fetch(base, Manifest.path, fetcher: fetcher, maxBytes: manifestLimit) else {
            return .firstDeploy
        }
        try store(manifestBytes, at: folder + "/" + Manifest.path)
        // Checked as a build checks it, its problems named by the URL and reported with the
        // others. The feeds it lists must still be there: a missing one would restart its
        // events' SEQUENCE at 0 and make every calendar app see them as new.
        var problems = DiagnosticCollector()
        let manifestURL = FeedSecret.redacting(HTTPFetcher.display(base + Manifest.path))
        let manifest = problems.collect { () throws(ContentErrors) in
            try Manifest.validated(bytes: manifestBytes, file: manifestURL)
        }
        let listed = Set(manifest?.artifacts.map(\.path) ?? [])
        // The manifests of this build's feeds, and of every public feed the release lists (a
        // schedule or a year removed since is still in it, and its feed goes in this build).
        var seen = Set<String>()
        let manifests = (current + listed.filter(FeedPath.isManifest).sorted()).filter { seen.insert($0).inserted }
        // Personal feeds are never listed; the release's record of them, at a path only the feed
        // secret finds, tells which existed (none before calgen wrote records).
        let recordPath = PersonalFeedRecord.path(secret: options.feedSecret)
        let record = try fetch(base, recordPath, fetcher: fetcher, maxBytes: PersonalFeedRecord.maxBytes).map {
            bytes throws(ContentErrors) in
            try PersonalFeedRecord.parse(bytes, file: HTTPFetcher.display(base + recordPath))
        }
        // Several at a time (a site with many subscribers has as many feed manifests, and each is
        // a round trip), each written as it arrives; the first failure in path order is the error.
        let found = ParallelMap.map(manifests, threadsPerCore: 4) { path -> Result<Bool, ContentErrors> in
            Result { () throws(ContentErrors) in
                guard let bytes = try fetch(base, path, fetcher: fetcher, maxBytes: feedManifestLimit) else { return false }
                try store(bytes, at: folder + "/" + path)
                return true
            }
        }
        for (path, result) in zip(manifests, found) {
            if try result.get() {
                continue
            } else if (listed.contains(path) || record?.lists(FeedPath.feed(ofManifest: path)) == true) && !options.allowReset {
                problems.add(
                    Diagnostic(
                        file: FeedSecret.redacting(HTTPFetcher.display(base + path)),
                        message:
                            "is a feed manifest the published release \(listed.contains(path) ? "lists in manifest.json" : "has (its record of personal feeds lists it)"), but it answers 404 Not Found",
                        fix:
                            "restore the file on the site and build again; or give --allow-reset to restart its events' SEQUENCE at 0, after which calendar apps may show them twice"
                    ))
            }
            // Otherwise a feed added since the last release, which has no manifest yet.
        }
        // A release that published personal feeds wrote their record beside them: when one of
        // this build's personal feeds answers and the record does not, the record went missing,
        // and with it the knowledge of which feeds must still be there.
        let personalPaths = Set(personal)
        let answered = zip(manifests, found).contains { path, result in
            personalPaths.contains(path) && (try? result.get()) == true
        }
        if record == nil, answered, !options.allowReset {
            problems.add(
                Diagnostic(
                    file: FeedSecret.redacting(HTTPFetcher.display(base + recordPath)),
                    message:
                        "is the published release's record of personal feeds, but it answers 404 Not Found while personal feeds' manifests answer",
                    fix:
                        "restore the file on the site and build again; or give --allow-reset to start the personal feeds' history again"
                ))
        }
        try problems.throwIfAny()
        return .manifest(folder + "/" + Manifest.path)
    }

    /// `baseURL` with a final `/`, when it is an address the downloads can use as given: http(s),
    /// a host, visible ASCII only (no space, tab, CR or LF), no query, no fragment, no backslash,
    /// and no percent escape of a control character (`%00`, `%0A`). Anything else is an error,
    /// never a "first deploy": a URL that fetches something else would reset the versions.
    static func checkedBase(_ baseURL: String) throws(ContentErrors) -> String {
        func refuse(_ reason: String) -> ContentErrors {
            ContentErrors(
                Diagnostic(
                    file: "",
                    message: "--previous-site \"\(visible(HTTPFetcher.display(baseURL)))\" is not a usable address: \(reason)",
                    fix: "give the published site's address as it is, e.g. https://calendar.example.com/ (no query or fragment)"))
        }
        let bytes = Array(baseURL.utf8)
        guard bytes.count <= Limits.urlCharacters else { throw refuse("it is longer than \(Limits.urlCharacters) bytes") }
        if let byte = bytes.first(where: { $0 <= 0x20 || $0 >= 0x7F }) {
            throw refuse(
                byte == 0x20 || byte == 0x09
                    ? "it holds white space"
                    : byte < 0x20 ? "it holds a control character (a line break?)" : "it holds a byte that is not ASCII")
        }
        if bytes.contains(UInt8(ascii: "?")) { throw refuse("it has a query (?…)") }
        if bytes.contains(UInt8(ascii: "#")) { throw refuse("it has a fragment (#…)") }
        if bytes.contains(UInt8(ascii: "\\")) { throw refuse("it holds a backslash") }
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) else {
                    throw refuse("a % is not followed by two hex digits")
                }
                let value = high * 16 + low
                if value < 0x20 || value == 0x7F { throw refuse("it holds an escaped control character (%00, %0A…)") }
                i += 3
            } else {
                i += 1
            }
        }
        guard HTTPFetcher.isHTTP(baseURL) else { throw refuse("it is not an http(s) URL") }
        let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        guard let url = URL(string: base), let host = url.host, !host.isEmpty, url.absoluteString == base else {
            throw refuse("it does not parse as a URL with a host")
        }
        return base
    }

    /// At most 200 characters of `text`, control characters written as `\u{…}`.
    private static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(200) {
            out += scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }

    private static func store(_ bytes: [UInt8], at target: String) throws(ContentErrors) {
        let folder = (target as NSString).deletingLastPathComponent
        do {
            // Another download may create the same folder at the same moment.
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                    throw error
                }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: target))
        } catch {
            throw ContentErrors(
                Diagnostic(
                    file: target, message: "cannot be written: \(error.localizedDescription)",
                    fix: "make the temporary folder writable"))
        }
    }

    /// The largest `manifest.json` downloaded, counted as it arrives: what a build reads.
    static let manifestLimit = ManifestLimits.manifestBytes
    /// The largest feed manifest downloaded.
    static let feedManifestLimit = ManifestLimits.feedManifestBytes

    /// The bytes at `base + path`, `nil` when missing; an error for anything else.
    private static func fetch(
        _ base: String, _ path: String, fetcher: HTTPFetcher, maxBytes: Int
    ) throws(ContentErrors) -> [UInt8]? {
        var fetcher = fetcher
        fetcher.maxBytes = maxBytes
        let display = FeedSecret.redacting(HTTPFetcher.display(base + path))
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
                    file: display, message: "cannot be fetched: \(FeedSecret.redacting(HTTPFetcher.display(error.reason)))",
                    fix:
                        "retry when the site answers; a build without the previous release would restart versions and event sequences"
                ))
        }
    }
}

extension BuildOptions {
    /// `diagnostics` with files in the downloaded copy of the previous release named by their URL.
    public func naming(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard let origin = previousManifestOrigin, let previousManifest else { return diagnostics }
        let folder = (previousManifest as NSString).deletingLastPathComponent + "/"
        return diagnostics.map { diagnostic in
            guard diagnostic.file.hasPrefix(folder) else { return diagnostic }
            var named = diagnostic
            named.file = FeedSecret.redacting(HTTPFetcher.display(origin + diagnostic.file.dropFirst(folder.count)))
            return named
        }
    }
}
