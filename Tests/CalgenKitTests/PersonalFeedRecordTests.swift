import CalgenCore
import CalgenModel
import Foundation
import Testing

@testable import CalgenKit

/// The record of personal feeds: a build notices a personal feed of the last one whose manifest
/// is gone, locally and with `--previous-site`, instead of restarting its events' SEQUENCE.
@Suite struct PersonalFeedRecordTests {
    static let secret = try! FeedSecret(Fixture.secret)

    @Test func readsBackWhatItWritesAndNamesNoFeed() throws {
        let paths = ["feeds/AAAAAAAAAAAAAAAAAAAAAAAA/zhang-san.ics", "feeds/BBBBBBBBBBBBBBBBBBBBBBBB/wang-fang.ics"]
        let record = PersonalFeedRecord(feedPaths: paths)
        let file = record.file(secret: Self.secret)
        #expect(file.path == "feeds/\(Self.secret.recordToken)/personal.txt")
        #expect(Self.secret.recordToken.count == 24 && Self.secret.recordToken != Self.secret.token(for: "personal"))
        let text = String(decoding: file.bytes, as: UTF8.self)
        #expect(!text.contains("AAAA") && !text.contains("zhang"))
        let read = try PersonalFeedRecord.parse(file.bytes, file: file.path)
        #expect(read == record && read.lists(paths[0]) && !read.lists("feeds/CCCCCCCCCCCCCCCCCCCCCCCC/li-si.ics"))
    }

    @Test(arguments: [
        ("", "1:1", "UTF-8 text ending in a line break"),
        ("calgen personal feeds 1", "1:1", "UTF-8 text ending in a line break"),
        ("something else\n", "1:1", "does not start with"),
        ("calgen personal feeds 1\n0123\n", "2:1", "32 lowercase hex digits"),
        ("calgen personal feeds 1\n0123456789abcdef0123456789ABCDEF\n", "2:1", "32 lowercase hex digits"),
    ])
    func aRecordCalgenDoesNotWriteIsAnError(text: String, place: String, words: String) {
        let file = "public/feeds/\(Self.secret.recordToken)/personal.txt"
        let error = #expect(throws: ContentErrors.self) { try PersonalFeedRecord.parse(Array(text.utf8), file: file) }
        let line = error?.diagnostics.first?.formatted ?? ""
        #expect(line.hasPrefix("public/feeds/…/personal.txt:\(place):") && line.contains(words), "\(line)")
    }

    /// A personal feed manifest removed from the output: the next build stops instead of
    /// restarting its events; `--allow-reset` starts it over on purpose.
    @Test func aLostPersonalFeedManifestStopsTheNextBuild() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build", "--quiet"]).status == 0)
        let feeds = FileManager.default.enumerator(atPath: fixture.output + "/feeds")?.compactMap { $0 as? String } ?? []
        let personal = try #require(feeds.first { $0.hasSuffix("/zhang-san.json") })
        #expect(feeds.contains("\(Self.secret.recordToken)/personal.txt"))
        try FileManager.default.removeItem(atPath: fixture.output + "/feeds/" + personal)
        try fixture.write("Content/notes/2026/extra.md", "---\ntitle: Extra\ndate: 2026-12-01\naudience: [public]\n---\nText.\n")
        let stopped = try fixture.run(["build"])
        #expect(stopped.status == 1)
        #expect(
            stopped.stderr.contains(
                "feeds/…/personal.txt: the previous build published 1 personal feed whose manifest is missing"),
            "\(stopped.stderr)")
        #expect(!stopped.stderr.contains(Self.secret.recordToken))
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
        let record = PersonalFeedRecord.path(secret: Self.secret)
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
        #expect(!result.stderr.contains(Self.secret.token(for: "zhang-san")))
        let reset = try fixture.run(["build", "--quiet", "--output", "fresh", "--previous-site", server.baseURL, "--allow-reset"])
        #expect(reset.status == 0, "\(reset.stderr)")
    }
}
