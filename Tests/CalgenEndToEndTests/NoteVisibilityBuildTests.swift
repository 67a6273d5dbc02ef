import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// `visibility: feeds`, note audiences against subscribers, `--strict` and `minor: true`, through
/// whole builds of the mini site. (The parser's side: `NoteVisibilityTests`.)
@Suite(.endToEnd) struct NoteVisibilityBuildTests {
    static let roster = """
        ---
        title: 值班名单 Roster-7QX
        date: 2026-12-05
        audience: [team-a]
        visibility: feeds
        ---
        王某某 13800000000 body-k9Z
        """

    @Test func aFeedsOnlyNoteIsInNoPublicFileAndInItsAddressedFeedAndPage() throws {
        let fixture = try Fixture(.mini)
        try fixture.write("Content/notes/2026/roster.md", Self.roster)
        let built = try fixture.buildInMemory()
        #expect(!built.report.warnings.contains { $0.file.hasSuffix("roster.md") }, "\(built.report.warnings)")
        let token = try FeedSecret(Fixture.secret).token(for: "zhang-san")
        let privateFolder = "feeds/\(token)/"
        var publicFiles = 0
        for (path, data) in built.files where !path.hasPrefix(privateFolder) {
            publicFiles += 1
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("Roster-7QX") && !text.contains("body-k9Z") && !text.contains("13800000000"), "\(path)")
            #expect(!path.contains("roster"), "\(path)")
        }
        #expect(publicFiles > 100)
        let feed = FeedFiles.personal(built.files)["zhang-san"] ?? ""
        #expect(feed.contains("SUMMARY:值班名单 Roster-7QX") && feed.contains("body-k9Z"))
        let pages = built.files.filter { $0.key.hasPrefix(privateFolder) && $0.key.hasSuffix(".html") }
        #expect(pages.values.contains { String(decoding: $0, as: UTF8.self).contains("body-k9Z") }, "\(pages.keys.sorted())")
    }

    @Test func anAudienceNobodyTakesAndAGroupNoNoteUsesAreWarningsAndStrictFails() throws {
        let fixture = try Fixture(.mini)
        try fixture.write(
            "Content/notes/2026/typo.md", "---\ntitle: T\ndate: 2026-12-05\naudience: [team-aa]\n---\nx\n")
        // zhang-san takes [public, team-a]; no note of the mini site is addressed to team-a now.
        for name in (try FileManager.default.contentsOfDirectory(atPath: fixture.content + "/notes/2026")) {
            let path = "Content/notes/2026/" + name
            if let text = fixture.read(path), text.contains("team-a"), name != "typo.md" {
                try fixture.write(path, text.replacingOccurrences(of: "team-a", with: "public"))
            }
        }
        let built = try fixture.buildInMemory()
        let warnings = built.report.warnings.filter { $0.severity == .warning }.map(\.formatted)
        #expect(warnings.contains { $0.contains("typo.md") && $0.contains("\"team-aa\"") && $0.contains("did you mean team-a?") })
        #expect(
            warnings.contains {
                $0.contains("zhang-san.yml") && $0.contains("the group \"team-a\" in `notes:` is the audience of no note")
            })
        #expect(throws: ContentErrors.self) { _ = try fixture.buildInMemory { $0.strict = true } }
    }

    @Test func aMinorEditChangesThePageButIsNoNews() throws {
        let fixture = try Fixture(.mini)
        let note = "---\ntitle: 年会通知\ndate: 2026-12-05\n---\n第一版。\n"
        try fixture.write("Content/notes/2026/party-notice.md", note)
        let first = try fixture.buildInMemory()
        try fixture.write(
            "Content/notes/2026/party-notice.md", note.replacingOccurrences(of: "---\n第一版", with: "minor: true\n---\n第二版"))
        let minor = try fixture.buildInMemory(previous: first.output)
        #expect(minor.read("notes/party-notice/index.html")?.contains("第二版") == true)
        #expect(minor.read("changes.xml") == first.read("changes.xml"))
        #expect(minor.read("manifest.json")?.contains("记事更新") == false)
        try fixture.write("Content/notes/2026/party-notice.md", note.replacingOccurrences(of: "第一版", with: "第三版"))
        let major = try fixture.buildInMemory(previous: minor.output)
        #expect(major.read("changes.xml")?.contains("记事更新：年会通知") == true)
    }
}
