import CalgenCore
import CalgenKit
import Foundation
import Testing

/// `calgen holidays update` against a server on 127.0.0.1 that serves good, changed, corrupt,
/// truncated, slow and missing files.
@Suite struct HolidayUpdateTests {
    /// The bundled files, as holiday-cn publishes them.
    static func published() throws -> [Int: [UInt8]] {
        var files = [Int: [UInt8]]()
        let folder = Fixture.repositoryRoot.appendingPathComponent("Content/holidays").path
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".json") {
            files[Int(name.dropLast(5))!] = Array(FileManager.default.contents(atPath: folder + "/" + name)!)
        }
        return files
    }

    /// The published files with 2026-10-10 turned into a day off and 2027 announced.
    static func updated() throws -> [String: StubHTTPServer.Reply] {
        var replies = [String: StubHTTPServer.Reply]()
        for (year, bytes) in try published() { replies["/\(year).json"] = .ok(bytes) }
        var y2026 = String(decoding: try published()[2026]!, as: UTF8.self)
        let saturday = try #require(y2026.range(of: #""date": "2026-10-10","#))
        let flag = try #require(y2026.range(of: "\"isOffDay\": false", range: saturday.upperBound..<y2026.endIndex))
        y2026.replaceSubrange(flag, with: "\"isOffDay\": true")
        replies["/2026.json"] = .ok(Array(y2026.utf8))
        replies["/2027.json"] = .ok(
            Array(
                #"{"year": 2027, "papers": ["https://www.gov.cn/x", "https://www.gov.cn/y"], "days": [{"name": "元旦", "date": "2027-01-01", "isOffDay": true}]}"#
                    .utf8))
        return replies
    }

    func update(_ fixture: borrowing Fixture, _ server: StubHTTPServer, timeout: Double = 5) -> HolidayUpdate {
        HolidayUpdate(
            contentDirectory: fixture.content, source: server.baseURL, currentYear: 2026,
            fetcher: HTTPFetcher(timeout: timeout, attempts: 2, backoff: 0.01))
    }

    func holidays(_ fixture: borrowing Fixture) -> [String: String] { Fixture.fingerprint(fixture.content + "/holidays") }

    @Test func reportsAndWritesWhatChanged() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try Self.updated())
        let plan = try update(fixture, server).plan()
        #expect(plan.years == 2007...2027)
        #expect(
            plan.changes.flatMap(\.lines) == ["2026: 2026-10-10 changed from work to off", "2027: announced, 1 day, 2 papers"])
        try update(fixture, server).apply(plan)
        guard case .ok(let served) = try Self.updated()["/2026.json"]! else { return }
        #expect(FileManager.default.contents(atPath: fixture.content + "/holidays/2026.json") == Data(served))
        #expect(try update(fixture, server).plan().changes.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.content + "/holidays/.2026.json.calgen-update"))
    }

    @Test(arguments: [
        ("corrupt", StubHTTPServer.Reply.ok(Array(#"{"year": 2026, "days": ["#.utf8)), "invalid JSON"),
        ("truncated", .truncated(Array(#"{"year": 2026"#.utf8), declared: 4000), "cannot be fetched"),
        ("slow", .slow(seconds: 3, Array("{}".utf8)), "cannot be fetched"),
        ("server error", .status(503), "HTTP 503"),
        (
            "another year's file", .ok(Array(#"{"year": 2025, "papers": [], "days": []}"#.utf8)),
            "2025 does not match the file name 2026.json"
        ),
        ("missing", .status(404), "the source has no 2026.json"),
    ])
    func aBadAnswerWritesNothing(_ what: String, _ reply: StubHTTPServer.Reply, _ expected: String) throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try Self.updated())
        server.set("/2026.json", reply)
        let before = holidays(fixture)
        let error = #expect(throws: ContentErrors.self) { try update(fixture, server, timeout: 1).plan() }
        #expect(error?.diagnostics.contains { $0.message.contains(expected) } == true, "\(what): \(error?.diagnostics ?? [])")
        #expect(holidays(fixture) == before)
    }

    @Test func aServerErrorIsTriedAgain() throws {
        let fixture = try Fixture(.bundled)
        var replies = try Self.updated()
        guard case .ok(let body) = replies["/2026.json"]! else { return }
        replies["/2026.json"] = .failingOnce(status: 502, body)
        let server = try StubHTTPServer(replies)
        let plan = try update(fixture, server).plan()
        #expect(plan.changes.map(\.year) == [2026, 2027])
        #expect(server.requests.filter { $0 == "/2026.json" }.count == 2)
    }

    @Test func nextYearNotPublishedYetIsANote() throws {
        let fixture = try Fixture(.bundled)
        var replies = try Self.updated()
        replies["/2027.json"] = .status(404)
        let plan = try update(fixture, try StubHTTPServer(replies)).plan()
        #expect(plan.changes.map(\.year) == [2026])
        #expect(plan.notes == ["2027: not at the source yet; \(fixture.content)/holidays/2027.json kept"])
    }

    @Test func filesThatDisagreeWithEachOtherAreRefused() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try Self.updated())
        // A 2022 file that makes 2022-12-31 (a Saturday) a workday; the 2023 file lists it as a day off.
        server.set(
            "/2022.json",
            .ok(Array(#"{"year": 2022, "papers": [], "days": [{"name": "元旦", "date": "2022-12-31", "isOffDay": false}]}"#.utf8)))
        let error = #expect(throws: ContentErrors.self) { try update(fixture, server).plan() }
        #expect(
            error?.diagnostics.contains { $0.message.contains("2022-12-31 is listed as") } == true, "\(error?.diagnostics ?? [])")
    }

    @Test func theCommandLineChecksWritesAndSaysSo() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try Self.updated())
        let check = try fixture.run(["holidays", "update", "--source", server.baseURL, "--check", "--now", "2026-11-22"])
        #expect(check.status == 10, "\(check.stderr)")
        #expect(check.stdout.contains("2026: 2026-10-10 changed from work to off\n2027: announced, 1 day, 2 papers\n"))
        #expect(check.stdout.contains("an update is available: 2026.json, 2027.json (--check: nothing written)"))
        let run = try fixture.run(["holidays", "update", "--source", server.baseURL, "--now", "2026-11-22"])
        #expect(run.status == 0 && run.stdout.contains("updated 2026.json, 2027.json in "), "\(run.stdout)\(run.stderr)")
        let again = try fixture.run(["holidays", "update", "--source", server.baseURL, "--check", "--now", "2026-11-22"])
        #expect(again.status == 0 && again.stdout.contains("holiday data is up to date (2007–2027 checked)"))
        // The site then builds with the new data.
        #expect(try fixture.run(["build", "--quiet"]).status == 0)
    }
}
