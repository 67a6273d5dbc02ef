import Testing

@testable import CalgenLoad
@testable import CalgenSync

/// The pure parts of discovery: where hrefs lead, which origin they are on, which calendar of a
/// home is meant, and where a new one is made.
@Suite struct SyncDiscoveryTests {
    @Test func hrefsResolveAgainstTheURLTheyCameFrom() {
        #expect(HTTPRedirect.resolve("/wang/", against: "https://dav.example.com/") == "https://dav.example.com/wang/")
        #expect(
            HTTPRedirect.resolve("/.well-known/caldav", against: "https://dav.example.com/remote.php/dav")
                == "https://dav.example.com/.well-known/caldav")
        #expect(
            HTTPRedirect.resolve("https://p12-caldav.icloud.com/1234/calendars/", against: "https://caldav.icloud.com/")
                == "https://p12-caldav.icloud.com/1234/calendars/")
        #expect(HTTPRedirect.resolve("ftp://x/", against: "https://dav.example.com/") == nil)
    }

    @Test func onlyTheSameSchemeHostAndPortAreTheSameOrigin() {
        #expect(HTTPRedirect.isSameOrigin("https://dav.example.com/a/", "https://DAV.example.com:443/b"))
        #expect(HTTPRedirect.isSameOrigin("http://127.0.0.1:5232/", "http://127.0.0.1:5232/wang/"))
        #expect(!HTTPRedirect.isSameOrigin("https://p12-caldav.icloud.com/", "https://caldav.icloud.com/"))
        #expect(!HTTPRedirect.isSameOrigin("http://dav.example.com/", "https://dav.example.com/"))
        #expect(!HTTPRedirect.isSameOrigin("http://127.0.0.1:5232/", "http://127.0.0.1:5233/"))
    }

    @Test func theCalendarsOfAHomeAreItsCalendarCollections() {
        let xml = """
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
            <response><href>/wang/</href><propstat><prop><resourcetype><collection/></resourcetype></prop>
            <status>HTTP/1.1 200 OK</status></propstat></response>
            <response><href>/wang/work/</href><propstat><prop><resourcetype><collection/><C:calendar/></resourcetype>
            <displayname>上班 &amp; Work</displayname></prop><status>HTTP/1.1 200 OK</status></propstat></response>
            <response><href>/wang/contacts/</href><propstat><prop><resourcetype><collection/></resourcetype>
            <displayname>Contacts</displayname></prop><status>HTTP/1.1 200 OK</status></propstat></response>
            <response><href>/wang/unnamed</href><propstat><prop><resourcetype><collection/><C:calendar/></resourcetype>
            </prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
            """
        let found = CalDAVDiscovery.calendars(in: Multistatus.responses(xml), home: "http://127.0.0.1:5232/wang/")
        #expect(found.map(\.url) == ["http://127.0.0.1:5232/wang/work/", "http://127.0.0.1:5232/wang/unnamed/"])
        #expect(found.map(\.name) == ["上班 & Work", "unnamed"])
    }

    @Test func aCalendarListedOnAnotherHostIsNeverChosen() throws {
        let xml = """
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
            <response><href>/wang/</href><propstat><prop><resourcetype><collection/></resourcetype></prop>
            <status>HTTP/1.1 200 OK</status></propstat></response>
            <response><href>http://127.0.0.1:5232/wang/home/</href><propstat><prop><resourcetype><collection/><C:calendar/>
            </resourcetype><displayname>Home</displayname></prop><status>HTTP/1.1 200 OK</status></propstat></response>
            <response><href>https://evil.example.net/steal/</href><propstat><prop><resourcetype><collection/><C:calendar/>
            </resourcetype><displayname>上班</displayname></prop><status>HTTP/1.1 200 OK</status></propstat></response>
            <response><href>http://127.0.0.1:5233/other/</href><propstat><prop><resourcetype><collection/><C:calendar/>
            </resourcetype><displayname>Other</displayname></prop><status>HTTP/1.1 200 OK</status></propstat></response>
            </multistatus>
            """
        let responses = Multistatus.responses(xml)
        let home = "http://127.0.0.1:5232/wang/"
        let start = "http://127.0.0.1:5232/"
        #expect(try CalDAVDiscovery.pick(.named("Home"), in: responses, home: home, start: start) == .found(home + "home/"))
        for choice in [CalDAVDiscovery.Choice.named("上班"), .create("上班")] {
            do {
                _ = try CalDAVDiscovery.pick(choice, in: responses, home: home, start: start)
                Issue.record("a calendar on another host must not be chosen")
            } catch {
                #expect(
                    error.description.contains("is https://evil.example.net/steal/, on another host")
                        && error.description.contains("sends the password only to the host given"),
                    "\(error.description)")
            }
        }
        // Left out of the calendars named in an error, and never taken as the one to sync into.
        do {
            _ = try CalDAVDiscovery.pick(.named("Other"), in: responses, home: home, start: start)
            Issue.record("a calendar on another port must not be chosen")
        } catch {
            #expect(error.description.contains("on another host"), "\(error.description)")
        }
        do {
            _ = try CalDAVDiscovery.pick(.named("Missing"), in: responses, home: home, start: start)
        } catch {
            #expect(error.description.contains("its calendars: \"Home\")"), "\(error.description)")
        }
        #expect(try CalDAVDiscovery.pick(.create("New"), in: responses, home: home, start: start) == .make(home + "new/"))
    }

    @Test func aNewCalendarIsNamedFromItsDisplayName() {
        let home = "https://dav.example.com/calendars/wang/"
        #expect(CalDAVDiscovery.newCollection(named: "Work Shifts!", in: home, taken: []) == home + "work-shifts/")
        let chinese = CalDAVDiscovery.newCollection(named: "上班", in: home, taken: [])
        #expect(chinese.hasPrefix(home + "calgen-") && chinese.hasSuffix("/") && chinese.count == home.count + 7 + 12 + 1)
        #expect(CalDAVDiscovery.newCollection(named: "work", in: home, taken: [home + "work/"]).hasPrefix(home + "calgen-"))
        let body = CalDAVDiscovery.mkcalendarBody(displayName: "A & <B>")
        #expect(body.contains("<d:displayname>A &amp; &lt;B&gt;</d:displayname>") && body.contains("<c:comp name=\"VEVENT\"/>"))
    }
}
