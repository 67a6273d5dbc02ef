import Testing

@testable import CalgenLoad
@testable import CalgenSync

/// Basic at once where it is safe, Digest when the server asks for it, never Basic over plain
/// http to another host, and a refusal that names what the server asked for.
@Suite struct SyncAuthTests {
    @Test func basicAtOnceThenDigestWhenAsked() {
        let auth = AuthChoice()
        let secure = "https://dav.example.com/cal/"
        #expect(HTTPClient.authMask(digest: auth.isDigest, url: secure) == 1)
        #expect(HTTPClient.authMask(digest: auth.isDigest, url: "http://dav.example.com/cal/") == 2)
        #expect(HTTPClient.authMask(digest: auth.isDigest, url: "http://127.0.0.1:5232/cal/") == 1)
        #expect(!auth.switchToDigest(offered: ["Basic realm=\"dav\""]))
        #expect(auth.switchToDigest(offered: ["Digest realm=\"BaikalDAV\", nonce=\"n\", qop=\"auth\""]))
        #expect(HTTPClient.authMask(digest: auth.isDigest, url: secure) == 2)
        // Once only: a Digest that is refused again is a refusal.
        #expect(!auth.switchToDigest(offered: ["Digest realm=\"BaikalDAV\""]))
    }

    @Test func plainHTTPIsOnlyLoopbackWithBasic() {
        #expect(HTTPClient.isPlainRemote("http://dav.example.com/cal/"))
        #expect(!HTTPClient.isPlainRemote("https://dav.example.com/cal/"))
        #expect(!HTTPClient.isPlainRemote("http://127.0.0.1:5232/cal/"))
        #expect(!HTTPClient.isPlainRemote("http://localhost:5232/cal/"))
    }

    @Test func aRefusalSaysWhatTheServerAskedFor() {
        let bearer = SyncHTTP.refusal(
            shownURL: "https://dav.example.com/", user: "wang", status: 401, method: "PROPFIND",
            offered: ["Bearer realm=\"x\"", "Negotiate"], plainHTTP: false)
        #expect(bearer.contains("asks for Bearer, Negotiate authentication") && bearer.contains("Basic and Digest only"))
        let basic = SyncHTTP.refusal(
            shownURL: "http://dav.example.com/", user: "wang", status: 401, method: "PROPFIND",
            offered: ["Basic realm=\"x\""], plainHTTP: true)
        #expect(basic.contains("in clear over http") && basic.contains("https"))
        let wrong = SyncHTTP.refusal(
            shownURL: "https://dav.example.com/", user: "wang", status: 401, method: "PROPFIND",
            offered: ["Basic realm=\"x\""], plainHTTP: false)
        #expect(wrong.contains("check --user, the password"))
    }
}
