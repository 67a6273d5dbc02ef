import CalgenTestSupport
import Foundation
import Testing

/// A note file unchanged since the last build is neither read nor parsed: the build record's
/// note stands for it. What a build makes, and what it reports wrong, is the same as when every
/// file is parsed.
@Suite(.endToEnd) struct NoteRecordTests {
    /// The same edits to two copies of the site, one built with its record, one with the record
    /// removed before every build (every note parsed): the outputs and the messages are
    /// identical after each, and the first parses only the note files that changed.
    @Test func unchangedNotesAreNotParsedAndTheOutputIsTheSame() throws {
        let kept = try Fixture()
        let full = try Fixture()
        // Files changed within the last two seconds are not trusted by their stamp, judged in
        // whole seconds: three of them.
        Thread.sleep(forTimeInterval: 3)
        func build(_ arguments: [String] = []) throws -> (line: String, status: Int32) {
            try? FileManager.default.removeItem(atPath: full.root.path + "/.public.calgen-record")
            let fullRun = try full.run(["build", "--verbose"] + arguments)
            let keptRun = try kept.run(["build", "--verbose"] + arguments)
            #expect(keptRun.status == fullRun.status)
            #expect(
                keptRun.stderr.replacingOccurrences(of: kept.root.path, with: "")
                    == fullRun.stderr.replacingOccurrences(of: full.root.path, with: ""))
            let differences = Fixture.differences(Fixture.snapshot(kept.output), Fixture.snapshot(full.output))
            #expect(differences.isEmpty, "\(differences)")
            let line = keptRun.stdout.split(separator: "\n").first { $0.contains("  notes: ") }.map(String.init) ?? ""
            return (line, keptRun.status)
        }
        func edit(_ path: String, _ text: String?) throws {
            if let text {
                try kept.write(path, text)
                try full.write(path, text)
            } else {
                try FileManager.default.removeItem(atPath: kept.root.path + "/" + path)
                try FileManager.default.removeItem(atPath: full.root.path + "/" + path)
            }
            Thread.sleep(forTimeInterval: 3)
        }
        let notes = try FileManager.default.subpathsOfDirectory(atPath: kept.content + "/notes").filter {
            $0.hasSuffix(".md")
        }.count
        #expect(try build().line.contains("\(notes) files (\(notes) read and parsed, 0 unchanged"))
        // A new note: that one file.
        let extra = "Content/notes/2026/extra.md"
        try edit(extra, "---\ntitle: Extra\ndate: 2026-12-01\n---\nText \\ with\ttab.\n")
        #expect(try build().line.contains("(1 read and parsed, \(notes) unchanged since the last build and not read)"))
        // Nothing changed in the notes, the site's title did: no note file is read.
        let site = kept.read("Content/site.yml") ?? ""
        try edit("Content/site.yml", site.replacingOccurrences(of: "title:", with: "title: X"))
        #expect(try build().line.contains("(0 read and parsed, \(notes + 1) unchanged"))
        // The note becomes a draft, then is left out with --drafts and without.
        try edit(extra, "---\ntitle: Extra\ndate: 2026-12-01\ndraft: true\n---\nText.\n")
        #expect(try build().line.contains("(1 read and parsed"))
        #expect(try build(["--drafts"]).line.contains("(0 read and parsed"))
        // A file whose slug an unchanged note already has: the same error as when parsed.
        try edit(extra, nil)
        try edit("Content/notes/copy.md", "---\ntitle: Copy\ndate: 2026-12-01\nslug: team-outing\n---\nText.\n")
        #expect(try build().status != 0)
    }

    /// A record with one damaged line is not believed at all: its notes and subscribers, read
    /// before the damage is found, vouch for nothing, and every file is read again.
    @Test func aDamagedRecordVouchesForNoNote() throws {
        let fixture = try Fixture()
        // Stamps are judged in whole seconds: three of them, and every file's fingerprint is kept.
        Thread.sleep(forTimeInterval: 3)
        #expect(try fixture.run(["build", "--quiet"]).status == 0)
        let path = fixture.root.path + "/.public.calgen-record"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Undamaged, the record vouches for every note file.
        #expect(text.contains("\ninput\tcontent\tnotes/") && text.contains("\nnote\tnotes/"))
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let last = try #require(lines.lastIndex { $0.hasPrefix("file\t") })
        lines[last] = "file\tdamaged"
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let run = try fixture.run(["build", "--verbose"])
        #expect(run.status == 0, "\(run.stderr)")
        let notes = run.stdout.split(separator: "\n").first { $0.hasPrefix("  notes: ") } ?? ""
        #expect(notes.contains(" read and parsed, 0 unchanged since the last build"), "\(run.stdout)")
    }
}
