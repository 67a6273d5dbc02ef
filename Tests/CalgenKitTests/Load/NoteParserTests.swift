import CalgenCore
import CalgenModel
import Foundation
import Testing

@testable import CalgenLoad

@Suite struct NoteParserTests {
    func parse(_ text: String, name: String = "duty.md") -> Result<Note, ContentErrors> {
        Result { () throws(ContentErrors) in try NoteParser.parse(text, file: "Content/notes/" + name, fileName: name) }
    }

    func errors(_ text: String, name: String = "bad.md") -> [String] {
        guard case .failure(let e) = parse(text, name: name) else { return [] }
        return e.diagnostics.map(\.formatted)
    }

    @Test func readsEveryKey() throws {
        let note = try parse(
            """
            ---
            title: 国庆值班
            start: 2026-10-01
            end: 2026-10-07
            time: "09:00"
            duration: 9h
            tags: [值班, " 国庆  节 ", 值班]
            audience: [public, team-a]
            draft: false
            ---
            第一段，[手册](https://example.com/a)。

            - 甲
            - 乙
            """
        ).get()
        #expect(note.slug == "duty")
        #expect(note.title == "国庆值班")
        #expect(note.start == CivilDate(year: 2026, month: 10, day: 1) && note.end == CivilDate(year: 2026, month: 10, day: 7))
        #expect(note.days.count == 7)
        #expect(note.time == TimeOfDay(hour: 9, minute: 0) && note.duration == TimeSpan(minutes: 540))
        #expect(note.tags == ["值班", "国庆 节"])
        #expect(note.audience == ["public", "team-a"])
        #expect(note.html.contains("<li>甲</li>"))
        #expect(note.text == "第一段，手册 (https://example.com/a)。\n- 甲\n- 乙")
    }

    @Test func slugFromTheFileNameOrTheSlugKey() throws {
        #expect(try parse("---\ntitle: a\ndate: 2026-01-01\n---\n", name: "Year-End.md").get().slug == "year-end")
        #expect(try parse("---\ntitle: a\ndate: 2026-01-01\nslug: party\n---\n", name: "年会.md").get().slug == "party")
        #expect(
            errors("---\ntitle: a\ndate: 2026-01-01\n---\n", name: "年会.md")
                == [#"Content/notes/年会.md:1:1: error: the file name "年会.md" does not give a URL-safe slug"#])
        #expect(
            errors("---\ntitle: a\ndate: 2026-01-01\nslug: a/b\n---\n").first?.contains(
                "bad.md:4:7: error: \"slug\" must be URL-safe") == true)
    }

    @Test(arguments: [
        ("# 标题\n正文", "bad.md:1:1: error: the note has no front matter"),
        ("---\ntitle: x\ndate: 2026-01-01\n正文", "bad.md:1:1: error: the front matter opened on line 1 is never closed"),
        ("---\ndate: 2026-01-01\n---\n", #"bad.md:2:1: error: missing required key "title""#),
        ("---\n---\nbody", #"bad.md:2:1: error: the front matter is empty: missing required key "title""#),
        (
            "---\ntitle: x\ndate: 2026-02-30\n---\n",
            #"bad.md:3:7: error: "date" must be a real date written YYYY-MM-DD, found "2026-02-30""#
        ),
        (
            "---\ntitle: x\nstart: 2026-10-07\nend: 2026-10-01\n---\n",
            #"bad.md:4:6: error: "end" (2026-10-01) is before "start" (2026-10-07)"#
        ),
        ("---\ntitle: x\nstart: 2026-10-07\n---\n", #"bad.md:3:8: error: "start" needs an "end""#),
        (
            "---\ntitle: x\ndate: 2026-10-07\nend: 2026-10-08\n---\n",
            #"bad.md:3:7: error: a note has either "date" or "start" and "end", not both"#
        ),
        (
            "---\ntitle: x\ndate: 2026-10-07\ntime: 25:00\n---\n",
            #"bad.md:4:7: error: "time" must be a time from 00:00 to 23:59, found "25:00""#
        ),
        ("---\ntitle: x\ndate: 2026-10-07\nduration: 1h\n---\n", #"bad.md:4:11: error: "duration" needs a "time""#),
        ("---\ntitle: x\ndate: 2026-10-07\ntag: [a]\n---\n", #"bad.md:4:1: error: unknown key "tag""#),
        ("---\ntitle: x\ndate: 2026-10-07\ndraft: yes please\n---\n", #"bad.md:4:8: error: "draft" must be true or false"#),
        ("---\ntitle: x\ndate: 2026-10-07\naudience: [Team A]\n---\n", #"bad.md:4:11: error: "Team A" in "audience" is not"#),
        ("---\ntitle: [x\ndate: 2026-10-07\n---\n", "bad.md:3:"),
    ])
    func badNotes(_ text: String, _ expected: String) {
        let found = errors(text)
        #expect(found.contains { $0.contains(expected) }, "\(found)")
    }

    @Test func reportsEveryProblemOfOneNote() {
        let found = errors("---\ndate: 2026-02-30\ntime: 7pm\ncolour: red\n---\n")
        #expect(found.count == 4, "\(found)")
    }

    @Test func plainTextDropsMarkupAndUnsafeLinks() {
        #expect(Markdown.plainText(from: "# 标题\n\n**粗** `code` <b>raw</b>\n[x](javascript:alert(1))") == "标题\n粗 code raw x")
        #expect(Markdown.plainText(from: "```\nline 1\nline 2\n```\n") == "line 1\nline 2")
    }

    /// A note's lines split as bytes are those split as characters, and a carriage return
    /// before a line feed goes as it did.
    @Test(arguments: ["", "\n", "---\ntitle: 值班\n---\n正文\n\n", "a\n\u{301}b\n", "\u{FEFF}---\nx", "x\r\ny\rz\n"])
    func linesAreSplitAsCharactersSplitThem(text: String) {
        let expected = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
        #expect(NoteParser.lines(of: text) == expected)
    }

    /// The front matter and the body taken from the text are the lines joined again.
    @Test(arguments: [
        "---\n---", "---\n---\n", "---\ntitle: 值班\n---\n正文\n\n", "\u{FEFF}---\na: 1\nb: 2\n...\nx\ny",
        "---\na: 1\r\n---\n---\nb\r",
    ])
    func partsAreTheLinesJoined(text: String) {
        var lines = NoteParser.lines(of: text)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        let close = lines.indices.dropFirst().first { lines[$0] == "---" || lines[$0] == "..." }!
        let parts = NoteParser.parts(of: text, lines: lines, close: close)
        #expect(parts.yaml == lines[1..<close].joined(separator: "\n"))
        #expect(parts.body == lines[(close + 1)...].joined(separator: "\n"))
    }
}
