import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// `calgen holidays update` through the command line, against a mirror on 127.0.0.1: exit
/// codes, messages, and the content's holiday files written or left alone.
@Suite(.endToEnd) struct HolidayUpdateCommandTests {
    @Test func theCommandLineChecksWritesAndSaysSo() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try HolidayMirror.updated())
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

    @Test func aBrokenSiteYmlIsAnErrorNotTheDefaultSource() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try HolidayMirror.updated())
        let original = fixture.read("Content/site.yml")
        let site = try #require(original)
        try fixture.write("Content/site.yml", site + "holidays-source: \(server.baseURL)\ntimezon: Asia/Shanghai\n")
        let before = fixture.holidays
        let run = try fixture.run(["holidays", "update", "--now", "2026-11-22", "--timeout", "2"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(#"site.yml:"#) && run.stderr.contains(#"unknown key "timezon""#), "\(run.stderr)")
        #expect(run.stderr.contains("site.yml must be valid to know where to fetch from"), "\(run.stderr)")
        #expect(!run.stderr.contains("raw.githubusercontent.com") && !run.stdout.contains("raw.githubusercontent.com"))
        #expect(server.requests.isEmpty)
        #expect(fixture.holidays == before)
        // An explicit --source does not depend on site.yml.
        let given = try fixture.run(["holidays", "update", "--source", server.baseURL, "--now", "2026-11-22", "--check"])
        #expect(given.status == 10, "\(given.stdout)\(given.stderr)")
    }

    @Test func theCommandLineRefusesALossAndNamesWhatWouldBeLost() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(try HolidayMirror.updated())
        server.set("/2020.json", HolidayMirror.emptied2020)
        let before = fixture.holidays
        let refused = try fixture.run(["holidays", "update", "--source", server.baseURL, "--now", "2026-11-22"])
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("2020.json: days[2]: lost: 2020-01-24 春节 (off) removed"), "\(refused.stderr)")
        #expect(refused.stderr.contains("fix: check the source"), "\(refused.stderr)")
        #expect(refused.stderr.contains("error: 1 problem in the content."), "\(refused.stderr)")
        #expect(fixture.holidays == before)
        let allowed = try fixture.run([
            "holidays", "update", "--source", server.baseURL, "--now", "2026-11-22", "--allow-removal",
        ])
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
        #expect(allowed.stdout.contains("2020: 2020-01-24 春节 (off) removed\n"), "\(allowed.stdout)")
        #expect(allowed.stdout.contains("updated 2020.json, 2026.json, 2027.json in "), "\(allowed.stdout)")
    }
}
