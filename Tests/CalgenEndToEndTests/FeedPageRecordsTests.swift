import CalgenTestSupport
import Foundation
import Testing

/// The page beside each personal feed is rendered again only when what it is made from changed:
/// the build's record beside the output (`.public.calgen-record`) keeps from what each was made.
@Suite(.endToEnd) struct FeedPageRecordsTests {
    @Test func aPageIsRenderedAgainOnlyWhenItsInputsChanged() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build", "--quiet"]).status == 0)
        let record = fixture.read(".public.calgen-record") ?? ""
        let keyed = record.split(separator: "\n").filter { $0.hasPrefix("file\t") && !$0.hasSuffix("\t-") }
        // Each page and each personal feed's manifest, by what they were made from.
        #expect(record.hasPrefix("calgen-record 1\n") && keyed.count == 12, "\(keyed)")
        #expect(keyed.filter { $0.split(separator: "\t")[1].hasSuffix("/index.html") }.count == 6)
        let pages = Fixture.snapshot(fixture.output).keys.filter {
            $0.hasPrefix("feeds/") && $0.hasSuffix("/index.html") && $0.split(separator: "/").count == 3
        }
        #expect(pages.count == 6)
        // A note for nobody's feed: no page beside a personal feed is written again.
        let before = Fixture.fingerprint(fixture.output)
        try fixture.write(
            "Content/notes/2026/extra.md", "---\ntitle: Extra\ndate: 2026-12-01\naudience: [team-nobody]\n---\nText.\n")
        #expect(try fixture.run(["build", "--quiet"]).status == 0)
        let after = Fixture.fingerprint(fixture.output)
        #expect(pages.allSatisfy { before[$0] == after[$0] })
        // The template they are made from edited: every one shows it.
        let template = fixture.read("Templates/subscribe.mustache") ?? ""
        try fixture.write(
            "Templates/subscribe.mustache", template.replacingOccurrences(of: "{{$main}}\n", with: "{{$main}}\n<p>新的一行</p>\n"))
        #expect(try fixture.run(["build", "--quiet"]).status == 0)
        #expect(pages.allSatisfy { fixture.read("public/" + $0)?.contains("<p>新的一行</p>") == true })
        // A page changed by hand in the output is not trusted: the next build writes it again.
        let page = pages.sorted()[0]
        let original = fixture.read("public/" + page) ?? ""
        try fixture.write("public/" + page, original.replacingOccurrences(of: "新的一行", with: "改过的行"))
        try fixture.write(
            "Content/notes/2026/extra.md", "---\ntitle: Extra 2\ndate: 2026-12-01\naudience: [team-nobody]\n---\nText.\n")
        #expect(try fixture.run(["build", "--quiet"]).status == 0)
        #expect(fixture.read("public/" + page) == original)
    }
}
