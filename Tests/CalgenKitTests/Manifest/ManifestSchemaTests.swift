import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenRecord

/// `Manifest` and `FeedManifest` are each described once, by their Swift types; the hand-made
/// writers (one entry per line, for readable diffs) and the JSON Schemas in `Schemas/` must say
/// the same. Each manifest round-trips: written, read back equal, with exactly the keys of its
/// type and its schema (python `jsonschema` validates the built files in script/test).
@Suite struct ManifestSchemaTests {
    static let changes = ChangeList(version: 3, added: ["a\"b"], changed: [], removed: ["c/d"])

    static let manifest = Manifest(
        schemaVersion: Manifest.schemaVersion, version: 3, contentHash: String(repeating: "a", count: 64),
        generatedAt: "2026-11-21T04:00:00Z", generator: Calgen.generator,
        years: [.init(year: 2026, announced: true, sha256: String(repeating: "b", count: 64), papers: ["https://gov.cn/x"])],
        artifacts: [.init(path: "2026/index.html", sha256: String(repeating: "c", count: 64), size: 12, version: 2)],
        changes: changes,
        news: [.init(version: 3, date: "2026-11-21T04:00:00Z", kind: "announced", title: "2027年放假安排已发布", path: "2027/")],
        notes: [.init(slug: "duty", title: "值班", sha256: String(repeating: "d", count: 64))])

    static let feedManifest = FeedManifest(
        schemaVersion: FeedManifest.schemaVersion, feed: "zhang-san.ics", inputs: String(repeating: "d", count: 64),
        version: 3, sha256: String(repeating: "e", count: 64), size: 4096, generatedAt: "2026-11-21T04:00:00Z",
        validThrough: "2026-12-31", changes: changes,
        events: [.init(uid: "zhang-san.a.20261010@example.com", sequence: 1, stamp: "2026-11-21T04:00:00Z", digest: "f")])

    /// The schema's properties of the object at `pointer` (`""` for the root, `"years"` for the
    /// items of the root's `years`), and which of them are required.
    static func schema(_ name: String, _ pointer: String = "") throws -> (properties: Set<String>, required: Set<String>) {
        let url = Fixture.repositoryRoot.appendingPathComponent("Schemas/\(name).schema.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        if !pointer.isEmpty {
            let property = try #require((object["properties"] as? [String: Any])?[pointer] as? [String: Any])
            object = try #require(property["items"] as? [String: Any])
        }
        let properties = Set((object["properties"] as? [String: Any] ?? [:]).keys)
        return (properties, Set(object["required"] as? [String] ?? []))
    }

    /// The keys the type's Codable description gives.
    static func keys<T: Encodable>(of value: T) throws -> Set<String> {
        Set(try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any]).keys)
    }

    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func theSiteManifestRoundTripsAndMatchesItsSchema() throws {
        let bytes = Self.manifest.encoded()
        #expect(try JSONDecoder().decode(Manifest.self, from: Data(bytes)) == Self.manifest)
        let written = try Self.object(bytes)
        let (properties, required) = try Self.schema("manifest")
        #expect(Set(written.keys) == properties)
        #expect(try Self.keys(of: Self.manifest) == properties)
        #expect(required.isSubset(of: written.keys))
        for (array, sample) in [
            ("years", try Self.keys(of: Self.manifest.years[0])), ("artifacts", try Self.keys(of: Self.manifest.artifacts[0])),
            ("news", try Self.keys(of: Self.manifest.news![0])), ("notes", try Self.keys(of: Self.manifest.notes![0])),
        ] {
            let item = try Self.schema("manifest", array)
            #expect(sample == item.properties && item.required == item.properties, "\(array)")
            #expect(Set(try #require((written[array] as? [[String: Any]])?.first).keys) == item.properties, "\(array)")
        }
    }

    @Test func aFeedManifestRoundTripsAndMatchesItsSchema() throws {
        let bytes = FeedManifest(
            schemaVersion: 1, feed: "holidays.ics", inputs: nil, version: 1, sha256: "", size: 0, generatedAt: "",
            validThrough: nil, changes: Self.changes, events: []
        ).encoded()
        #expect(FeedManifest.integrity(of: bytes) == .intact)
        for manifest in [Self.feedManifest] {
            let bytes = manifest.encoded()
            #expect(try JSONDecoder().decode(FeedManifest.self, from: Data(bytes)) == manifest)
            #expect(FeedManifest.integrity(of: bytes) == .intact)
            let written = try Self.object(bytes)
            let (properties, required) = try Self.schema("feed-manifest")
            // `integrity` is the writer's own: a digest of the rest of the file, not a field.
            #expect(Set(written.keys) == properties)
            #expect(try Self.keys(of: manifest).union(["integrity"]) == properties)
            #expect(required.isSubset(of: written.keys))
            let events = try Self.schema("feed-manifest", "events")
            #expect(try Self.keys(of: manifest.events[0]) == events.properties && events.required == events.properties)
            // The head a build reads without decoding the events says what the whole says.
            let head = try #require(FeedManifest.Head(prefix: bytes[...]))
            #expect(head.inputs == manifest.inputs)
            #expect(head.sha256 == manifest.sha256 && head.size == manifest.size)
        }
    }
}
