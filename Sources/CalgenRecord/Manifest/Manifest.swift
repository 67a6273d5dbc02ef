import CalgenModel
import CalgenSupport
import Crypto
import Foundation
import ICalendar

/// `manifest.json`: with one small request a client learns whether anything changed since it
/// last looked, and what. The format is described by `Schemas/manifest.schema.json`.
package struct Manifest: Codable, Equatable, Sendable {
    package static let schemaVersion = 1
    package static let path = PagePath.manifest

    /// One holiday-cn source file.
    package struct Year: Codable, Equatable, Sendable {
        var year: Int
        var announced: Bool
        var sha256: String
        var papers: [String]

        package init(year: Int, announced: Bool, sha256: String, papers: [String]) {
            self.year = year
            self.announced = announced
            self.sha256 = sha256
            self.papers = papers
        }
    }

    /// One public file of the output.
    package struct Artifact: Codable, Equatable, Sendable {
        package var path: String
        package var sha256: String
        package var size: Int
        /// The version at which the file last changed.
        package var version: Int

        package init(path: String, sha256: String, size: Int, version: Int) {
            self.path = path
            self.sha256 = sha256
            self.size = size
            self.version = version
        }
    }

    var schemaVersion: Int
    var version: Int
    var contentHash: String
    package var generatedAt: String
    var generator: String
    var years: [Year]
    package var artifacts: [Artifact]
    package var changes: ChangeList
    /// What changed for people, newest first (see `ChangeNews`); absent from manifests written
    /// before it, and then started afresh.
    var news: [NewsItem]?
    /// Every note's state at this version, to tell the next build which notes changed.
    var notes: [NoteState]?

    package init(
        schemaVersion: Int, version: Int, contentHash: String, generatedAt: String, generator: String, years: [Year],
        artifacts: [Artifact], changes: ChangeList, news: [NewsItem]? = nil, notes: [NoteState]? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.version = version
        self.contentHash = contentHash
        self.generatedAt = generatedAt
        self.generator = generator
        self.years = years
        self.artifacts = artifacts
        self.changes = changes
        self.news = news
        self.notes = notes
    }

    /// The manifest's bytes: one key per line and one array element per line, so that a diff
    /// of two manifests reads well.
    package func encoded() -> [UInt8] {
        let string = ManifestText.string
        let list = ManifestText.list
        var lines = [String]()
        lines.append("{")
        lines.append("  \"schemaVersion\": \(schemaVersion),")
        lines.append("  \"version\": \(version),")
        lines.append("  \"contentHash\": \(string(contentHash)),")
        lines.append("  \"generatedAt\": \(string(generatedAt)),")
        lines.append("  \"generator\": \(string(generator)),")
        lines.append("  \"years\": [")
        lines.append(
            years.map { y in
                "    {\"year\": \(y.year), \"announced\": \(y.announced), \"sha256\": \(string(y.sha256)), \"papers\": \(list(y.papers))}"
            }.joined(separator: ",\n"))
        lines.append("  ],")
        lines.append("  \"artifacts\": [")
        // Written as bytes (a site has thousands of files), then taken whole as the line of them.
        var listed = [UInt8]()
        listed.reserveCapacity(artifacts.count * 150)
        for (i, a) in artifacts.enumerated() {
            if i > 0 { listed.append(contentsOf: ",\n".utf8) }
            listed.append(contentsOf: "    {\"path\": ".utf8)
            JSON.writeString(a.path, to: &listed)
            listed.append(contentsOf: ", \"sha256\": ".utf8)
            JSON.writeString(a.sha256, to: &listed)
            listed.append(contentsOf: ", \"size\": \(a.size), \"version\": \(a.version)}".utf8)
        }
        lines.append(String(decoding: listed, as: UTF8.self))
        lines.append("  ],")
        lines.append("  \"changes\": \(changes.encoded()),")
        lines.append("  \"news\": [")
        lines.append(
            (news ?? []).map { n in
                "    {\"version\": \(n.version), \"date\": \(string(n.date)), \"kind\": \(string(n.kind)), \"title\": \(string(n.title)), \"path\": \(string(n.path))}"
            }.joined(separator: ",\n"))
        lines.append("  ],")
        lines.append("  \"notes\": [")
        lines.append(
            (notes ?? []).map { n in
                "    {\"slug\": \(string(n.slug)), \"title\": \(string(n.title)), \"sha256\": \(string(n.sha256))}"
            }.joined(separator: ",\n"))
        lines.append("  ]")
        lines.append("}")
        return Array((lines.filter { !$0.isEmpty }.joined(separator: "\n") + "\n").utf8)
    }
}

