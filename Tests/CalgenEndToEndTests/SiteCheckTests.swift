import CalgenCore
import CalgenKit
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// `SiteBuilder.check()` (what `calgen check` runs): everything a build validates, plus links,
/// without writing.
@Suite(.endToEnd) struct SiteCheckTests {
    /// Every problem `check()` finds in the fixture, formatted, with the fix lines.
    static func problems(_ fixture: borrowing Fixture) -> [String] {
        let options = fixture.options()
        let thrown = #expect(throws: ContentErrors.self) { try SiteBuilder(options: options).check() }
        return (thrown?.diagnostics ?? []).flatMap { [$0.formatted] + ($0.fix.map { ["fix: " + $0] } ?? []) }
    }

    @Test func passesOnAGoodSiteAndWritesNothing() throws {
        let fixture = try Fixture()
        let report = try SiteBuilder(options: fixture.options()).check()
        #expect(report.warnings.isEmpty && report.pages == 224)
        #expect(!FileManager.default.fileExists(atPath: fixture.output))
    }

    @Test func aBrokenLinkInANote() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Content/notes/2026/links.md",
            "---\ntitle: 链接\ndate: 2026-05-01\n---\n见[2035年](../../2035/)和[十月](../../2026/10/#nope)。\n")
        let found = Self.problems(fixture)
        #expect(
            found.contains {
                $0.hasSuffix(
                    #"Content/notes/2026/links.md:5:10: error: the link "../../2035/" on 2026/05/index.html and 1 more pages points at nothing in the site"#
                )
            }, "\(found)")
        #expect(
            found.contains {
                $0.hasSuffix(
                    #"Content/notes/2026/links.md:5:28: error: the link "../../2026/10/#nope" on 2026/05/index.html and 1 more pages names #nope, which 2026/10/index.html does not have"#
                )
            }, "\(found)")
        #expect(found.filter { !$0.hasPrefix("fix: ") }.count == 2, "\(found)")
    }

    @Test func aBrokenLinkInATemplateIsReportedOnce() throws {
        let fixture = try Fixture()
        let year = fixture.read("Templates/year.mustache")!
        try fixture.write(
            "Templates/year.mustache", year.replacingOccurrences(of: "<h1>", with: #"<a href="{{root}}archive/">archive</a><h1>"#)
        )
        let found = Self.problems(fixture).filter { !$0.hasPrefix("fix: ") }
        #expect(
            found.count == 1
                && found[0].contains(#"the link "../archive/" on 2008/index.html and 3 more pages points at nothing in the site"#),
            "\(found)")
    }

    /// `check` finds what `build` finds (a quarter of the catalogue's content cases, in process:
    /// the catalogue runs every case through the command line) and writes nothing.
    @Test(arguments: BadInputCases.contentCases.enumerated().filter { $0.offset % 4 == 0 }.map(\.element))
    func failsOnEveryBadInput(_ bad: BadInputCases.Case) throws {
        let fixture = try Fixture(.mini)
        try BadInputCases.apply(bad.changes, in: fixture.root)
        let found = Self.problems(fixture)
        for text in bad.expected {
            #expect(found.contains { $0.contains(text) }, "found: \(found)")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.output))
    }
}
