import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenKit

/// The site `calgen serve` keeps in memory against whole builds of the small site: pages rendered
/// on request are the bytes a build writes, and nothing older than the content is answered from
/// the output. (Reloads: `ResidentSiteTests`.)
@Suite(.endToEnd) struct ResidentSiteBuildTests {
    @Test func pagesRenderedOnRequestAreTheBuildsBytes() throws {
        let fixture = try Fixture()
        let resident = ResidentSite(options: fixture.options())
        #expect(try resident.reload().generation == 1)
        let built = try SmallSite.get()
        var rendered = 0
        for (path, bytes) in built.files.sorted(by: { $0.key < $1.key }) {
            guard let served = resident.file(path, timeout: 0) else { continue }
            #expect(Data(served) == bytes, "\(path) differs from the build's")
            rendered += 1
        }
        // Every page but the changes page (its news need the previous output) is rendered on
        // request, with the assets, robots.txt and _headers; the rest comes from the output.
        let fromOutput = Set(built.files.keys).subtracting(
            built.files.keys.filter { resident.file($0, timeout: 0) != nil })
        #expect(fromOutput.filter { $0.hasSuffix(".html") } == ["changes/index.html"])
        #expect(fromOutput.isSuperset(of: ["manifest.json", "sitemap.xml", "changes.xml", "feeds/holidays.ics"]))
        #expect(rendered == built.files.count - fromOutput.count && rendered > 200)
        #expect(resident.isFolder("2026") && resident.isFolder("") && !resident.isFolder("2026/index.html", timeout: 0))
    }

    @Test func theOutputIsAnsweredOnlyOnceItHoldsTheCurrentGeneration() throws {
        let fixture = try Fixture()
        let resident = ResidentSite(options: fixture.options())
        try resident.reload()
        #expect(resident.file("feeds/holidays.ics", timeout: 0) == nil)
        #expect(try resident.buildOutput() != nil)
        #expect(try resident.buildOutput() == nil)
        let text = { (path: String) in resident.file(path, timeout: 0).map { String(decoding: $0, as: UTF8.self) } }
        #expect(text("feeds/holidays.ics")?.hasPrefix("BEGIN:VCALENDAR") == true)
        #expect(text("sitemap.xml")?.contains("/notes/new/") == false)
        try fixture.write("Content/notes/2026/new.md", "---\ntitle: 新记事\ndate: 2026-03-03\n---\n正文\n")
        try resident.reload()
        // The output still holds the first generation: its files wait for the build of this one.
        #expect(resident.file("sitemap.xml", timeout: 0.05) == nil)
        #expect(text("notes/new/index.html")?.contains("新记事") == true)
        #expect(try resident.buildOutput() != nil)
        #expect(text("sitemap.xml")?.contains("/notes/new/") == true)
    }
}