/// The manifest beside a feed (`feeds/holidays.json`, `feeds/<token>/<id>.json`): the feed's
/// version and hash, how far it is valid, the event-level delta at its version and the state of
/// every event, so that an app that keeps its own copies can add, update and remove exactly
/// what changed. Described by `Schemas/feed-manifest.schema.json`.
package struct FeedManifest: Codable, Equatable, Sendable {
    package static let schemaVersion = 1

    /// One event of the feed.
    package struct Event: Codable, Equatable, Sendable {
        package var uid: String
        /// The event's `SEQUENCE`: raised each time its content changes.
        package var sequence: Int
        /// The event's `DTSTAMP`: when its content last changed.
        package var stamp: String
        /// A digest of the event's content without stamp and sequence.
        package var digest: String

        package init(uid: String, sequence: Int, stamp: String, digest: String) {
            self.uid = uid
            self.sequence = sequence
            self.stamp = stamp
            self.digest = digest
        }
    }

    var schemaVersion: Int
    /// The feed's file name, beside this manifest.
    var feed: String
    /// A SHA-256 over everything the feed was made from (its subscriber, the holiday data, the
    /// notes addressed to it, the settings, calgen's version): while it is the same, the feed is
    /// kept without rendering it again. Personal feeds only.
    package var inputs: String?
    /// The site version at which the feed last changed.
    var version: Int
    package var sha256: String
    var size: Int
    var generatedAt: String
    /// The last day through which reminders that depend on the holiday arrangement are right.
    var validThrough: String?
    var changes: ChangeList
    package var events: [Event]

    package init(
        schemaVersion: Int, feed: String, inputs: String? = nil, version: Int, sha256: String, size: Int, generatedAt: String,
        validThrough: String? = nil, changes: ChangeList, events: [Event]
    ) {
        self.schemaVersion = schemaVersion
        self.feed = feed
        self.inputs = inputs
        self.version = version
        self.sha256 = sha256
        self.size = size
        self.generatedAt = generatedAt
        self.validThrough = validThrough
        self.changes = changes
        self.events = events
    }

    /// The manifest's bytes, its events written from `events`.
    package func encoded() -> [UInt8] {
        encoded(eventBytes: events.count * 140) { out in
            // Most events share their stamp (the build's time): its JSON is written once.
            var stamp = (text: "", json: [UInt8]())
            // The keys read once into locals: a static array read in the loop is retained and
            // released for each event.
            let (eventOpen, sequenceKey, stampKey, digestKey) =
                (FeedManifest.eventOpen, FeedManifest.sequenceKey, FeedManifest.stampKey, FeedManifest.digestKey)
            let (eventClose, lastEventClose) = (FeedManifest.eventClose, FeedManifest.lastEventClose)
            events.withUnsafeBufferPointer { events in
                for i in events.indices {
                    out.append(contentsOf: eventOpen)
                    JSON.writeString(events[i].uid, to: &out)
                    out.append(contentsOf: sequenceKey)
                    FeedManifest.writeDecimal(events[i].sequence, to: &out)
                    out.append(contentsOf: stampKey)
                    if events[i].stamp != stamp.text {
                        var json = [UInt8]()
                        JSON.writeString(events[i].stamp, to: &json)
                        stamp = (events[i].stamp, json)
                    }
                    out.append(contentsOf: stamp.json)
                    out.append(contentsOf: digestKey)
                    JSON.writeString(events[i].digest, to: &out)
                    out.append(contentsOf: i == events.count - 1 ? lastEventClose : eventClose)
                }
            }
        }
    }

    /// The manifest's bytes with the lines of its events written by `writingEvents` (about
    /// `eventBytes` of them), in place of `events`.
    package func encoded(eventBytes: Int, writingEvents: (inout [UInt8]) -> Void) -> [UInt8] {
        let string = ManifestText.string
        let lines = [
            "{",
            "  \"schemaVersion\": \(schemaVersion),",
            "  \"feed\": \(string(feed)),",
            inputs.map { "  \"inputs\": \(string($0))," } ?? "",
            "  \"version\": \(version),",
            "  \"sha256\": \(string(sha256)),",
            "  \"size\": \(size),",
            "  \"generatedAt\": \(string(generatedAt)),",
            "  \"validThrough\": \(validThrough.map(string) ?? "null"),",
        ]
        // The changes and the events, written as bytes: a feed has hundreds of events. All in
        // one buffer, after the head and room for the integrity line, which is filled in last.
        let head = Array((lines.filter { !$0.isEmpty }.joined(separator: "\n") + "\n").utf8)
        let integrityPrefix = Array("  \"integrity\": \"".utf8)
        let integrityCount = integrityPrefix.count + 64 + 3
        var out = [UInt8]()
        out.reserveCapacity(head.count + integrityCount + 256 + eventBytes + changes.byteEstimate)
        out.append(contentsOf: head)
        out.append(contentsOf: repeatElement(0, count: integrityCount))
        let body = out.count
        out.append(contentsOf: "  \"changes\": ".utf8)
        changes.write(to: &out)
        out.append(contentsOf: ",\n  \"events\": [\n".utf8)
        writingEvents(&out)
        out.append(contentsOf: "  ]\n}\n".utf8)
        // Last in the head: a digest of the file without this line, so that a build can tell an
        // intact manifest from a damaged one at the cost of hashing it.
        var hash = SHA256()
        out.withUnsafeBytes { bytes in
            hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: bytes[..<head.count]))
            hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: bytes[body...]))
        }
        let integrity = integrityPrefix + Array(Digest.hex(hash.finalize()).utf8) + Array("\",\n".utf8)
        out.replaceSubrange(head.count..<body, with: integrity)
        return out
    }

    /// The bytes around an event's fields in a feed manifest, which a rendered feed's event
    /// records are written with too (`FeedEventRecords`).
    package static let eventOpen = Array("    {\"uid\": ".utf8)
    package static let sequenceKey = Array(", \"sequence\": ".utf8)
    package static let stampKey = Array(", \"stamp\": ".utf8)
    package static let digestKey = Array(", \"digest\": ".utf8)
    package static let eventClose = Array("},\n".utf8)
    package static let lastEventClose = Array("}\n".utf8)

    /// A number in decimal, as `String(value)` spells it.
    package static func writeDecimal(_ value: Int, to out: inout [UInt8]) {
        if value >= 0, value < 10 {
            out.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            out.append(contentsOf: String(value).utf8)
        }
    }

    /// What a manifest's `integrity` line says of it.
    enum Integrity: Equatable {
        /// The digest matches: the manifest is as calgen wrote it.
        case intact
        /// The digest does not match: the file was changed after calgen wrote it.
        case damaged
        /// No digest (written before manifests had one, or not a manifest at all).
        case absent
    }

    /// Checks `bytes` against their `integrity` line, which holds the SHA-256 of the rest.
    static func integrity(of bytes: [UInt8]) -> Integrity {
        let marker = Array("\n  \"integrity\": \"".utf8)
        // The line is in the head, within the first 4 KB.
        guard let start = bytes.prefix(4096).firstRange(of: marker)?.lowerBound else { return .absent }
        let lineStart = start + 1
        let valueStart = start + marker.count
        guard valueStart + 64 + 3 <= bytes.count, bytes[valueStart + 64] == 0x22, bytes[valueStart + 65] == 0x2C,
            bytes[valueStart + 66] == 0x0A
        else { return .damaged }
        let value = String(decoding: bytes[valueStart..<valueStart + 64], as: UTF8.self)
        return Digest.sha256(Array(bytes[..<lineStart] + bytes[(valueStart + 67)...])) == value ? .intact : .damaged
    }
}

