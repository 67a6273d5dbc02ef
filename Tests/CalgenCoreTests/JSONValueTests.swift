import Testing

@testable import CalgenCore

/// The strict JSON reader behind the holiday files.
@Suite struct JSONValueTests {
    func parse(_ text: String) -> Result<JSONValue, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in try JSONValue.parse(Array(text.utf8)) }
    }

    @Test func readsWhatRFC8259Allows() throws {
        let value = try parse(#"{"a": [1, -2.5e3, true, false, null, "x\u00e9\ud83d\ude00\n\"\\\/"], "b": {}}"#).get()
        #expect(
            value
                == .object([
                    "a": .array([.number(1), .number(-2500), .bool(true), .bool(false), .null, .string("xé😀\n\"\\/")]),
                    "b": .object([:]),
                ]))
        #expect(try parse("\u{FEFF} [ ] ").get() == .array([]))
    }

    @Test(arguments: [
        (#"{"year": 1, "year": 2}"#, 1, 13, "the key \"year\" appears twice"),
        ("[1,]", 1, 4, "unexpected character where a value should be"),
        ("[01]", 1, 2, "a number must not start with 0"),
        ("{\"a\": \"\u{7}\"}", 1, 8, "a control character must be escaped"),
        (#"["\ud800"]"#, 1, 9, "a high surrogate must be followed by a low surrogate"),
        (#"["\x"]"#, 1, 3, "unknown escape sequence"),
        ("[1] 2", 1, 5, "unexpected text after the end"),
        ("1e999", 1, 1, "the number is too large"),
        ("nul", 1, 4, "unexpected character in \"null\""),
        ("{\n  \"a\": [,]\n}", 2, 9, "unexpected character where a value should be"),
    ])
    func locatesEveryProblem(_ text: String, _ line: Int, _ column: Int, _ detail: String) {
        guard case .failure(let error) = parse(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.detail.contains(detail), "\(error.detail)")
    }

    @Test func limitsTheNesting() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect((try? parse(fine).get()) != nil)
        guard case .failure(let error) = parse(deep) else {
            Issue.record("65 levels were accepted")
            return
        }
        #expect(error.detail.contains("nested more than 64 deep"))
        // A million brackets are refused at the 65th, without exhausting the stack.
        #expect((try? JSONValue.parse(Array(repeating: UInt8(ascii: "["), count: 1_000_000))) == nil)
    }
}

/// What text and links from the content may contain.
/// A dense document of tiny values would take many times its size in memory: the count of
/// values is limited.
@Suite struct JSONValueCountTests {
    @Test func aDocumentOfTooManyValuesIsRefused() {
        let dense = Array(("[" + String(repeating: "0,", count: Limits.jsonValues) + "0]").utf8)
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(dense) }
        let within = Array(("[" + String(repeating: "0,", count: Limits.jsonValues - 2) + "0]").utf8)
        guard case .array(let items)? = try? JSONValue.parse(within) else {
            Issue.record("a document at the limit is refused")
            return
        }
        #expect(items.count == Limits.jsonValues - 1)
    }
}

@Suite struct TextRulesTests {
    @Test func webURLsAndSafeLinks() {
        for url in ["https://www.gov.cn/zhengce/content/2025-11/04/content_1.htm", "http://www.gov.cn/x", "HTTPS://EXAMPLE.COM/"]
        {
            #expect(TextRules.isWebURL(url), "\(url)")
        }
        for url in [
            "javascript:alert(1)", "data:text/html,x", "https://", "https:///x", "https://a b/", "https://a/<x>", "ftp://x/",
            "https://a/\r\nx", "//x",
        ] {
            #expect(!TextRules.isWebURL(url), "\(url)")
        }
        for link in ["../2026/", "#top", "/about/", "page?x=1", "//example.com/x", "https://a.b/c", ""] {
            #expect(TextRules.isSafeLink(link), "\(link)")
        }
        for link in [
            "javascript:alert(1)", "JAVASCRIPT:x", "vbscript:x", "data:,x", "file:///etc/passwd", "mailto:a@b", "a b", "x\u{0}y",
        ] {
            #expect(!TextRules.isSafeLink(link), "\(link)")
        }
    }

    @Test func controlCharacters() {
        #expect(TextRules.firstControlCharacter(in: "春节\t\n") == nil)
        #expect(TextRules.firstControlCharacter(in: "春节\t", multiline: false)?.offset == 2)
        #expect(TextRules.firstControlCharacter(in: "a\u{1B}[31m")?.scalar == "\u{1B}")
        #expect(TextRules.firstControlCharacter(in: "a\u{85}")?.offset == 1)
        #expect(TextRules.codePoint("\u{7}") == "U+0007")
    }
}
