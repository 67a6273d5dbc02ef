import Testing

@testable import CalgenServe

/// The preview server answers requests that name the loopback host, and no other (DNS rebinding).
@Suite struct LoopbackHostTests {
    @Test(arguments: [
        "localhost", "LOCALHOST", "localhost:8000", "127.0.0.1", "127.0.0.1:8000", "127.0.0.1:1", "[::1]", "[::1]:65535",
        "Localhost:0",
    ])
    func answersTheLoopbackHost(_ host: String) {
        #expect(LoopbackHost.allows(host))
    }

    @Test(
        arguments: [
            nil, "", "evil.example", "evil.example:8000", "localhost.evil.example", "127.0.0.1.nip.io", "127.0.0.2", "0.0.0.0",
            "[::1", "::1", "localhost:", "localhost:65536", "localhost:123456", "localhost:80a", "localhost:+80", "localhost: 80",
            "127.0.0.1:8000:8000", "127.0.0.1@evil.example", "localhost/", " localhost", "localhost.", "user@localhost",
            "[::ffff:127.0.0.1]", "2130706433", "0x7f000001", String(repeating: "a", count: 100_000),
        ] as [String?])
    func refusesEveryOtherHost(_ host: String?) {
        #expect(!LoopbackHost.allows(host))
    }

    @Test func theHostComesFromTheFieldOrAnAbsoluteTarget() throws {
        let field = try HTTPRequestHead.parse(Array("GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n".utf8))
        #expect(field.namedHost == "evil.example")
        // An absolute-form target names its host; the Host field is then ignored (RFC 9112 §3.2.2).
        let absolute = try HTTPRequestHead.parse(Array("GET http://evil.example/x HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
        #expect(absolute.namedHost == "evil.example" && !LoopbackHost.allows(absolute.namedHost))
        #expect(throws: HTTPRequestError.self) {
            try HTTPRequestHead.parse(Array("GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n".utf8))
        }
        #expect(try HTTPRequestHead.parse(Array("GET / HTTP/1.0\r\n\r\n".utf8)).namedHost == nil)
    }

    @Test func everyPathOfAnotherHostIsRefused() throws {
        let server = try DevServer(port: 0, sitePath: "/")
        for target in ["/", "/__calgen/generation", "/feeds/x.ics", "/missing"] {
            let refused = server.respond(.init(method: "GET", target: target, host: "evil.example:8000"))
            #expect(refused.status == 403 && String(decoding: refused.body, as: UTF8.self).contains("DNS rebinding"))
            let post = server.respond(.init(method: "POST", target: target, host: "evil.example"))
            #expect(post.status == 403)
        }
        #expect(server.respond(.init(method: "GET", target: "/__calgen/generation", host: "localhost:8000")).status == 200)
        #expect(server.respond(.init(method: "GET", target: "/__calgen/generation", host: nil)).status == 403)
    }
}
