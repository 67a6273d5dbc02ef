import CalgenCore
import CalgenModel
import CalgenSupport

/// Which personal feeds a build published, so that the next build notices one whose manifest
/// went missing: without its manifest a feed's events would restart their `SEQUENCE` at 0
/// silently, and personal feeds are never listed in the public `manifest.json`.
///
/// The record lies at a path only the feed secret finds, `feeds/<token>/personal.txt`, beside
/// the personal feeds and like them outside the site manifest, and it holds a digest of each
/// feed's path, never the path: the record leaks no feed URL. A text file, so that no reader of
/// feed manifests (`feeds/**/*.json`) takes it for one.
package struct PersonalFeedRecord: Equatable, Sendable {
    static let header = "calgen personal feeds 1"
    /// The most feeds a record may list (a build has one per subscriber file).
    static let maxFeeds = 1_000_000
    /// The largest record: the header and a line of 33 bytes for each feed.
    static let maxBytes = header.utf8.count + 1 + 33 * maxFeeds

    /// The digests of the feeds' paths (`feeds/<token>/<id>.ics`).
    var digests: Set<String>

    package init(feedPaths: [String]) {
        digests = Set(feedPaths.map(PersonalFeedRecord.digest(ofFeedPath:)))
    }

    private init(digests: Set<String>) {
        self.digests = digests
    }

    /// Where the record of a site with `secret` lies, from the output's root.
    package static func path(secret: FeedSecret) -> String { "feeds/\(secret.recordToken)/personal.txt" }

    /// The first 128 bits of the SHA-256 of a feed's path, in hex.
    static func digest(ofFeedPath path: String) -> String { String(Digest.sha256(Array(path.utf8)).prefix(32)) }

    /// Whether the record lists the feed at `path`.
    func lists(_ path: String) -> Bool { digests.contains(PersonalFeedRecord.digest(ofFeedPath: path)) }

    /// The record's file: the header, then one digest a line, sorted.
    package func file(secret: FeedSecret) -> OutputFile {
        let lines = [PersonalFeedRecord.header] + digests.sorted()
        return OutputFile(
            path: PersonalFeedRecord.path(secret: secret), bytes: Array((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// The record in `bytes`; a problem with its file and line when it is not one calgen writes.
    static func parse(_ bytes: [UInt8], file: String) throws(ContentErrors) -> PersonalFeedRecord {
        func problem(_ line: Int, _ message: String) -> ContentErrors {
            ContentErrors(
                Diagnostic(
                    file: FeedSecret.redacting(file), location: .line(line, column: 1),
                    message: "the record of personal feeds is not one calgen writes: \(message)",
                    fix:
                        "restore the published file, or remove it (and give --allow-reset) to start the personal feeds' history again"
                ))
        }
        guard let text = String(validating: bytes, as: UTF8.self), text.hasSuffix("\n") else {
            throw problem(1, "it is not UTF-8 text ending in a line break")
        }
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(header) else { throw problem(1, "it does not start with \"\(header)\"") }
        guard lines.count - 1 <= maxFeeds else { throw problem(maxFeeds + 2, "it lists more than \(maxFeeds) feeds") }
        var digests = Set<String>()
        for (i, line) in lines.dropFirst().enumerated() {
            guard TextRule.hex(32).problem(String(line)) == nil else {
                throw problem(i + 2, "a line is not a digest of 32 lowercase hex digits")
            }
            digests.insert(String(line))
        }
        return PersonalFeedRecord(digests: digests)
    }
}
