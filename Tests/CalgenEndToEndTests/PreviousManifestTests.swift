import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenKit
@testable import CalgenRecord

/// `--previous-manifest` and a previous output on the disk: a manifest read from another folder,
/// and a broken one that stops the build with `public/` untouched.
@Suite(.endToEnd) struct PreviousManifestTests {
    @Test func thePreviousManifestCanComeFromElsewhere() throws {
        let fixture = try Fixture()
        let first = fixture.root.appendingPathComponent("first").path
        _ = try SiteBuilder(options: fixture.options(output: first)).build()
        let note = "Content/notes/2026/year-end-party.md"
        try fixture.write(note, fixture.read(note)!.replacingOccurrences(of: "一楼大厅", with: "二楼大厅"))
        var options = fixture.options()
        options.previousManifest = first + "/manifest.json"
        _ = try SiteBuilder(options: options).build()
        let m = try JSONDecoder().decode(Manifest.self, from: Data(fixture.read("public/manifest.json")!.utf8))
        PublisherHistoryTests.expectTheYearEndPartyEdited(m, changes: fixture.read("public/changes.xml"))
    }

    @Test func aBrokenPreviousManifestIsAnError() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build"]).status == 0)
        let manifest = fixture.read("public/manifest.json")!
        try fixture.write(
            "public/manifest.json", manifest.replacingOccurrences(of: "\"version\": 1,", with: "\"version\": \"one\","))
        let before = Fixture.snapshot(fixture.output)
        let result = try fixture.run(["build"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("public/manifest.json: version: the previous manifest does not follow the schema"),
            "\(result.stderr)")
        #expect(Fixture.differences(before, Fixture.snapshot(fixture.output)).isEmpty)
        let missing = try fixture.run(["build", "--previous-manifest", "nowhere/manifest.json"])
        #expect(missing.status == 1 && missing.stderr.contains("nowhere/manifest.json: the previous manifest cannot be read"))
    }
}
