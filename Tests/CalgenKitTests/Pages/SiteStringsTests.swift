import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// The compiler sees that every language has every UI word (`UIWords` has one stored property
/// per word). What it cannot see: that the words are not empty, that the tables templates read
/// hold every word, and that every `{{t.name}}` a template prints is a word (Mustache prints an
/// unknown name as nothing).
@Suite struct SiteStringsTests {
    /// A note page's summary is the start of the text with its whitespace collapsed, the same as
    /// collapsing all of it first, for short, long and oddly spaced texts.
    @Test func aNoteDescriptionIsTheStartOfItsCollapsedText() {
        let day = CivilDate(year: 2026, month: 10, day: 1)!
        let long = (0..<200).map { "词\($0) " }.joined()
        let texts = [
            "", "  short  text\n", long, "\n\n" + long + "\n", String(repeating: "a ", count: 119) + "b",
            String(repeating: "x", count: 121), (0..<130).map { _ in "\u{301}" }.joined(separator: "\n"),
            String(repeating: "长", count: 240) + " 尾",
        ]
        for language in [SiteLanguage.chinese, .english] {
            let strings = SiteStrings(language: language)
            for text in texts {
                let note = Note(slug: "n", title: "T", start: day, end: day, text: text)
                let all = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                let excerpt = all.count > 120 ? all.prefix(119) + "…" : Substring(all)
                let expected = strings.noteWhen(note) + (excerpt.isEmpty ? "" : (strings.isChinese ? "：" : ": ") + excerpt)
                #expect(strings.noteDescription(note) == expected)
            }
        }
    }

    /// The excerpt read scalar by scalar is the one read character by character, and where a
    /// scalar may join a neighbour into one character the excerpt is read by characters.
    @Test func aNoteExcerptReadByScalarsIsTheOneReadByCharacters() {
        let long = (0..<200).map { "词\($0)，“引号”…— " }.joined()
        let plain = [
            "", " ", "\n\n", "  short  text\n", long, "\t" + long + "\u{3000}尾", String(repeating: "x", count: 121),
            String(repeating: "长", count: 240) + " 尾", String(repeating: "é ", count: 130), "全角！（ＡＢＣ）　空格",
            // A joining scalar past what the excerpt reads is not read.
            long + "\u{301}",
        ]
        for text in plain {
            #expect(SiteStrings.singleScalarExcerpt(text) == SiteStrings.excerpt(text), "\(text.prefix(20))")
        }
        let joining = [
            "e\u{301}", "a\r\nb", "한국어", "👍🏽 ok", "🇨🇳", "\u{200D}", "カ\u{FF9E}", "〪", "\u{301}" + long,
        ]
        for text in joining {
            #expect(SiteStrings.singleScalarExcerpt(text) == nil, "\(text.prefix(20))")
        }
        // Each such scalar is a character of its own beside others, and white space as its character is.
        let neighbours = "a\n 。長，\u{3000}\u{A0}…！\u{7F}"
        for scalar in (0...0xFFFF).compactMap(Unicode.Scalar.init) where SiteStrings.isCharacterAlone(scalar) {
            let alone = String(scalar)
            #expect(Character(scalar).isWhitespace == scalar.properties.isWhitespace)
            #expect(SiteStrings.isWhitespaceAlone(scalar) == scalar.properties.isWhitespace)
            for other in neighbours.unicodeScalars.map(String.init) {
                #expect((other + alone + other).count == 3, "U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    @Test func everyLanguageCoversEveryKey() {
        let tables = SiteLanguage.allCases.map { UIWords.table($0) }
        let names = WordTable.ordered(UIWords.chinese).map(\.name)
        #expect(names.count > 80)
        for (language, table) in zip(SiteLanguage.allCases, tables) {
            #expect(table.keys.sorted() == names.sorted(), "\(language)")
        }
        // A word may be empty in one language (English puts "Work on " before the make-up
        // days, Chinese 上班 after them), never in all of them.
        for name in names {
            #expect(tables.contains { !($0[name] ?? "").isEmpty }, "\(name) is empty in every language")
        }
        for language in SiteLanguage.allCases {
            #expect(WordTable.ordered(HomeLines.of(language)).allSatisfy { !$0.text.isEmpty }, "\(language)")
        }
    }

    @Test func everyWordATemplatePrintsExists() throws {
        let templates = Fixture.repositoryRoot.appendingPathComponent("Templates").path
        let pattern = try NSRegularExpression(pattern: #"\{\{[#^/]?\s*t\.([A-Za-z0-9]+)\s*\}\}"#)
        var asked = Set<String>()
        let names = try #require(FileManager.default.enumerator(atPath: templates)).compactMap { $0 as? String }
        for name in names where name.hasSuffix(".mustache") {
            let text = try String(contentsOfFile: templates + "/" + name, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                asked.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        #expect(asked.count > 50)
        #expect(asked.subtracting(UIWords.table(.chinese).keys).sorted() == [])
    }
}
