import Foundation
import Testing

@testable import CalgenLoad
@testable import CalgenRecord
@testable import CalgenSupport

/// calgen's code revision is derived from its sources when it is built (Plugins/CodeRevision), so
/// that a change to a renderer reaches every unchanged subscriber's feed: the revision is part of
/// every input digest, and no constant has to be raised by hand.
@Suite struct CodeRevisionTests {
    /// The sources of the targets that decide calgen's output, as the plugin lists them.
    static let targets = [
        "CivilCalendar", "CalgenCore", "ICalendar", "CalgenModel", "TemplateEngine", "CalgenSupport", "CalgenLoad",
        "CalgenRecord", "CalgenRender", "CalgenPublish", "CalgenKit", "calgen",
    ]

    /// The package's folder, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The revision this test binary was built with is the digest of the sources as they are on
    /// the disk now, recomputed here independently of the plugin: it cannot be stale or typed in.
    /// The plugin digests the same targets this test does (its list, read from its source).
    @Test func thePluginDigestsTheseTargets() throws {
        let plugin = try String(
            contentsOf: Self.root.appendingPathComponent("Plugins/CodeRevision/CodeRevisionPlugin.swift"), encoding: .utf8)
        let start = try #require(plugin.range(of: "static let targets: Set<String> = ["))
        let list = plugin[start.upperBound...].prefix { $0 != "]" }
        let listed = list.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            .filter { !$0.isEmpty }
        #expect(Set(listed) == Set(Self.targets))
    }

    @Test func isTheDigestOfTheSourcesAsTheyAre() throws {
        #expect(CodeRevision.sources == (try Self.digest(changing: nil)))
        #expect(CodeRevision.sources.count == 64 && CodeRevision.sources.allSatisfy(\.isHexDigit))
    }

    /// One byte more in a renderer gives another revision, and so another head for every digest
    /// that decides whether a feed, a feed's page or the whole build is made again.
    @Test func aChangedRendererChangesEveryInputDigest() throws {
        let changed = try Self.digest(changing: "Sources/CalgenRender/Feeds/FeedRenderer.swift")
        #expect(changed != CodeRevision.sources)
        #expect(InputDigest.head.contains("\ncode \(CodeRevision.sources)\n"))
        #expect(InputDigest.head.contains("\ncmark \(Markdown.libraryVersion)\n"))
        var digest = InputDigest()
        digest.add("subscriber", "a")
        let withThisCode = digest.sha256
        #expect(withThisCode == Digest.sha256(Array((InputDigest.head + "subscriber a\n").utf8)))
        let headOfChangedCode = InputDigest.head.replacingOccurrences(of: CodeRevision.sources, with: changed)
        #expect(Digest.sha256(Array((headOfChangedCode + "subscriber a\n").utf8)) != withThisCode)
    }

    /// The plugin's digest: the SHA-256 of, for each source file in path order, its path
    /// relative to the package, a line feed, its size, a line feed and its bytes; `changing`
    /// appends a byte to one file first.
    static func digest(changing changed: String?) throws -> String {
        var paths = [String]()
        for target in targets {
            let folder = root.appendingPathComponent("Sources/" + target)
            let walker = FileManager.default.enumerator(atPath: folder.path)
            while let entry = walker?.nextObject() as? String {
                if entry.hasSuffix(".swift") { paths.append("Sources/\(target)/\(entry)") }
            }
        }
        var stream = [UInt8]()
        for path in paths.sorted() {
            var bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent(path)))
            if path == changed { bytes.append(0x0A) }
            stream += Array("\(path)\n\(bytes.count)\n".utf8) + bytes
        }
        return Digest.sha256(stream)
    }
}
