import Testing

@testable import CalgenSync

/// The listing of a collection as servers write it: any prefix, a default namespace, quoted
/// ETags as entities, a property missing (404) beside one found.
@Suite struct MultistatusTests {
    /// `href etag` of each response with an ETag found, as the listing reads them.
    static func etags(_ xml: String) -> [String] {
        Multistatus.responses(xml).compactMap { response in response.text("getetag").map { "\(response.href) \($0)" } }
    }

    @Test func etagsAreReadWhateverThePrefix() {
        let radicale = """
            <?xml version='1.0' encoding='utf-8'?>
            <multistatus xmlns="DAV:"><response><href>/wang/work/</href><propstat><prop><getetag>"c1"</getetag></prop>\
            <status>HTTP/1.1 200 OK</status></propstat></response><response><href>/wang/work/calgen-a_40x.ics</href>\
            <propstat><prop><getetag>&quot;e1&quot;</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response>\
            </multistatus>
            """
        #expect(
            Self.etags(radicale) == [
                "/wang/work/ \"c1\"", "/wang/work/calgen-a_40x.ics \"e1\"",
            ])
        let prefixed = """
            <D:multistatus xmlns:D="DAV:"><D:response><D:href>https://dav.example.com/c/x%20y.ics</D:href>
            <D:propstat><D:prop><D:getetag>"e2"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
            <D:propstat><D:prop><D:getetag/></D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>
            </D:response><D:response><D:href>/c/no-etag.ics</D:href><D:propstat><D:prop><D:getetag/></D:prop>
            <D:status>HTTP/1.1 404 Not Found</D:status></D:propstat></D:response></D:multistatus>
            """
        #expect(Self.etags(prefixed) == ["https://dav.example.com/c/x%20y.ics \"e2\""])
        let entities = Multistatus.responses(
            "<multistatus xmlns='DAV:'><response><href>/a</href><propstat><prop><displayname>a &amp; b &#x41;&#66;</displayname></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>"
        )
        #expect(entities.first?.text("displayname") == "a & b AB")
    }
}
