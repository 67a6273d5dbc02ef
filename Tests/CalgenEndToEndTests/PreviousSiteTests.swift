import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// `--previous-site`: a build from a fresh checkout continues the published release, served
/// here from 127.0.0.1.
@Suite(.endToEnd) struct PreviousSiteTests {
    /// The manifests of an output folder, as a server of the published site answers them.
    static func serving(_ output: String) -> [String: StubHTTPServer.Reply] {
        var replies = [String: StubHTTPServer.Reply]()
        for (path, data) in Fixture.snapshot(output)
        where path == "manifest.json"
            || (path.hasPrefix("feeds/") && (path.hasSuffix(".json") || path.hasSuffix("/personal.txt")))
        {
            replies["/" + path] = .ok(Array(data))
        }
        return replies
    }

    /// A day later, as the next scheduled run.
    static let nextDay = ["SOURCE_DATE_EPOCH": "1795320000"]

    @Test func aFreshCheckoutContinuesTheRelease() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build", "--quiet", "--output", "release"]).status == 0)
        let release = Fixture.snapshot(fixture.root.appendingPathComponent("release").path)
        let server = try StubHTTPServer(Self.serving(fixture.root.appendingPathComponent("release").path))
        // Nothing changed: the same bytes, version 1, every event keeps its stamp.
        let same = try fixture.run(["build", "--quiet", "--output", "fresh", "--previous-site", server.baseURL])
        #expect(same.status == 0, "\(same.stderr)")
        let fresh = Fixture.snapshot(fixture.root.appendingPathComponent("fresh").path)
        #expect(Fixture.differences(release, fresh).isEmpty)
        #expect(server.requests.contains("/manifest.json") && server.requests.contains("/feeds/holidays.json"))
        #expect(server.requests.filter { $0.hasSuffix("/zhang-san.json") }.count == 1)
        // A day later with a new note: version 2; the unchanged holiday events keep their DTSTAMP.
        try fixture.write("Content/notes/2026/extra.md", "---\ntitle: Extra\ndate: 2026-12-01\naudience: [public]\n---\nText.\n")
        let changed = try fixture.run(
            ["build", "--quiet", "--output", "next", "--previous-site", server.baseURL], environment: Self.nextDay)
        #expect(changed.status == 0, "\(changed.stderr)")
        let manifest = fixture.read("next/manifest.json") ?? ""
        #expect(manifest.contains(#""version": 2,"#))
        let feed = fixture.read("next/feeds/holidays.ics") ?? ""
        #expect(feed.contains("UID:holiday-2026-national-day@calendar.example.com\r\nDTSTAMP:20261121T040000Z\r\n"))
        #expect(feed.contains("UID:note-extra@calendar.example.com\r\nDTSTAMP:20261122T040000Z\r\n"))
    }

    @Test func aFirstDeployStartsAtVersionOne() throws {
        let fixture = try Fixture()
        let server = try StubHTTPServer([:])
        let result = try fixture.run(["build", "--output", "fresh", "--previous-site", server.baseURL])
        #expect(result.status == 0)
        #expect(result.stderr.contains("has no manifest.json yet: a first deploy, starting at version 1"), "\(result.stderr)")
        #expect(fixture.read("fresh/manifest.json")?.contains(#""version": 1,"#) == true)
    }

    @Test func aSiteThatDoesNotAnswerIsAnError() throws {
        let fixture = try Fixture()
        let server = try StubHTTPServer(["/manifest.json": .status(503)])
        let result = try fixture.run(["build", "--output", "fresh", "--previous-site", server.baseURL])
        #expect(result.status == 1)
        #expect(result.stderr.contains("manifest.json: cannot be fetched: HTTP 503"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("fresh").path))
        // A personal feed manifest that fails is an error too, and names no token.
        let site = try StubHTTPServer(["/manifest.json": .ok(Array(#"{}"#.utf8))])
        site.set("/feeds/holidays.json", .status(500))
        let feedFailure = try fixture.run(["build", "--output", "fresh", "--previous-site", site.baseURL])
        #expect(feedFailure.status == 1 && feedFailure.stderr.contains("feeds/holidays.json: cannot be fetched: HTTP 500"))
    }

    /// A feed that the published manifest lists answers 404: its events' SEQUENCE would restart,
    /// so the build stops, unless `--allow-reset` says that is meant.
    @Test func aListedFeedManifestThatIsGoneIsAnError() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build", "--quiet", "--output", "release"]).status == 0)
        var replies = Self.serving(fixture.root.appendingPathComponent("release").path)
        replies["/feeds/holidays.json"] = nil
        let server = try StubHTTPServer(replies)
        let result = try fixture.run(["build", "--output", "fresh", "--previous-site", server.baseURL])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "\(server.baseURL)feeds/holidays.json: is a feed manifest the published release lists in manifest.json, but it answers 404 Not Found"
            ),
            "\(result.stderr)")
        #expect(result.stderr.contains("--allow-reset"))
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("fresh").path))
        let reset = try fixture.run(["build", "--quiet", "--output", "fresh", "--previous-site", server.baseURL, "--allow-reset"])
        #expect(reset.status == 0, "\(reset.stderr)")
    }

    /// A redirect to `file:` or `data:` is no first deploy: nothing is built.
    @Test(arguments: ["file:///etc/passwd", "data:application/json,{}"])
    func aRedirectOffTheWebIsAnError(to target: String) throws {
        let fixture = try Fixture()
        let server = try StubHTTPServer(["/manifest.json": .redirect(status: 302, location: target)])
        let result = try fixture.run(["build", "--output", "fresh", "--previous-site", server.baseURL])
        #expect(result.status == 1)
        #expect(result.stderr.contains("which is not an http(s) URL"), "\(result.stderr)")
        #expect(!result.stderr.contains("first deploy"))
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("fresh").path))
    }

    /// Problems in the downloaded manifests are named by their URL (never a deleted temporary
    /// file), without the password of the URL.
    @Test func problemsNameThePublishedFile() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build", "--quiet", "--output", "release"]).status == 0)
        var replies = Self.serving(fixture.root.appendingPathComponent("release").path)
        guard case .ok(let bytes) = replies["/manifest.json"] else { throw POSIXError(.ENOENT) }
        let tampered = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
            of: #""version": 1,"#, with: #""version": "1; drop","#)
        replies["/manifest.json"] = .ok(Array(tampered.utf8))
        let server = try StubHTTPServer(replies)
        let site = "http://ci:s3cret@127.0.0.1:\(server.port)/"
        let result = try fixture.run(["build", "--output", "fresh", "--previous-site", site])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(server.baseURL)manifest.json"), "\(result.stderr)")
        #expect(!result.stderr.contains("calgen-previous-") && !result.stderr.contains("s3cret"), "\(result.stderr)")
    }

    /// The record of personal feeds answers 404 while personal feeds' manifests answer: the
    /// record went missing, and with it what tells a missing feed from a new one.
    @Test func aMissingRecordOfPersonalFeedsIsAnError() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build", "--quiet", "--output", "release"]).status == 0)
        var replies = Self.serving(fixture.root.appendingPathComponent("release").path)
        let record = try #require(replies.keys.first { $0.hasSuffix("/personal.txt") })
        replies[record] = nil
        let server = try StubHTTPServer(replies)
        let result = try fixture.run(["build", "--output", "fresh", "--previous-site", server.baseURL])
        #expect(result.status == 1 && result.stderr.contains("record of personal feeds, but it answers 404"), "\(result.stderr)")
        #expect(!result.stderr.contains("first deploy") && result.stderr.contains("--allow-reset"))
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("fresh").path))
        let reset = try fixture.run(["build", "--quiet", "--output", "fresh", "--previous-site", server.baseURL, "--allow-reset"])
        #expect(reset.status == 0, "\(reset.stderr)")
    }

    /// An address that would fetch something else than the site's manifest is an error, never
    /// "no previous site, a first deploy": nothing is fetched and nothing built.
    @Test(arguments: ["/\r\nX: y", "/x\n", "/ x/", "/\tx/", "/?v=1", "/#top", "/%00/", "/a%0a/", "\\x/", "/%zz/"])
    func anUnusableAddressIsAnError(_ tail: String) throws {
        let fixture = try Fixture()
        let server = try StubHTTPServer([:])
        let url = "http://127.0.0.1:\(server.port)" + tail
        let result = try fixture.run(["build", "--output", "fresh", "--previous-site", url])
        #expect(result.status == 1 && result.stderr.contains("is not a usable address"), "\(result.stderr)")
        #expect(!result.stderr.contains("first deploy") && server.requests.isEmpty)
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stderr.debugDescription)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("fresh").path))
    }
}
