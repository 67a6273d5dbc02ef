import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenKit

/// The site `calgen serve` keeps in memory: pages rendered on request are the bytes a build
/// writes, a reload parses only the files that changed, broken content keeps the last good
/// generation, and nothing older than the content is answered from the output.
@Suite struct ResidentSiteTests {
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

    @Test func aReloadParsesOnlyTheFilesThatChanged() throws {
        let fixture = try Fixture()
        let resident = ResidentSite(options: fixture.options())
        try resident.reload()
        let parsedFirst = resident.cache.parses
        #expect(parsedFirst > 3)
        try resident.reload()
        #expect(resident.cache.parses == parsedFirst)
        let note = "Content/notes/2026/year-end-party.md"
        try fixture.write(note, fixture.read(note)!.replacingOccurrences(of: "一楼大厅", with: "三楼会议室"))
        #expect(try resident.reload().generation == 3)
        #expect(resident.cache.parses == parsedFirst + 1)
        let page = try #require(resident.file("notes/year-end-party/index.html", timeout: 0))
        #expect(String(decoding: page, as: UTF8.self).contains("三楼会议室"))
    }

    @Test func brokenContentKeepsTheLastGoodGeneration() throws {
        let fixture = try Fixture()
        let resident = ResidentSite(options: fixture.options())
        try resident.reload()
        let page = resident.file("index.html", timeout: 0)
        try fixture.write("Content/notes/broken.md", "---\ntitle: 坏\ndate: 2026-02-30\n---\n")
        #expect(throws: ContentErrors.self) { try resident.reload() }
        #expect(resident.generation == 1 && page != nil && resident.file("index.html", timeout: 0) == page)
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

/// The parse cache reads a file again only when its settled `lstat` changed, and parses it again
/// only when its bytes or what its parse depends on changed.
@Suite struct ParseCacheTests {
    @Test func readsAndParsesOnlyChangedFiles() throws {
        let fixture = try Fixture()
        let path = fixture.root.appendingPathComponent("a.txt").path
        try fixture.write("a.txt", "one")
        let cache = ParseCache()
        // Examined as if long after the file's last change, so its stamp is trusted.
        let later = Int64(Date().timeIntervalSince1970) + 60
        func load(_ dependencies: String = "", now: Int64 = later) throws -> String {
            var info = stat()
            let stamp = lstat(path, &info) == 0 ? FileStamp.settled(FileStamp.of(info), now: now) : nil
            return try cache.parsed(
                path, stamp: stamp, dependencies: dependencies,
                source: { () throws(ContentErrors) in
                    try FileReader.readSource(path, root: fixture.root.path, limit: 100)
                }, parse: { $0.uppercased() }
            ).value
        }
        #expect(try load() == "ONE" && cache.reads == 1 && cache.parses == 1)
        #expect(try load() == "ONE" && cache.reads == 1 && cache.parses == 1)
        // A file changed within the last two seconds is always read again, never parsed again
        // while its bytes are the same.
        #expect(try load(now: Int64(Date().timeIntervalSince1970)) == "ONE" && cache.reads == 2 && cache.parses == 1)
        #expect(try load("other schedules") == "ONE" && cache.reads == 3 && cache.parses == 2)
        try fixture.write("a.txt", "two")
        #expect(try load("other schedules") == "TWO" && cache.reads == 4 && cache.parses == 3)
    }
}
