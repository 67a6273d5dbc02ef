import Testing

@testable import CalgenSync

/// When a run may stop after one PROPFIND of the collection's tags.
@Suite struct SyncCollectionTagsTests {
    @Test func tagsAreUnchangedOnlyWhenEveryKnownTagIsTheSame() {
        let saved = CollectionTags(ctag: "c1", syncToken: "t1")
        #expect(CollectionTags(ctag: "c1", syncToken: "t1").unchanged(since: saved))
        #expect(CollectionTags(ctag: "c1").unchanged(since: saved))
        #expect(!CollectionTags(ctag: "c2", syncToken: "t1").unchanged(since: saved))
        #expect(!CollectionTags(ctag: "c1", syncToken: "t2").unchanged(since: saved))
        // Nothing to compare: not unchanged.
        #expect(!CollectionTags().unchanged(since: saved))
        #expect(!CollectionTags(syncToken: "t1").unchanged(since: CollectionTags(ctag: "c1")))
    }

    @Test func onlyTheSameSourceWithSavedTagsMayBeUnchanged() {
        var state = SyncState(collection: "https://dav.example.com/c/", sourceVersion: 3, sourceDigest: "d1")
        #expect(!state.mayBeUnchanged(sourceDigest: "d1", sourceVersion: 3))
        state.tags = CollectionTags(ctag: "c1")
        #expect(state.mayBeUnchanged(sourceDigest: "d1", sourceVersion: 3))
        #expect(!state.mayBeUnchanged(sourceDigest: "d2", sourceVersion: 3))
        #expect(!state.mayBeUnchanged(sourceDigest: "d1", sourceVersion: 4))
        state.tags = CollectionTags()
        #expect(!state.mayBeUnchanged(sourceDigest: "d1", sourceVersion: 3))
    }

    @Test func theCollectionsOwnResponseGivesItsTags() {
        let xml = """
            <d:multistatus xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:response><d:href>/u/work/</d:href>
            <d:propstat><d:prop><cs:getctag>"ctag-9"</cs:getctag><d:sync-token>http://radicale.org/ns/sync/a1</d:sync-token>
            </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
            <d:propstat><d:prop><d:getetag/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat></d:response>
            <d:response><d:href>/u/work/calgen-a.ics</d:href><d:propstat><d:prop><d:getetag>"e1"</d:getetag></d:prop>
            <d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>
            """
        let responses = Multistatus.responses(xml)
        #expect(responses.map(\.href) == ["/u/work/", "/u/work/calgen-a.ics"])
        #expect(responses[0].text("getctag") == "\"ctag-9\"")
        #expect(responses[0].text("sync-token") == "http://radicale.org/ns/sync/a1")
        #expect(responses[0].text("getetag") == nil)
        #expect(responses[1].text("getetag") == "\"e1\"")
        #expect(responses[0].status == nil)
        // Xandikos on a collection that is not there.
        let gone = Multistatus.responses(
            """
            <ns0:multistatus xmlns:ns0="DAV:"><ns0:response><ns0:href>http://h/user/calendars/t/</ns0:href>\
            <ns0:status>HTTP/1.1 404 Not Found</ns0:status></ns0:response></ns0:multistatus>
            """)
        #expect(gone.count == 1 && gone[0].status == 404 && gone[0].found.isEmpty)
    }
}
