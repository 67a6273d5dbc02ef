import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// A previous output that calgen did not leave as it was, under whole builds of the small site into
/// memory: a tampered, broken or lost manifest stops the next build with its place, and
/// `allowReset` starts over on purpose. (Read alone: `PreviousOutputTests`; through the command
/// line and the disk: `PreviousOutputCommandTests`.)
@Suite(.endToEnd) struct PreviousOutputBuildTests {
    static let secret = try! FeedSecret(Fixture.secret)

    /// A note that makes the next build a new version.
    static func addNote(_ fixture: borrowing Fixture) throws {
        try fixture.write("Content/notes/2026/extra.md", "---\ntitle: Extra\ndate: 2026-12-01\naudience: [public]\n---\nText.\n")
    }

    /// The problems of a build of `fixture` over `previous`, formatted.
    static func problems(_ fixture: borrowing Fixture, over previous: [OutputFile]) -> [Diagnostic] {
        let thrown = #expect(throws: ContentErrors.self) { try fixture.buildInMemory(previous: previous) }
        return thrown?.diagnostics ?? []
    }

    @Test func aTamperedManifestStopsTheBuildWithItsPath() throws {
        let site = try SmallSite.get()
        let manifest = try #require(site.read("manifest.json"))
        let edited = manifest.replacingOccurrences(
            of: #""date": "2026-11-21T04:00:00Z""#, with: #""date": "2026</updated><script>x</script>""#
        ).replacingOccurrences(of: #""path": "index.html""#, with: #""path": "../../../../etc/passwd""#)
        #expect(edited != manifest)
        let fixture = try Fixture()
        try Self.addNote(fixture)
        let problems = Self.problems(fixture, over: site.output(replacing: "manifest.json", with: edited))
        let locations = problems.compactMap(\.location)
        #expect(locations.contains(.jsonPath("news[0].date")) && locations.contains { "\($0)".contains("artifacts[") })
        #expect(
            problems.map(\.formatted).contains { $0.contains("news[0].date: the previous manifest does not follow the schema") })
        #expect(
            problems.contains {
                $0.message.contains("must be a relative path inside the site") || $0.message.contains("without ..")
            }, "\(problems)")
    }

    @Test func aBrokenPreviousManifestIsAnError() throws {
        let site = try SmallSite.get()
        let manifest = try #require(site.read("manifest.json"))
        let edited = manifest.replacingOccurrences(of: "\"version\": 1,", with: "\"version\": \"one\",")
        let fixture = try Fixture()
        let problems = Self.problems(fixture, over: site.output(replacing: "manifest.json", with: edited)).map(\.formatted)
        #expect(
            problems.contains { $0.contains("manifest.json: version: the previous manifest does not follow the schema") },
            "\(problems)")
    }

    @Test func aMissingListedFeedManifestStopsABuildUnlessReset() throws {
        let output = try SmallSite.get().output(replacing: "feeds/holidays.json", with: nil)
        let fixture = try Fixture()
        #expect(throws: ContentErrors.self) { try fixture.buildInMemory(previous: output) }
        let reset = try fixture.buildInMemory(previous: output) { $0.allowReset = true }
        let manifest = reset.read("feeds/holidays.json") ?? ""
        #expect(manifest.contains(#""sequence": 0"#) && !manifest.contains(#""sequence": 1"#))
    }

    /// A personal feed manifest removed from the output: the next build stops instead of
    /// restarting its events; `allowReset` starts it over on purpose.
    @Test func aLostPersonalFeedManifestStopsTheNextBuild() throws {
        let site = try SmallSite.get()
        let personal = try #require(site.files.keys.first { $0.hasPrefix("feeds/") && $0.hasSuffix("/zhang-san.json") })
        #expect(site.files["feeds/\(Self.secret.recordToken)/personal.txt"] != nil)
        let output = site.output(replacing: personal, with: nil)
        let fixture = try Fixture()
        try Self.addNote(fixture)
        let problems = Self.problems(fixture, over: output).map(\.formatted)
        #expect(
            problems.contains {
                $0.contains("feeds/…/personal.txt: the previous build published 1 personal feed whose manifest is missing")
            }, "\(problems)")
        #expect(!problems.contains { $0.contains(Self.secret.recordToken) })
        let reset = try fixture.buildInMemory(previous: output) { $0.allowReset = true }
        _ = try fixture.buildInMemory(previous: reset.output)
    }

    /// A feed manifest changed in place (same size, same head, still valid JSON) is never kept
    /// or carried forward: its integrity digest no longer matches, and the build says so.
    @Test func aFeedManifestChangedInPlaceIsAnError() throws {
        let site = try SmallSite.get()
        let path = try #require(site.files.keys.first { $0.hasPrefix("feeds/") && $0.hasSuffix("/zhang-san.json") })
        let text = try #require(site.read(path))
        #expect(text.contains("\"integrity\": \""))
        let damaged = text.replacingOccurrences(of: "\"sequence\": 0, \"stamp\"", with: "\"sequence\": 7, \"stamp\"")
        #expect(damaged != text && damaged.utf8.count == text.utf8.count)
        let fixture = try Fixture()
        try Self.addNote(fixture)
        // As the command line prints it: without the feed's secret folder.
        let problems = Self.problems(fixture, over: site.output(replacing: path, with: damaged)).map {
            FeedSecret.redacting($0.formatted)
        }
        #expect(
            problems.contains {
                $0.contains("feeds/…/zhang-san.json: integrity: the previous feed manifest was changed after calgen wrote it")
            }, "\(problems)")
    }
}
