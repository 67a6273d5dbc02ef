import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenKit
@testable import CalgenRecord

/// A previous output on the disk or at `--previous-site` that calgen did not leave as it was: a
/// tampered or lost manifest stops `calgen build` and `calgen check` with its path, `public/`
/// untouched, and `--allow-reset` starts over on purpose.
@Suite(.endToEnd) struct PreviousOutputCommandTests {
    static let secret = try! FeedSecret(Fixture.secret)

    /// A built small site, its manifest edited by `edit`.
    static func tampered(_ fixture: borrowing Fixture, _ edit: (String) -> String) throws {
        let manifest = fixture.read("public/manifest.json")!
        let edited = edit(manifest)
        #expect(edited != manifest)
        try fixture.write("public/manifest.json", edited)
    }

    @Test func aTamperedManifestStopsTheBuildAndCheckWithItsPath() throws {
        let fixture = try Fixture()
        _ = try SiteBuilder(options: fixture.options()).build()
        try PreviousOutputCommandTests.tampered(fixture) {
            $0.replacingOccurrences(of: #""date": "2026-11-21T04:00:00Z""#, with: #""date": "2026</updated><script>x</script>""#)
                .replacingOccurrences(of: #""path": "index.html""#, with: #""path": "../../../../etc/passwd""#)
        }
        try fixture.write("Content/notes/2026/extra.md", "---\ntitle: Extra\ndate: 2026-12-01\n---\nText.\n")
        let before = Fixture.fingerprint(fixture.output)
        let thrown = #expect(throws: ContentErrors.self) { try SiteBuilder(options: fixture.options()).build() }
        let locations = (thrown?.diagnostics ?? []).compactMap(\.location)
        #expect(locations.contains(.jsonPath("news[0].date")) && locations.contains { "\($0)".contains("artifacts[") })
        #expect(Fixture.differences(before, Fixture.fingerprint(fixture.output)).isEmpty)

        let result = try fixture.run(["check"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("public/manifest.json: news[0].date: the previous manifest does not follow the schema"),
            "\(result.stderr)")
        #expect(result.stderr.contains("must be a relative path inside the site") || result.stderr.contains("without .."))
        #expect(Fixture.differences(before, Fixture.fingerprint(fixture.output)).isEmpty)
        let build = try fixture.run(["build"])
        #expect(build.status == 1 && build.stderr.contains("news[0].date"), "\(build.stderr)")
        #expect(Fixture.differences(before, Fixture.fingerprint(fixture.output)).isEmpty)
    }

    @Test func aMissingListedFeedManifestIsAnErrorUnlessReset() throws {
        let fixture = try Fixture()
        _ = try SiteBuilder(options: fixture.options()).build()
        try FileManager.default.removeItem(atPath: fixture.output + "/feeds/holidays.json")
        var options = fixture.options()
        let thrown = #expect(throws: ContentErrors.self) { try PreviousOutput.load(options: options) }
        let problem = thrown?.diagnostics.first { $0.message.contains("feeds/holidays.json") }
        #expect(problem?.message.contains("which is missing") == true, "\(thrown?.diagnostics ?? [])")
        #expect(problem?.fix?.contains("--allow-reset") == true)
        if case .jsonPath(let path)? = problem?.location {
            #expect(path.hasPrefix("artifacts["))
        } else {
            Issue.record("no path")
        }
        // `calgen check` reports it; with --allow-reset it does not.
        let check = try fixture.run(["check"])
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stderr.contains("public/manifest.json: artifacts["), "\(check.stderr)")
        #expect(check.stderr.contains("the feed manifest feeds/holidays.json, which is missing"), "\(check.stderr)")
        #expect(try fixture.run(["check", "--allow-reset"]).status == 0)
        // With --allow-reset the previous output reads, without the missing feed.
        options.allowReset = true
        let previous = try PreviousOutput.load(options: options)
        #expect(previous.feeds["feeds/holidays.ics"] == nil && previous.manifest != nil)
        #expect(previous.feeds["feeds/festivals.ics"] != nil)
    }

    /// End to end; needs the build to read the previous output with `load(options:)`.
    @Test func aMissingListedFeedManifestStopsABuildUnlessReset() throws {
        let fixture = try Fixture()
        _ = try SiteBuilder(options: fixture.options()).build()
        try FileManager.default.removeItem(atPath: fixture.output + "/feeds/holidays.json")
        let before = Fixture.fingerprint(fixture.output)
        #expect(throws: ContentErrors.self) { try SiteBuilder(options: fixture.options()).build() }
        #expect(Fixture.differences(before, Fixture.fingerprint(fixture.output)).isEmpty)
        let result = try fixture.run(["build", "--quiet", "--allow-reset"])
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = fixture.read("public/feeds/holidays.json") ?? ""
        #expect(manifest.contains(#""sequence": 0"#) && !manifest.contains(#""sequence": 1"#))
    }

    /// A valid previous manifest changes nothing: a build into another folder with the first
    /// build's manifests as `--previous-manifest` makes the same bytes.
    @Test func aValidPreviousManifestGivesTheSameBytes() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build", "--quiet", "--output", "first"]).status == 0)
        let first = Fixture.snapshot(fixture.root.appendingPathComponent("first").path)
        let result = try fixture.run(["build", "--quiet", "--output", "second", "--previous-manifest", "first/manifest.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Fixture.differences(first, Fixture.snapshot(fixture.root.appendingPathComponent("second").path)).isEmpty)
    }

    /// A personal feed manifest removed from the output: the next build stops instead of
    /// restarting its events; `--allow-reset` starts it over on purpose.
    @Test func aLostPersonalFeedManifestStopsTheNextBuild() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build", "--quiet"]).status == 0)
        let feeds = FileManager.default.enumerator(atPath: fixture.output + "/feeds")?.compactMap { $0 as? String } ?? []
        let personal = try #require(feeds.first { $0.hasSuffix("/zhang-san.json") })
        #expect(feeds.contains("\(PreviousOutputCommandTests.secret.recordToken)/personal.txt"))
        try FileManager.default.removeItem(atPath: fixture.output + "/feeds/" + personal)
        try fixture.write("Content/notes/2026/extra.md", "---\ntitle: Extra\ndate: 2026-12-01\naudience: [public]\n---\nText.\n")
        let stopped = try fixture.run(["build"])
        #expect(stopped.status == 1)
        #expect(
            stopped.stderr.contains(
                "feeds/…/personal.txt: the previous build published 1 personal feed whose manifest is missing"),
            "\(stopped.stderr)")
        #expect(!stopped.stderr.contains(PreviousOutputCommandTests.secret.recordToken))
        let check = try fixture.run(["check"])
        #expect(check.status == 1 && check.stderr.contains("1 personal feed whose manifest is missing"))
        #expect(try fixture.run(["build", "--quiet", "--allow-reset"]).status == 0)
        #expect(try fixture.run(["build", "--quiet"]).status == 0)
    }

    /// The same through `--previous-site`: a subscriber's feed manifest that answers 404 while
    /// the release's record lists it is an error that names no token.
    @Test func aLostPersonalFeedManifestOnThePublishedSiteIsAnError() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build", "--quiet", "--output", "release"]).status == 0)
        let release = fixture.root.appendingPathComponent("release").path
        var replies = PreviousSiteTests.serving(release)
        let record = PersonalFeedRecord.path(secret: PreviousOutputCommandTests.secret)
        replies["/" + record] = .ok(Array(try #require(FileManager.default.contents(atPath: release + "/" + record))))
        let personal = try #require(replies.keys.first { $0.hasSuffix("/zhang-san.json") })
        let server = try StubHTTPServer(replies)
        #expect(try fixture.run(["build", "--quiet", "--output", "same", "--previous-site", server.baseURL]).status == 0)
        server.set(personal, .status(404))
        let result = try fixture.run(["build", "--output", "fresh", "--previous-site", server.baseURL])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "\(server.baseURL)feeds/…/zhang-san.json: is a feed manifest the published release has (its record of personal feeds lists it), but it answers 404 Not Found"
            ), "\(result.stderr)")
        #expect(!result.stderr.contains(PreviousOutputCommandTests.secret.token(for: "zhang-san")))
        let reset = try fixture.run(["build", "--quiet", "--output", "fresh", "--previous-site", server.baseURL, "--allow-reset"])
        #expect(reset.status == 0, "\(reset.stderr)")
    }