extension FeedManifest {
    /// The fields a manifest written by `encoded()` has on its first lines, read without
    /// decoding the events.
    ///
    /// A head whose `version` is not one calgen writes is none; the version itself is not kept:
    /// whether a feed can be kept asks only what it was made from and what its bytes are.
    package struct Head: Equatable, Sendable {
        var inputs: String?
        package var sha256: String
        package var size: Int

        init(inputs: String?, sha256: String, size: Int) {
            (self.inputs, self.sha256, self.size) = (inputs, sha256, size)
        }

        /// Reads the head from the first bytes of a manifest; `nil` when they do not hold it.
        init?(prefix: ArraySlice<UInt8>) {
            var fields = [String: String]()
            for line in prefix.split(separator: 0x0A) {
                // `  "key": value,` with a string, number or null value.
                guard let open = line.firstIndex(of: 0x22), let close = line[(open + 1)...].firstIndex(of: 0x22),
                    close + 1 < line.endIndex, line[close + 1] == 0x3A
                else { continue }
                let key = String(decoding: line[(open + 1)..<close], as: UTF8.self)
                if key == "changes" { break }
                var value = line[(close + 2)...].drop { $0 == 0x20 }
                while let last = value.last, last == 0x2C || last == 0x20 || last == 0x0D { value = value.dropLast() }
                if value.count >= 2, value.first == 0x22, value.last == 0x22 { value = value.dropFirst().dropLast() }
                fields[key] = String(decoding: value, as: UTF8.self)
            }
            guard let sha256 = fields["sha256"], let size = fields["size"].flatMap(Int.init),
                let version = fields["version"].flatMap(Int.init), (1...ManifestLimits.number).contains(version)
            else { return nil }
            self.init(inputs: fields["inputs"], sha256: sha256, size: size)
        }
    }
}

