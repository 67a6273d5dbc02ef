import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `calgen sync` through the command line against a stub on 127.0.0.1: what ends it before any
/// write, and that no password is ever printed. (Syncs into real servers: checks/test_caldav.py.)
@Suite(.endToEnd) struct SyncCommandTests {
    static let feed = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//calgen//calgen//ZH\r
        BEGIN:VEVENT\r
        UID:a@calendar.example.com\r
        DTSTAMP:20261121T040000Z\r
        DTSTART;VALUE=DATE:20261001\r
        SUMMARY:国庆节\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test func aRefusalOrARedirectEndsTheSyncAfterOneRequestAndNoPasswordIsPrinted() throws {
        let fixture = try Fixture(.bundled)
        try fixture.write("feed.ics", Self.feed)
        try fixture.write("password", "s3cret-horse\n")
        let server = try StubHTTPServer([
            "/dav/work/": .status(401),
            "/dav/moved/": .redirect(status: 301, location: "https://elsewhere.example.com/dav/work/"),
        ])
        let refused = try fixture.run([
            "sync", "feed.ics", "--to", server.baseURL + "dav/work/", "--user", "wang", "--password-file", "password",
        ])
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(
            refused.stderr.contains("\(server.baseURL)dav/work/ refused user \"wang\" (HTTP 401 to PROPFIND)"),
            "\(refused.stderr)")
        #expect(!(refused.stdout + refused.stderr).contains("s3cret-horse"))
        #expect(server.requests == ["/dav/work/"])
        #expect(fixture.read("feed.ics.sync-state.json") == nil)
        let moved = try fixture.run(
            ["sync", "feed.ics", "--to", server.baseURL + "dav/moved/", "--user", "wang"],
            environment: ["CALGEN_CALDAV_PASSWORD": "s3cret-horse"])
        #expect(
            moved.status == 1 && moved.stderr.contains("with a redirect (HTTP 301); calgen sync follows none"), "\(moved.stderr)")
        #expect(!(moved.stdout + moved.stderr).contains("s3cret-horse"))
        #expect(server.requests == ["/dav/work/", "/dav/moved/"])
    }

    /// The feed file is read before any request, as every input is: a pipe with no writer is
    /// refused at once (never waited on), and so are a device, a file over 16 MiB and no file.
    @Test func aSourceThatIsNoFeedFileIsRefusedBeforeAnyRequest() throws {
        let fixture = try Fixture(.bundled)
        let server = try StubHTTPServer(["/dav/work/": .status(500)])
        let pipe = fixture.root.appendingPathComponent("pipe.ics").path
        #expect(mkfifo(pipe, 0o600) == 0)
        try fixture.write("huge.ics", Data(count: (16 << 20) + 1))
        for (source, reason) in [
            ("pipe.ics", "the feed is a named pipe (FIFO), not a regular file"), ("/dev/zero", "the feed is a device"),
            ("huge.ics", "the feed has 16777217 bytes, more than the 16777216 allowed"), ("absent.ics", "the feed is missing"),
        ] {
            let started = ContinuousClock.now
            let result = try fixture.run(
                ["sync", source, "--to", server.baseURL + "dav/work/", "--user", "wang"],
                environment: ["CALGEN_CALDAV_PASSWORD": "s3cret-horse"])
            #expect(ContinuousClock.now - started < .seconds(10), "\(source) took too long")
            #expect(result.status == 1, "\(source): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("\(source): \(reason)"), "\(result.stderr)")
            #expect(result.stderr.contains("\n  fix: give the .ics file of a feed calgen built"), "\(result.stderr)")
        }
        #expect(server.requests.isEmpty)
    }

    @Test func whatIsRefusedBeforeAnyRequest() throws {
        let fixture = try Fixture(.bundled)
        try fixture.write("feed.ics", Self.feed)
        let noPassword = try fixture.run(["sync", "feed.ics", "--to", "http://127.0.0.1:9/dav/", "--user", "wang"])
        #expect(noPassword.status == 1 && noPassword.stderr.contains("no password for wang"), "\(noPassword.stderr)")
        // The fix stands on a line of its own, as every fix does.
        #expect(
            noPassword.stderr.contains("\n  fix: give --password-file, or set CALGEN_CALDAV_PASSWORD")
                && !noPassword.stderr.contains("\\u{A}"), "\(noPassword.stderr)")
        let inURL = try fixture.run([
            "sync", "feed.ics", "--to", "https://wang:s3cret-horse@dav.example.com/dav/", "--user", "wang",
        ])
        #expect(inURL.status != 0 && inURL.stderr.contains("--to must not carry a user name or password"), "\(inURL.stderr)")
        #expect(!(inURL.stdout + inURL.stderr).contains("s3cret-horse"))
        let urlSource = try fixture.run([
            "sync", "http://calendar.example.com/feeds/x/a.ics", "--to", "https://dav.example.com/", "--user", "u",
        ])
        #expect(urlSource.status != 0 && urlSource.stderr.contains("a URL source must be https"), "\(urlSource.stderr)")
        try fixture.write("public/manifest.json", #"{"schemaVersion": 1, "generator": "calgen 0.1.0"}"#)
        try fixture.write("public/feeds/t/a.ics", Self.feed)
        let inOutput = try fixture.run(
            ["sync", "public/feeds/t/a.ics", "--to", "https://dav.example.com/", "--user", "u"],
            environment: ["CALGEN_CALDAV_PASSWORD": "x"])
        #expect(inOutput.status == 1 && inOutput.stderr.contains("lies in a build's output"), "\(inOutput.stderr)")
        #expect(inOutput.stderr.contains("\n  fix: give --state a file outside the output"), "\(inOutput.stderr)")
    }

    @Test func plainHTTPIsWarnedOfBeforeAnyRequest() throws {
        let fixture = try Fixture(.mini)
        try fixture.write("feed.ics", Self.feed)
        let result = try fixture.run(
            ["sync", "feed.ics", "--to", "http://dav.invalid/calendars/wang/work/", "--user", "wang", "--timeout", "2"],
            environment: ["CALGEN_CALDAV_PASSWORD": "s3cret-horse"])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.contains("http://dav.invalid/calendars/wang/work/ is http: the password goes in clear") == true)
        #expect(lines.count >= 2 && lines[1].contains("error:"), "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("s3cret-horse"))
    }

    @Test func publisherModeTakesEachSubscribersOwnFeedAndNothingOfTheSameName() throws {
        let fixture = try Fixture(.mini)
        try fixture.write(
            "accounts.yml",
            """
            state: states
            accounts:
              zhang-san:
                to: https://dav.example.com/calendars/zhang/work/
                user: zhang
                password-env: CALDAV_ZHANG
              six-day-shop:
                to: https://dav.example.com/calendars/zhang/shop/
                user: zhang
                password-env: CALDAV_ZHANG
            """)
        // Feeds of the same names that are not zhang-san's personal feed: never synced.
        try fixture.write("public/feeds/schedules/zhang-san.ics", Self.feed)
        try fixture.write("public/feeds/not-the-token/zhang-san.ics", Self.feed)
        try fixture.write("public/feeds/schedules/six-day-shop.ics", Self.feed)
        let result = try fixture.run(
            ["sync", "--build", "public", "--accounts", "accounts.yml"],
            environment: ["CALGEN_FEED_SECRET": "sync-test-secret-0123456789abcdef", "CALDAV_ZHANG": "s3cret-horse"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("zhang-san: public has no personal feed of zhang-san"), "\(result.stderr)")
        #expect(
            result.stderr.contains("accounts.yml:7:3: error: accounts.six-day-shop is no subscriber of Content"),
            "\(result.stderr)")
        #expect(result.stdout.contains("0 of 2 accounts synced"), "\(result.stdout)")
        #expect(fixture.read("states/zhang-san.sync-state.json") == nil)
    }
}
