import CalgenCore
import Testing

@testable import CalgenLoad
@testable import CalgenRecord

/// A note file unchanged since the last build is not read again: the record's note stands for
/// it, and reads back as exactly the note its parse gave, or stands for nothing.
@Suite struct RecordedNotesTests {
    static let sha = String(repeating: "a", count: 64)
    static let dependencies = String(repeating: "d", count: 64)

    /// A note with every part set, and texts that hold what the record's lines must not.
    static let note = Note(
        slug: "duty-2026", title: "值班\t安排 \\ \u{1F}\u{1E} 一", start: CivilDate(year: 2026, month: 10, day: 1)!,
        end: CivilDate(year: 2026, month: 10, day: 7)!, time: TimeOfDay(hour: 9, minute: 30),
        duration: TimeSpan(minutes: 90), tags: ["值班", "a,b", "x\u{1E}y"], draft: true, audience: ["team-a", "public"],
        html: "<p>第一行\n第二行\r\n\\n</p>\n", text: "第一行\n第二行\t\\", file: "Content/notes/2026/duty.md", feedsOnly: false,
        minor: true)

    @Test func aNoteReadsBackAsItWasParsed() throws {
        let text = RecordedNotes.text(of: RecordedNotesTests.note)
        #expect(!text.utf8.contains(0x09) && !text.utf8.contains(0x0A) && !text.utf8.contains(0x0D))
        #expect(RecordedNotes.note(text, file: RecordedNotesTests.note.file) == RecordedNotesTests.note)
        let plain = Note(
            slug: "a", title: "A", start: CivilDate(year: 2026, month: 1, day: 1)!, end: CivilDate(year: 2026, month: 1, day: 1)!,
            file: "n/a.md")
        #expect(RecordedNotes.note(RecordedNotes.text(of: plain), file: "n/a.md") == plain)
    }

    /// Through the record's own lines: written, parsed, and vouched for the same file only.
    @Test func theRecordKeepsEachNoteForItsFile() throws {
        let sources = [
            "notes/2026/duty.md": NoteSource(digest: RecordedNotesTests.sha, note: RecordedNotesTests.note)
        ]
        var record = BuildRecord()
        record.notes = RecordedNotes(sources: sources, dependencies: RecordedNotesTests.dependencies)
        record.inputs.entries["content\tnotes/2026/duty.md"] = .init(stat: [1, 2, 3, 4, 5], digest: RecordedNotesTests.sha)
        let read = try #require(BuildRecord.parse(Array(record.text.utf8)))
        #expect(read == record)
        let stamps: [String: [Int64]] = ["notes/2026/duty.md": [1, 2, 3, 4, 5]]
        let vouched = read.notes.vouched(
            stamps: stamps, fingerprints: read.inputs, dependencies: RecordedNotesTests.dependencies)
        #expect(vouched["notes/2026/duty.md"]?.note.named(RecordedNotesTests.note.file) == RecordedNotesTests.note)
        // Saved again (another stamp), another calgen, or another file: nothing is believed.
        #expect(
            read.notes.vouched(
                stamps: ["notes/2026/duty.md": [1, 2, 3, 4, 6]], fingerprints: read.inputs,
                dependencies: RecordedNotesTests.dependencies
            ).isEmpty)
        #expect(
            read.notes.vouched(stamps: stamps, fingerprints: read.inputs, dependencies: String(repeating: "e", count: 64))
                .isEmpty)
        var moved = read.inputs
        moved.entries["content\tnotes/2026/duty.md"]?.digest = String(repeating: "b", count: 64)
        #expect(
            read.notes.vouched(stamps: stamps, fingerprints: moved, dependencies: RecordedNotesTests.dependencies).isEmpty)
    }

    /// A note whose text would not read back as the same note is not recorded (its file is then
    /// read and parsed by the next build).
    @Test func aNoteThatWouldNotReadBackIsNotRecorded() {
        let emptyTag = Note(
            slug: "a", title: "A", start: CivilDate(year: 2026, month: 1, day: 1)!, end: CivilDate(year: 2026, month: 1, day: 1)!,
            tags: [""], file: "n/a.md")
        let recorded = RecordedNotes(
            sources: ["notes/a.md": NoteSource(digest: RecordedNotesTests.sha, note: emptyTag)],
            dependencies: RecordedNotesTests.dependencies)
        #expect(recorded.entries.isEmpty)
        #expect(recorded.dependencies == RecordedNotesTests.dependencies)
    }

    /// A note no file can give, or one that would not be written the same, stands for nothing.
    @Test(arguments: [
        // slug, title, dates, time, duration, the two flags between the lists, and the two after.
        ["A", "t", "2026-01-01", "2026-01-01", "~", "~", "", "0", "", "", "", "0", "0"],
        ["a", "", "2026-01-01", "2026-01-01", "~", "~", "", "0", "", "", "", "0", "0"],
        ["a", "t", "2026-02-30", "2026-02-30", "~", "~", "", "0", "", "", "", "0", "0"],
        ["a", "t", "2026-1-1", "2026-1-1", "~", "~", "", "0", "", "", "", "0", "0"],
        ["a", "t", "2026-01-02", "2026-01-01", "~", "~", "", "0", "", "", "", "0", "0"],
        ["a", "t", "2026-01-01", "2026-01-01", "1440", "~", "", "0", "", "", "", "0", "0"],
        ["a", "t", "2026-01-01", "2026-01-01", "+5", "~", "", "0", "", "", "", "0", "0"],
        ["a", "t", "2026-01-01", "2026-01-01", "05", "~", "", "0", "", "", "", "0", "0"],
        ["a", "t", "2026-01-01", "2026-01-01", "~", "-1", "", "0", "", "", "", "0", "0"],
        ["a", "t", "2026-01-01", "2026-01-01", "~", "~", "", "2", "", "", "", "0", "0"],
        ["a", "t", "2026-01-01", "2026-01-01", "~", "~", "", "0", "Team", "", "", "0", "0"],
        ["a", "t", "2026-01-01", "2026-01-01", "~", "~", "", "0", "", "", "", "0", "yes"],
        ["a", "t", "2026-01-01", "2026-01-01", "~", "~", "", "0", "", "", "", "0"],
        ["a", "t", "2026-01-01", "2026-01-01", "~", "~", "", "0", "", "", "", "0", "0", "0"],
        ["a", "t\\q", "2026-01-01", "2026-01-01", "~", "~", "", "0", "", "", "", "0", "0"],
        ["a", "t\\", "2026-01-01", "2026-01-01", "~", "~", "", "0", "", "", "", "0", "0"],
    ])
    func aNoteNoFileCanGiveIsNotBelieved(_ parts: [String]) {
        let text = parts.joined(separator: "\u{1F}")
        #expect(RecordedNotes.note(text, file: "x") == nil)
        // The same with every part as a file gives it is believed.
        let good = ["a", "t", "2026-01-01", "2026-01-01", "~", "~", "", "0", "", "", "", "0", "0"]
        #expect(RecordedNotes.note(good.joined(separator: "\u{1F}"), file: "x") != nil)
    }

    /// A line that is no note line makes the whole record unbelieved, as any damaged line does.
    @Test(arguments: [
        "calgen-record 1\nnote\tnotes/a.md\t-\tx\n",
        "calgen-record 1\nnote\tnotes/a.md\t\(String(repeating: "a", count: 64))\n",
        "calgen-record 1\nnotes\tnone\n",
    ])
    func aDamagedNoteLineIsNotBelieved(_ text: String) {
        #expect(BuildRecord.parse(Array(text.utf8)) == nil)
    }
}
