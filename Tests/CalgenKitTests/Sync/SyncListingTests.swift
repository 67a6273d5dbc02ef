import Foundation
import Testing

@testable import CalgenSync

/// The multistatus read with an XML parser, and a collection's listing believed only as far as
/// it proves itself: what a hostile or broken server answers never reads as "every event deleted".
@Suite struct SyncListingTests {
    static let collection = "https://dav.example.com/u/work/"

    static func listing(_ xml: String) throws(CalDAVError) -> CollectionListing {
        let responses: [Multistatus.Response]
        do {
            responses = try Multistatus.parse(Array(xml.utf8))
        } catch {
            throw CalDAVError(error.description)
        }
        return try CollectionListing.read(responses, collection: collection)
    }

    static func response(_ href: String, etag: String? = nil) -> String {
        "<D:response><D:href>\(href)</D:href><D:propstat><D:prop>"
            + (etag.map { "<D:getetag>\($0)</D:getetag>" } ?? "<D:resourcetype/>")
            + "</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
    }

    static func multistatus(_ responses: String...) -> String {
        "<?xml version=\"1.0\"?><D:multistatus xmlns:D=\"DAV:\">" + responses.joined() + "</D:multistatus>"
    }

    @Test func onlyResourcesDirectlyInsideTheCollectionOnItsOriginCount() throws {
        let xml = Self.multistatus(
            Self.response("/u/work/"),
            Self.response("/u/work/calgen-a.ics", etag: "\"a\""),
            Self.response("https://dav.example.com/u/work/x%20y.ics", etag: "\"xy\""),
            Self.response("calgen-rel.ics", etag: "\"rel\""),
            Self.response("/u/other/calgen-b.ics", etag: "\"b\""),
            Self.response("https://evil.example.net/u/work/calgen-c.ics", etag: "\"c\""),
            Self.response("http://dav.example.com/u/work/calgen-d.ics", etag: "\"d\""),
            Self.response("../", etag: "\"up\""),
            Self.response("/u/work/../other/calgen-e.ics", etag: "\"e\""),
            Self.response("/u/work/%2E%2E", etag: "\"dots\""),
            Self.response("/u/work/sub/", etag: "\"sub\""),
            Self.response("/u/work/sub/calgen-f.ics", etag: "\"f\""),
            Self.response("/u/work/calgen-g.ics?x=1", etag: "\"g\""))
        let listing = try Self.listing(xml)
        #expect(listing.etags == ["calgen-a.ics": "\"a\"", "x y.ics": "\"xy\"", "calgen-rel.ics": "\"rel\""])
        #expect(listing.leftOut.count == 9)
    }

    @Test func theCollectionsOwnResponseIsRequired() {
        for xml in [
            "<multistatus xmlns=\"DAV:\"/>",
            Self.multistatus(Self.response("/u/work/calgen-a.ics", etag: "\"a\"")),
            // The collection's response inside a comment is no response.
            "<D:multistatus xmlns:D=\"DAV:\"><!-- \(Self.response("/u/work/")) -->\(Self.response("/u/work/a.ics", etag: "\"a\""))</D:multistatus>",
        ] {
            #expect(throws: CalDAVError.self) { try Self.listing(xml) }
        }
        #expect(throws: Never.self) { try Self.listing(Self.multistatus(Self.response("/u/work"))) }
    }

    @Test func whatIsNoMultistatusIsAnError() {
        let cases = [
            "<html><body><h1>Error</h1><p>Something went wrong</p></body></html>",
            "<!DOCTYPE html><html><body>Login</body></html>",
            String(Self.multistatus(Self.response("/u/work/"), Self.response("/u/work/a.ics", etag: "\"a\"")).dropLast(30)),
            "<multistatus xmlns=\"urn:not-dav\"><response><href>/u/work/</href></response></multistatus>",
            "",
            "{\"error\": 1}",
            """
            <?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <multistatus xmlns="DAV:"><response><href>/u/work/&b;</href></response></multistatus>
            """,
            """
            <?xml version="1.0"?><!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <multistatus xmlns="DAV:"><response><href>/u/work/&x;</href></response></multistatus>
            """,
            String(repeating: "<D:prop xmlns:D=\"DAV:\">", count: 100) + String(repeating: "</D:prop>", count: 100),
            // Processing instructions, which FoundationXML on Linux cannot take without data.
            "<multistatus xmlns=\"DAV:\"><response><href>/u/work/</href></response></multistatus><?x?>",
            "<?xml-stylesheet?><multistatus xmlns=\"DAV:\"/>",
            "<?xml?>\n<mulmht<l><body>n",
            "<?xml eutf33-e><href/uork/<?xml?>su/w><.i",
            "<?xml version=\"1.0\"?><multistatus xmlns=\"DAV:\"><?pi data?></multistatus>",
        ]
        for xml in cases {
            #expect(throws: Multistatus.Failure.self, "\(xml.prefix(60))") { try Multistatus.parse(Array(xml.utf8)) }
        }
    }

    @Test func commentsCDATAAndPrefixesAreReadAsXML() throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- a server's banner -->
            <a:multistatus xmlns:a="DAV:" xmlns:cs="http://calendarserver.org/ns/"><a:response>
            <a:href> <![CDATA[/u/work/]]> </a:href><a:propstat><a:prop><cs:getctag>"c&amp;1"</cs:getctag>
            <!-- <a:getetag>"not this"</a:getetag> --></a:prop><a:status>HTTP/1.1 200 OK</a:status></a:propstat></a:response>
            <a:response><a:href>/u/work/calgen-a.ics</a:href><a:propstat><a:prop><a:getetag><![CDATA["e<1>"]]></a:getetag>
            </a:prop><a:status>HTTP/1.1 200 OK</a:status></a:propstat></a:response>
            <a:response><a:href>/u/work/calgen-b.ics</a:href><a:propstat><a:prop><x:getetag xmlns:x="urn:other">"no"</x:getetag>
            </a:prop><a:status>HTTP/1.1 200 OK</a:status></a:propstat></a:response></a:multistatus>
            """
        let listing = try Self.listing(xml)
        #expect(listing.tags.ctag == "\"c&1\"")
        #expect(listing.etags == ["calgen-a.ics": "\"e<1>\""])
        #expect(listing.withoutETag == ["calgen-b.ics"])
    }

    @Test func aResourceListedTwiceWithTwoETagsIsNoted() throws {
        let listing = try Self.listing(
            Self.multistatus(
                Self.response("/u/work/"), Self.response("/u/work/a.ics", etag: "\"1\""),
                Self.response("/u/work/a.ics", etag: "\"2\"")))
        #expect(listing.etags == ["a.ics": "\"1\""])
        #expect(listing.listedTwice == ["a.ics"])
    }

    @Test func aMissingCollectionSaysSo() {
        let xml =
            "<D:multistatus xmlns:D=\"DAV:\"><D:response><D:href>/u/work/</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response></D:multistatus>"
        do {
            _ = try Self.listing(xml)
            Issue.record("a 404 collection must be an error")
        } catch {
            #expect(error.isMissing)
        }
    }
}
