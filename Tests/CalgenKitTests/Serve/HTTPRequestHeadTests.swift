import CalgenModel
import Foundation
import Testing

@testable import CalgenServe

/// The request parser of the preview server on bytes no client should send.
@Suite struct HTTPRequestHeadTests {
    static func parse(_ text: String) -> Result<HTTPRequestHead, HTTPRequestError> {
        Result { () throws(HTTPRequestError) in try HTTPRequestHead.parse(Array(text.utf8)) }
    }

    @Test func parsesWellFormedHeadsWithCRLFOrBareLF() throws {
        let crlf = try HTTPRequestHeadTests.parse("GET /2026/?a=1 HTTP/1.1\r\nHost: x\r\n\r\n").get()
        #expect(
            crlf
                == HTTPRequestHead(
                    method: "GET", target: "/2026/?a=1", minorVersion: 1, keepAlive: true, contentLength: 0, host: "x"))
        let lf = try HTTPRequestHeadTests.parse("HEAD / HTTP/1.0\nHost: x\nConnection: Keep-Alive\n\n").get()
        #expect(lf == HTTPRequestHead(method: "HEAD", target: "/", minorVersion: 0, keepAlive: true, contentLength: 0, host: "x"))
        let mixed = try HTTPRequestHeadTests.parse("\r\nGET / HTTP/1.1\nConnection: x, close\r\nContent-Length: 007\n\r\n").get()
        #expect(!mixed.keepAlive && mixed.contentLength == 7)
        let absolute = try HTTPRequestHeadTests.parse("GET http://127.0.0.1:8000//x?y HTTP/1.1\r\n\r\n").get()
        #expect(absolute.target == "//x?y" && absolute.namedHost == "127.0.0.1:8000")
        #expect(try HTTPRequestHeadTests.parse("GET HTTPS://example?q HTTP/1.1\r\n\r\n").get().target == "/?q")
        #expect(try HTTPRequestHeadTests.parse("OPTIONS * HTTP/1.1\r\n\r\n").get().target == "*")
        #expect(try HTTPRequestHeadTests.parse("GET / HTTP/1.9\r\n\r\n").get().minorVersion == 1)
    }

    /// A malformed head and the status that refuses it, shown short in test output.
    struct Malformed: CustomTestStringConvertible, Sendable {
        let text: String
        let status: Int
        var testDescription: String { "\(text.debugDescription.prefix(60)) → \(status)" }
    }

    static let malformed = malformedCases.map { Malformed(text: $0.0, status: $0.1) }

    private static let malformedCases: [(String, Int)] = [
        ("", 400),
        ("\r\n\r\n", 400),
        ("\n\n\n", 400),
        ("GET / HTTP/1.1\r\n", 400),  // no empty line
        ("GET / HTTP/1.1", 400),
        ("GET / HTTP/1.1\r\n\r\nGET", 400),  // bytes after the head
        ("GET / HTTP/1.1\r\n\r\nX: y\r\n\r\n", 400),
        ("GET /\r\n\r\n", 400),
        ("GET\r\n\r\n", 400),
        ("GET  / HTTP/1.1\r\n\r\n", 400),  // two spaces
        ("GET / HTTP/1.1 \r\n\r\n", 400),
        (" GET / HTTP/1.1\r\n\r\n", 400),
        ("GET\t/ HTTP/1.1\r\n\r\n", 400),
        ("G(T / HTTP/1.1\r\n\r\n", 400),
        ("GET x HTTP/1.1\r\n\r\n", 400),
        ("GET * HTTP/1.1\r\n\r\n", 400),
        ("GET //x# HTTP/1.1\r\n\r\n", 400),
        ("GET /\u{7F} HTTP/1.1\r\n\r\n", 400),
        ("GET /é HTTP/1.1\r\n\r\n", 400),
        ("GET ftp://x/ HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1x\r\n\r\n", 400),
        ("GET / HTTP/11\r\n\r\n", 400),
        ("GET / http/1.1\r\n\r\n", 400),
        ("GET / HTTP/a.b\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\n\r\n", 505),
        ("GET / HTTP/0.9\r\n\r\n", 505),
        ("GET / HTTP/1.1\rHost: x\r\n\r\n", 400),  // bare CR
        ("GET / HTTP/1.1\r\nHost: x\ry\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: \u{0}\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\u{1}b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400),  // space before the colon
        ("GET / HTTP/1.1\r\nHo(st: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length: 1 2\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length: +1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length:\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length: 99999999999999999999999999999\r\n\r\n", 413),
        ("GET / HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n", 413),
        ("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
        ("GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\n\r\n", 414),
        ("GET / HTTP/1.1\r\n\(String(repeating: "X-Pad: \(String(repeating: "b", count: 100))\r\n", count: 170))\r\n", 431),
        ("GET / HTTP/1.1\r\n\(String(repeating: "X: y\r\n", count: 101))\r\n", 431),
    ]

    @Test(arguments: HTTPRequestHeadTests.malformed)
    func refusesMalformedHeads(_ malformed: Malformed) {
        let (text, status) = (malformed.text, malformed.status)
        switch HTTPRequestHeadTests.parse(text) {
        case .success(let head): Issue.record("accepted \(text.debugDescription.prefix(80)): \(head)")
        case .failure(let error): #expect(error.status == status, "\(text.debugDescription.prefix(80)): \(error.reason)")
        }
    }

    @Test func findsTheEndOfAHeadWithCRLFOrLF() {
        for (text, end) in [
            ("GET / HTTP/1.1\r\n\r\nrest", 18), ("GET / HTTP/1.1\n\nrest", 16), ("GET / HTTP/1.1\n\r\nrest", 17),
            ("GET / HTTP/1.1\r\n\nrest", 17), ("\r\nGET / HTTP/1.1\n\n", 18), ("\nGET / HTTP/1.1\n\n", 17), ("\r\n\r\n", 4),
            ("\n\n", 2),
        ] {
            var scanned = 0
            #expect(HTTPRequestHead.end(of: Array(text.utf8), from: &scanned) == end, "\(text.debugDescription)")
        }
        // Byte by byte, as a slow client sends it.
        let bytes = Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        var scanned = 0
        for count in 1...bytes.count {
            let end = HTTPRequestHead.end(of: Array(bytes[..<count]), from: &scanned)
            #expect(end == (count == bytes.count ? bytes.count : nil))
        }
    }

    /// A short fuzz run in the unit tests: random bytes and mutated requests never crash,
    /// trap or loop, and whatever is refused is refused with a 4xx or 5xx status.
    @Test func survivesRandomAndMutatedInput() {
        var generator = SystemRandomNumberGenerator()
        let seeds = [
            "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 12\r\nConnection: close\r\n\r\n",
            "HEAD http://h/p?q HTTP/1.0\nTransfer-Encoding: x\n\n",
        ].map { Array($0.utf8) }
        let alphabet = Array("\r\n :/%.GETHP10\t\0\u{7F}".utf8) + [0xFF, 0x80]
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                    Bool.random(using: &generator)
                        ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
                }
            } else {
                bytes = seeds.randomElement(using: &generator)!
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let i = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: bytes[i] = alphabet.randomElement(using: &generator)!
                    case 1: bytes.remove(at: i)
                    default: bytes.insert(alphabet.randomElement(using: &generator)!, at: i)
                    }
                    if bytes.isEmpty { break }
                }
            }
            var scanned = 0
            _ = HTTPRequestHead.end(of: bytes, from: &scanned)
            do {
                let head = try HTTPRequestHead.parse(bytes)
                #expect(head.target.hasPrefix("/") || head.target == "*")
                #expect(head.contentLength >= 0 && head.contentLength <= HTTPRequestHead.maxBody)
            } catch {
                #expect((400...599).contains(error.status))
            }
        }
    }
}
