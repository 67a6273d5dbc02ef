import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenLoad

#if canImport(Glibc)
    import Glibc
#endif

/// `HolidayUpdate` (what `calgen holidays update` runs) against a server on 127.0.0.1 that serves
/// good, changed, corrupt, truncated, slow and missing files; it writes the content's holiday
/// folder, as the command does.
@Suite struct HolidayUpdateTests {
    func update(
        _ fixture: borrowing Fixture, _ server: StubHTTPServer, timeout: Double = 5, allowRemoval: Bool = false
    ) -> HolidayUpdate {
        HolidayUpdate(
            contentDirectory: fixture.content, source: server.baseURL, currentYear: 2026,
            fetcher: HTTPFetcher(timeout: timeout, attempts: 2, backoff: 0.01), allowRemoval: allowRemoval)
    }

    func local(_ fixture: borrowing Fixture, _ year: Int) throws -> HolidayFile {
        let path = fixture.content + "/holidays/\(year).json"
        return try HolidayFileParser.parse(path: path, bytes: Array(FileManager.default.contents(atPath: path)!))
    }

    func parsed(_ text: String, _ year: Int) throws -> HolidayFile {
        try HolidayFileParser.parse(path: "\(year).json", bytes: Array(text.utf8))
    }

    @Test func reportsAndWritesWhatChanged() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try HolidayMirror.updated())
        let plan = try update(fixture, server).plan()
        #expect(plan.years == 2007...2027)
        #expect(
            plan.changes.flatMap(\.lines) == ["2026: 2026-10-10 changed from work to off", "2027: announced, 1 day, 2 papers"])
        try update(fixture, server).apply(plan)
        guard case .ok(let served) = try HolidayMirror.updated()["/2026.json"]! else { return }
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
        let server = try StubHTTPServer(try HolidayMirror.updated())
        server.set("/2026.json", reply)
        let before = fixture.holidays
        let error = #expect(throws: ContentErrors.self) { try update(fixture, server, timeout: 1).plan() }
        #expect(error?.diagnostics.contains { $0.message.contains(expected) } == true, "\(what): \(error?.diagnostics ?? [])")
        #expect(fixture.holidays == before)
    }

    @Test func aServerErrorIsTriedAgain() throws {
        let fixture = try Fixture(.bundled)
        var replies = try HolidayMirror.updated()
        guard case .ok(let body) = replies["/2026.json"]! else { return }
        replies["/2026.json"] = .failingOnce(status: 502, body)
        let server = try StubHTTPServer(replies)
        let plan = try update(fixture, server).plan()
        #expect(plan.changes.map(\.year) == [2026, 2027])
        #expect(server.requests.filter { $0 == "/2026.json" }.count == 2)
    }

    @Test func nextYearNotPublishedYetIsANote() throws {
        let fixture = try Fixture(.bundled)
        var replies = try HolidayMirror.updated()
        replies["/2027.json"] = .status(404)
        let plan = try update(fixture, try StubHTTPServer(replies)).plan()
        #expect(plan.changes.map(\.year) == [2026])
        #expect(plan.notes == ["2027: not at the source yet; \(fixture.content)/holidays/2027.json kept"])
    }

    @Test func filesThatDisagreeWithEachOtherAreRefused() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try HolidayMirror.updated())
        // A 2022 file that makes 2022-12-31 (a Saturday) a workday; the 2023 file lists it as a day off.
        server.set(
            "/2022.json",
            .ok(Array(#"{"year": 2022, "papers": [], "days": [{"name": "元旦", "date": "2022-12-31", "isOffDay": false}]}"#.utf8)))
        // It also drops the whole announced year: let that pass, to see the disagreement refused.
        let error = #expect(throws: ContentErrors.self) { try update(fixture, server, allowRemoval: true).plan() }
        #expect(
            error?.diagnostics.contains { $0.message.contains("2022-12-31 is listed as") } == true, "\(error?.diagnostics ?? [])")
    }

    @Test func anAnnouncedYearEmptiedIsRefusedAndNothingWritten() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try HolidayMirror.updated())
        server.set("/2020.json", HolidayMirror.emptied2020)
        let before = fixture.holidays
        let error = #expect(throws: ContentErrors.self) { try update(fixture, server).plan() }
        let diagnostics = error?.diagnostics ?? []
        let summary = try #require(diagnostics.first { $0.severity == .error })
        #expect(summary.file == fixture.content + "/holidays/2020.json")
        #expect(summary.message.contains("2020.json lists no days for 2020"), "\(summary)")
        #expect(summary.message.hasSuffix(": 37 of 37 dates would be lost"), "\(summary)")
        #expect(summary.fix?.contains("--allow-removal") == true)
        // Every lost date, with its name, located in the local file.
        #expect(diagnostics.contains { $0.message == "lost: 2020-01-24 春节 (off) removed" && $0.location == .jsonPath("days[2]") })
        #expect(diagnostics.filter { $0.severity == .note }.count == 37)
        #expect(fixture.holidays == before)
    }

    @Test func anAnnouncedYearEmptiedIsWrittenWithAllowRemovalAndTheLossPrinted() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try HolidayMirror.updated())
        server.set("/2020.json", HolidayMirror.emptied2020)
        let update = update(fixture, server, allowRemoval: true)
        let plan = try update.plan()
        #expect(plan.losses.map(\.year) == [2020])
        let lines = try #require(plan.changes.first { $0.year == 2020 }).lines
        #expect(
            lines.first?.hasPrefix("2020: 37 of 37 dates lost (--allow-removal): the source lists no days") == true, "\(lines)")
        #expect(lines.contains("2020: 2020-01-24 春节 (off) removed"))
        try update.apply(plan)
        #expect(fixture.read("Content/holidays/2020.json") == #"{"year": 2020, "papers": [], "days": []}"#)
    }

    @Test func aPastYearChangedIsRefused() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try HolidayMirror.updated())
        var y2025 = String(decoding: try HolidayMirror.published()[2025]!, as: UTF8.self)
        let saturday = try #require(y2025.range(of: #""date": "2025-10-11","#))
        let flag = try #require(y2025.range(of: "\"isOffDay\": false", range: saturday.upperBound..<y2025.endIndex))
        y2025.replaceSubrange(flag, with: "\"isOffDay\": true")
        server.set("/2025.json", .ok(Array(y2025.utf8)))
        let before = fixture.holidays
        let error = #expect(throws: ContentErrors.self) { try update(fixture, server).plan() }
        let diagnostics = error?.diagnostics ?? []
        #expect(
            diagnostics.contains { $0.message.contains("changes 2025, a past year: 1 of 33 dates would be lost") },
            "\(diagnostics)")
        #expect(diagnostics.contains { $0.message == "lost: 2025-10-11 国庆节、中秋节 changed from work to off" })
        #expect(fixture.holidays == before)
        // The same change to the current year is an ordinary update.
        let old = try local(fixture, 2025)
        #expect(HolidayUpdate.loss(old: old, new: try parsed(y2025, 2025), url: "", currentYear: 2025) == nil)
    }

    @Test func dropMoreThanHalfOfAYearIsRefused() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try HolidayMirror.updated())
        server.set(
            "/2026.json",
            .ok(Array(#"{"year": 2026, "papers": [], "days": [{"name": "元旦", "date": "2026-01-01", "isOffDay": true}]}"#.utf8)))
        let error = #expect(throws: ContentErrors.self) { try update(fixture, server).plan() }
        #expect(error?.diagnostics.contains { $0.message.contains("2026.json drops ") } == true, "\(error?.diagnostics ?? [])")
    }

    @Test func aFileOverTheBuildsLimitIsRefusedBeforeWriting() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try HolidayMirror.updated())
        let big = #"{"year": 2026, "papers": [], "days": [], "pad": ""# + String(repeating: "x", count: 1_500_000) + #""}"#
        server.set("/2026.json", .ok(Array(big.utf8)))
        let before = fixture.holidays
        let error = #expect(throws: ContentErrors.self) { try update(fixture, server).plan() }
        let problem = try #require(error?.diagnostics.first { $0.message.contains("bytes") })
        #expect(problem.file == server.baseURL + "2026.json")
        #expect(problem.message == "the file has more than 1048576 bytes; a build accepts at most 1048576")
        #expect(problem.fix?.isEmpty == false)
        #expect(fixture.holidays == before)
    }

    @Test func aLinkAtTheOldTemporaryNameIsNotFollowed() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try HolidayMirror.updated())
        try fixture.write("outside.txt", "precious")
        let link = fixture.content + "/holidays/.2026.json.calgen-update"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../../outside.txt")
        let update = update(fixture, server)
        try update.apply(try update.plan())
        #expect(fixture.read("outside.txt") == "precious")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "../../outside.txt")
        #expect(fixture.read("Content/holidays/2026.json")?.contains("2026") == true)
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/holidays").filter { $0.hasPrefix(".") }
        #expect(left == [".2026.json.calgen-update"])
    }

    @Test func aTakenTemporaryNameIsPassedOver() throws {
        let fixture = try Fixture(.small)
        try fixture.write("outside.txt", "precious")
        let folderPath = fixture.content + "/holidays"
        try FileManager.default.createSymbolicLink(
            atPath: folderPath + "/.2026.json.calgen-update-a", withDestinationPath: "../../outside.txt")
        try fixture.write("Content/holidays/.2026.json.calgen-update-b", "stale")
        let folder = open(folderPath, O_RDONLY | O_DIRECTORY)
        defer { close(folder) }
        var names = ["a", "b", "c"].makeIterator()
        let name = try HolidayUpdate.writeTemporary(Array("new".utf8), in: folder, beside: "2026.json") { names.next()! }
        #expect(name == ".2026.json.calgen-update-c")
        #expect(fixture.read("Content/holidays/.2026.json.calgen-update-c") == "new")
        #expect(fixture.read("Content/holidays/.2026.json.calgen-update-b") == "stale")
        #expect(fixture.read("outside.txt") == "precious")
    }

    @Test func aHolidaysFolderLinkedOutOfTheContentIsRefused() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try HolidayMirror.updated())
        let fm = FileManager.default
        let elsewhere = fixture.root.appendingPathComponent("elsewhere").path
        try fm.moveItem(atPath: fixture.content + "/holidays", toPath: elsewhere)
        try fm.createSymbolicLink(atPath: fixture.content + "/holidays", withDestinationPath: "../elsewhere")
        let before = Fixture.fingerprint(elsewhere)
        let update = update(fixture, server)
        let error = #expect(throws: ContentErrors.self) { try update.apply(try update.plan()) }
        #expect(
            error?.diagnostics.contains { $0.message.contains("the folder is a symbolic link to") } == true,
            "\(error?.diagnostics ?? [])")
        #expect(Fixture.fingerprint(elsewhere) == before)
    }
}
