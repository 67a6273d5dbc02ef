import CalgenTestSupport
import Foundation
import Testing

/// A subscriber whose file is unchanged since the last build is neither read nor parsed: the
/// build record's summary of them stands for the file until their feed or its page must be made
/// again. What a build makes is the same as when every file is parsed.
@Suite(.endToEnd) struct SubscriberRecordTests {
    /// The same edits to two copies of the site, one built with its record, one with the
    /// record removed before every build (every subscriber parsed): the outputs are identical
    /// after each, and the first parses only the subscribers whose feeds had to change.
    @Test func unchangedSubscribersAreNotParsedAndTheOutputIsTheSame() throws {
        let kept = try Fixture()
        let full = try Fixture()
        // Files changed within the last two seconds are not trusted by their stamp.
        Thread.sleep(forTimeInterval: 2.2)
        func build() throws -> String {
            try? FileManager.default.removeItem(atPath: full.root.path + "/.public.calgen-record")
            let fullRun = try full.run(["build", "--verbose"])
            #expect(fullRun.status == 0, "\(fullRun.stderr)")
            let keptRun = try kept.run(["build", "--verbose"])
            #expect(keptRun.status == 0, "\(keptRun.stderr)")
            let differences = Fixture.differences(Fixture.snapshot(kept.output), Fixture.snapshot(full.output))
            #expect(differences.isEmpty, "\(differences)")
            return keptRun.stdout.split(separator: "\n").first { $0.contains("subscribers: ") }.map(String.init) ?? ""
        }
        func edit(_ path: String, _ text: String) throws {
            try kept.write(path, text)
            try full.write(path, text)
        }
        #expect(try build().contains("(6 files read and parsed, 0 unchanged"))
        // A note for nobody's feed: no subscriber is parsed.
        try edit("Content/notes/2026/extra.md", "---\ntitle: Extra\ndate: 2026-12-01\naudience: [team-nobody]\n---\nText.\n")
        #expect(try build().contains("(0 files read and parsed, 6 unchanged since the last build and not read)"))
        // A note for team-ops: the two subscribers who take it are parsed, their feeds made again.
        try edit("Content/notes/2026/extra.md", "---\ntitle: Extra\ndate: 2026-12-01\naudience: [team-ops]\n---\nText.\n")
        #expect(try build().contains("(2 files read and parsed, 4 unchanged"))
        // One subscriber's file edited: that one.
        let file = "Content/users/zhang-san.yml"
        try edit(file, (kept.read(file) ?? "") + "\n# edited\n")
        #expect(try build().contains("(1 file read and parsed, 5 unchanged"))
    }

    /// A subscriber's file is checked against the schedules again when they change, though the
    /// file did not: removing the schedule an unchanged subscriber names fails the build on them.
    @Test func aChangedScheduleParsesEverySubscriberAgain() throws {
        let fixture = try Fixture()
        Thread.sleep(forTimeInterval: 2.2)
        #expect(try fixture.run(["build", "--quiet"]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/users").sorted()
        let named = try #require(
            names.first { (fixture.read("Content/users/" + $0) ?? "").contains("schedule: six-day-shop") })
        try FileManager.default.removeItem(atPath: fixture.content + "/schedules/six-day-shop.yml")
        let run = try fixture.run(["build"])
        #expect(run.status != 0)
        #expect(
            run.stderr.contains("users/\(named)") && run.stderr.contains("no work schedule \"six-day-shop\""),
            "\(run.stderr)")
    }
}
