import CalgenModel
import Foundation
import Testing

@testable import CalgenServe

/// Paths are resolved before anything is looked up, and redirects stay on the origin.
@Suite struct RequestPathTests {
    @Test func resolvesEmptyDotAndDotDotSegments() throws {
        let cases: [(String, String, Bool)] = [
            ("/", "/", true), ("/2026/", "/2026/", true), ("/2026", "/2026", true), ("//2026", "/2026", false),
            ("//evil.example/x", "/evil.example/x", false), ("/..//x", "/x", false), ("/a/./b/../c/", "/a/c/", false),
            ("/a/..", "/", false), ("/../../..", "/", false), ("/%2e%2E/x", "/x", false), ("/a%2F%2Fb", "/a/b", false),
            ("/a/.", "/a/", false), ("///", "/", false), ("/%E6%98%A5", "/春", true),
        ]
        for (raw, decoded, canonical) in cases {
            let path = try #require(RequestPath(raw), "\(raw)")
            #expect(path.decoded == decoded, "\(raw)")
            #expect(path.isCanonical == canonical, "\(raw)")
        }
    }

    @Test func refusesBadEscapesAndControlCharacters() {
        for raw in ["", "x", "%2F", "/%", "/%2", "/%zz", "/%00", "/%0a", "/%0D%0A", "/%7f", "/%FF", "/%C3%28", "/\u{1}"] {
            #expect(RequestPath(raw) == nil, "\(raw.debugDescription)")
        }
    }

    @Test func encodedPathsAlwaysStartWithOneSlash() throws {
        for raw in ["//evil.example", "/\\evil.example", "/%5C%5Cevil", "/%2F%2Fevil", "/./%2F/evil", "/..", "/a b", "/春/"] {
            guard let path = RequestPath(raw) else { continue }
            let location = path.encoded
            #expect(location.hasPrefix("/") && !location.hasPrefix("//"), "\(raw) → \(location)")
            #expect(!location.contains("\\") && !location.contains(" "), "\(raw) → \(location)")
            // The Location asks again for the same path, and is not redirected again.
            #expect(RequestPath(location)?.segments == path.segments && RequestPath(location)?.isCanonical == true)
        }
    }
}
