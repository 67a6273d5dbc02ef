import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// `calgen build` on the disk: the same bytes as a build into memory, the build state that stops
/// an unchanged rebuild, the output replaced whole, and outputs it refuses.
@Suite(.endToEnd) struct BuildCommandTests {
    /// The bundled content built by the command line, in another folder and at another moment,
    /// gives the shared in-memory build byte for byte (one SOURCE_DATE_EPOCH).
    @Test func buildsAreByteIdenticalAcrossFoldersTimeAndProcesses() throws {
        let site = try BundledSite.get()
        let fixture = try Fixture(.bundled)
        let result = try fixture.run(["build", "--output", "elsewhere"])
        #expect(result.status == 0, "\(result.stderr)")
        let other = Fixture.snapshot(fixture.root.appendingPathComponent("elsewhere").path)
        // 8015 files (_headers, changes.xml, 21 api/lunar files, static/<sha>/style.css and favicon.svg, 4 private feed pages and the
        // record of personal feeds among them), manifest.json and 6 feed manifests; and 28 public
        // feed variants (8, and 20 announced years) with their manifests; the 5 schedules' today
        // pages (an index and one per public schedule).
        #expect(other.count == 8267)
        #expect(Fixture.differences(site.files, other).isEmpty)
    }

    @Test func aRebuildOfUnchangedInputsStopsBeforeLoading() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build"]).status == 0)
        let before = Fixture.fingerprint(fixture.output)
        let again = try fixture.run(["build"])
        // No file is touched: the same inode, size and time.
        #expect(Fixture.differences(before, Fixture.fingerprint(fixture.output)).isEmpty)
        #expect(
            again.stdout.contains(
                "nothing calgen reads changed since the last build; version 1, public/ left as it was (224 pages, 23 feeds)"),
            "\(again.stdout)")
        // Any change to what a build reads builds again.
        try fixture.write("Content/notes/2026/extra.md", "---\ntitle: Extra\ndate: 2026-12-01\n---\nText.\n")
        let edited = try fixture.run(["build"])
        #expect(edited.stdout.contains("version 2 (new)"), "\(edited.stdout)")
        // So does an output that is no longer what the last build left.
        try fixture.write("public/index.html", "tampered")
        let repaired = try fixture.run(["build"])
        #expect(repaired.stdout.contains("version 2: 1 files written"), "\(repaired.stdout)")
        #expect(fixture.read("public/index.html") != "tampered")
        // A file edited in place without changing its size, or removed, is noticed too (the
        // record holds each file's inode, size and modification time; no file is read).
        let page = fixture.output + "/2026/index.html"
        let original = try #require(FileManager.default.contents(atPath: page))
        var sameSize = original
        sameSize[sameSize.count - 2] = sameSize[sameSize.count - 2] == 0x3E ? 0x3C : 0x3E
        let handle = try #require(FileHandle(forWritingAtPath: page))
        try handle.write(contentsOf: sameSize)
        try handle.close()
        #expect(try fixture.run(["build"]).stdout.contains("version 2: 1 files written"))
        #expect(FileManager.default.contents(atPath: page) == original)
        try FileManager.default.removeItem(atPath: fixture.output + "/2026/01/index.html")
        #expect(try fixture.run(["build"]).stdout.contains("version 2: 1 files written"))
        #expect(FileManager.default.fileExists(atPath: fixture.output + "/2026/01/index.html"))
    }

    @Test func aRebuildReplacesTheOutputAndLeavesNoStaging() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build"]).status == 0)
        try fixture.write("public/stale.txt", "left over")
        let rebuilt = try fixture.run(["build"])
        #expect(rebuilt.status == 0)
        // Nothing changed, but the stray file goes: the tree is restaged with every file kept, and
        // the personal feeds, whose inputs did not change, are not even rendered again.
        #expect(
            rebuilt.stdout.contains(
                "224 pages, 5 notes, 23 feeds (17 rendered with 1,920 events, 6 unchanged) for 6 subscribers; version 1: 0 files written (0.0 MB), 1,769 unchanged"
            ), "\(rebuilt.stdout)")
        #expect(fixture.read("public/stale.txt") == nil)
        // Beside it only the build's record, the previous output, moved aside for the next build
        // to reuse or remove, and the record of that previous output (its listing).
        let siblings = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path)
        #expect(
            Set(siblings.filter { !$0.hasPrefix(".public.old-") }) == [
                ".public.calgen-record", ".public.calgen-retired", "Content", "Templates", "public",
            ])
        #expect(siblings.filter { $0.hasPrefix(".public.old-") }.count <= 1, "\(siblings)")
    }

    @Test func refusesToReplaceTheContentOrTheWorkingDirectory() throws {
        let fixture = try Fixture()
        for output in ["Content", ".", "/"] {
            let result = try fixture.run(["build", "--output", output])
            #expect(result.status != 0, "\(output)")
            #expect(result.stderr.contains("refusing to replace"), "\(output)")
        }
        #expect(FileManager.default.fileExists(atPath: fixture.content + "/site.yml"))
    }
}