/// What changed at `version`: the paths of `manifest.json`, or the event UIDs of a feed
/// manifest (`changed`: same UID, other content).
package struct ChangeList: Codable, Equatable, Sendable {
    var version: Int
    var added: [String]
    var changed: [String]
    var removed: [String]

    package init(version: Int, added: [String], changed: [String], removed: [String]) {
        self.version = version
        self.added = added
        self.changed = changed
        self.removed = removed
    }

    /// One line of JSON.
    func encoded() -> String {
        var out = [UInt8]()
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func write(to out: inout [UInt8]) {
        out.append(contentsOf: "{\"version\": \(version), \"added\": ".utf8)
        JSON.writeStrings(added, to: &out)
        out.append(contentsOf: ", \"changed\": ".utf8)
        JSON.writeStrings(changed, to: &out)
        out.append(contentsOf: ", \"removed\": ".utf8)
        JSON.writeStrings(removed, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// About how many bytes `write(to:)` writes, to reserve them.
    var byteEstimate: Int {
        var total = 64
        for list in [added, changed, removed] { for value in list { total += value.utf8.count + 3 } }
        return total
    }
}

/// JSON values as text, for manifests written one entry per line.
enum ManifestText {
    static func string(_ s: String) -> String { String(decoding: JSON.string(s).serialized(), as: UTF8.self) }

    static func list(_ values: [String]) -> String {
        var out = [UInt8]()
        JSON.writeStrings(values, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