    /// A public schedule removed since the release: its feed manifest, which the release's
    /// manifest lists, is downloaded all the same, and the build drops the feed in a new version.
    @Test func aScheduleRemovedSinceThePublishedSiteGoesCleanly() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build", "--quiet", "--output", "release"]).status == 0)
        let server = try StubHTTPServer(PreviousSiteTests.serving(fixture.root.appendingPathComponent("release").path))
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("Content/schedules/four-on-two-off.yml"))
        let result = try fixture.run(["build", "--output", "fresh", "--previous-site", server.baseURL])
        #expect(result.status == 0, "\(result.stderr)")
        let fresh = fixture.root.appendingPathComponent("fresh").path
        #expect(!FileManager.default.fileExists(atPath: fresh + "/feeds/schedules/four-on-two-off.ics"))
        #expect(!FileManager.default.fileExists(atPath: fresh + "/schedules/four-on-two-off"))
        let manifest = try #require(FileManager.default.contents(atPath: fresh + "/manifest.json"))
        #expect(String(decoding: manifest, as: UTF8.self).contains(#""version": 2"#))
        #expect(String(decoding: manifest, as: UTF8.self).contains("feeds/schedules/four-on-two-off.ics"))  // as removed
    }

    /// A feed manifest changed in place (same size, same head, still valid JSON) is never kept
    /// or carried forward: its integrity digest no longer matches, and the build says so.
    @Test func aFeedManifestChangedInPlaceIsAnError() throws {
        let site = try MiniSite.copy()
        defer { site.remove() }
        let path = "public/feeds/\(site.token)/zhang-san.json"
        let text = try #require(site.read(path))
        #expect(text.contains("\"integrity\": \""))
        let damaged = text.replacingOccurrences(of: "\"sequence\": 0, \"stamp\"", with: "\"sequence\": 7, \"stamp\"")
        #expect(damaged != text && damaged.utf8.count == text.utf8.count)
        try Data(damaged.utf8).write(to: site.root.appendingPathComponent(path), options: .atomic)
        try Data("---\ntitle: 新\ndate: 2026-12-02\n---\n".utf8).write(
            to: site.root.appendingPathComponent("Content/notes/2026/new.md"))
        let before = Fixture.fingerprint(site.output)
        let result = try site.run(["build"], environment: [:])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "feeds/…/zhang-san.json: integrity: the previous feed manifest was changed after calgen wrote it"))
        #expect(Fixture.differences(before, Fixture.fingerprint(site.output)).isEmpty)
    }
}
