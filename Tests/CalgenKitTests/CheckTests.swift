import CalgenCore
import CalgenKit
import CalgenModel
import Foundation
import Testing

/// `calgen check`: everything a build validates, plus links, without writing.
@Suite struct CheckTests {
    @Test func passesOnAGoodSiteAndWritesNothing() throws {
        let fixture = try Fixture()
        let result = try fixture.run(["check"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("no problems found"))
        #expect(!FileManager.default.fileExists(atPath: fixture.output))
    }

    @Test func aBrokenLinkInANote() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Content/notes/2026/links.md",
            "---\ntitle: 链接\ndate: 2026-05-01\n---\n见[2035年](../../2035/)和[十月](../../2026/10/#nope)。\n")
        let result = try fixture.run(["check"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                #"Content/notes/2026/links.md:5:10: error: the link "../../2035/" on 2026/05/index.html and 1 more pages points at nothing in the site"#
            ), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                #"Content/notes/2026/links.md:5:28: error: the link "../../2026/10/#nope" on 2026/05/index.html and 1 more pages names #nope, which 2026/10/index.html does not have"#
            ))
        #expect(result.stderr.contains("error: 2 problems in the content."))
    }

    @Test func aBrokenLinkInATemplateIsReportedOnce() throws {
        let fixture = try Fixture()
        let year = fixture.read("Templates/year.mustache")!
        try fixture.write(
            "Templates/year.mustache", year.replacingOccurrences(of: "<h1>", with: #"<a href="{{root}}archive/">archive</a><h1>"#)
        )
        let result = try fixture.run(["check"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(#"the link "../archive/" on 2008/index.html and 3 more pages points at nothing in the site"#),
            "\(result.stderr)")
    }

    /// `check` finds what `build` finds (a quarter of the catalogue's content cases, run in
    /// process: the catalogue runs every case through the command line) and writes nothing.
    @Test(arguments: BadInputCatalogue.contentCases.enumerated().filter { $0.offset % 4 == 0 }.map(\.element))
    func failsOnEveryBadInput(_ bad: BadInputCatalogue.Case) throws {
        let site = try MiniSite.copy()
        defer { site.remove() }
        try site.apply(bad.changes, manifestEdits: bad.description)
        let before = Fixture.fingerprint(site.output)
        let options = Fixture.options(root: site.root)
        let thrown = #expect(throws: ContentErrors.self) { try SiteBuilder(options: options).check() }
        let found = (thrown?.diagnostics ?? []).flatMap { [$0.formatted] + ($0.fix.map { ["fix: " + $0] } ?? []) }
        for text in bad.expected {
            #expect(found.contains { $0.contains(text) }, "found: \(found)")
        }
        #expect(Fixture.differences(before, Fixture.fingerprint(site.output)).isEmpty)
    }
}
