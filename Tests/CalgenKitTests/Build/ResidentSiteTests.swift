import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenKit
@testable import CalgenLoad
@testable import CalgenRender
@testable import CalgenSupport

/// The site `calgen serve` keeps in memory: a reload parses only the files that changed, and
/// broken content keeps the last good generation. (Its pages against a whole build's bytes, and
/// its output: `ResidentSiteBuildTests`, end to end.)
@Suite struct ResidentSiteTests {

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

    /// A folder none of whose files changed is read from memory, without looking at its files,
    /// and what is made from the subscribers alone is kept while their files are the same.
    @Test func aFolderWhoseFilesAreUnchangedIsNotLookedAt() throws {
        let fixture = try Fixture()
        // A clock a minute ahead: the files the fixture just wrote count as settled.
        let cache = ParseCache(now: { Int64(Date().timeIntervalSince1970) + 60 })
        let resident = ResidentSite(options: fixture.options(), cache: cache)
        try resident.reload()
        let (looked, read, parsed) = (cache.lookups, cache.reads, cache.parses)
        let notes = try #require(FileManager.default.subpaths(atPath: fixture.content + "/notes")).filter {
            $0.hasSuffix(".md")
        }
        #expect(looked >= notes.count + 6 && read == looked && parsed == looked)
        try resident.reload()
        #expect(cache.lookups == looked)
        // A note saved: every note is looked up (one read and parsed), no subscriber.
        let note = "Content/notes/2026/year-end-party.md"
        try fixture.write(note, fixture.read(note)!.replacingOccurrences(of: "一楼大厅", with: "三楼会议室"))
        try resident.reload()
        #expect(cache.lookups == looked + notes.count && cache.reads == read + 1 && cache.parses == parsed + 1)
        // A subscriber saved: their feed's page shows it.
        let user = "Content/users/zhang-san.yml"
        try fixture.write(user, fixture.read(user)!.replacingOccurrences(of: "name: 张三", with: "name: 张三丰"))
        #expect(try resident.reload().generation == 4)
        #expect(cache.reads == read + 2 && cache.parses == parsed + 2)
        let summary = try #require(
            try ContentLoader(contentDirectory: fixture.content).load().subscribers.first { $0.id == "zhang-san" })
        let feed = FeedPath.personal(summary.summary, secret: fixture.options().feedSecret)
        let page = try #require(resident.file(PrivateFeedPage.folder(ofFeed: feed) + PagePath.index, timeout: 0))
        #expect(String(decoding: page, as: UTF8.self).contains("张三丰"))
    }

    /// Told which folders changed (as `calgen serve`'s watcher tells it), a reload lists only
    /// those and the folders below them again; not told, it lists every folder.
    @Test func aReloadToldWhereListsOnlyThoseFolders() throws {
        let fixture = try Fixture()
        let cache = ParseCache(now: { Int64(Date().timeIntervalSince1970) + 60 })
        let resident = ResidentSite(options: fixture.options(), cache: cache)
        try resident.reload()
        let listed = cache.listings.folderListings
        try resident.reload(changed: [])
        #expect(cache.listings.folderListings == listed)
        let note = "Content/notes/2026/year-end-party.md"
        try fixture.write(note, fixture.read(note)!.replacingOccurrences(of: "一楼大厅", with: "三楼会议室"))
        try resident.reload(changed: [fixture.content + "/notes/2026", fixture.templates])
        #expect(cache.listings.folderListings == listed + 1)
        let page = try #require(resident.file("notes/year-end-party/index.html", timeout: 0))
        #expect(String(decoding: page, as: UTF8.self).contains("三楼会议室"))
        // A folder made below a folder told of is listed, though it was not named.
        try fixture.write("Content/notes/2030/new-office.md", "---\ntitle: 新办公室\ndate: 2026-12-01\n---\n搬家。\n")
        try resident.reload(changed: [fixture.content + "/notes"])
        #expect(cache.listings.folderListings == listed + 1 + 4)
        #expect(resident.file("notes/new-office/index.html", timeout: 0) != nil)
        try resident.reload()
        #expect(cache.listings.folderListings == listed + 1 + 4 + listed + 1)
    }

    /// A change the watcher did not tell shows as a kept listing that is no longer its folder's,
    /// and the output build lists the folders from the disk whatever the reloads kept.
    @Test func aChangeNobodyToldIsFoundAndTheOutputBuildListsTheDisk() throws {
        let fixture = try Fixture()
        let cache = ParseCache(now: { Int64(Date().timeIntervalSince1970) + 60 })
        let resident = ResidentSite(options: fixture.options(), cache: cache)
        try resident.reload()
        #expect(resident.rememberedListingsAreCurrent())
        let note = "Content/notes/2026/year-end-party.md"
        try fixture.write(note, fixture.read(note)!.replacingOccurrences(of: "一楼大厅", with: "三楼会议室"))
        try resident.reload(changed: [])
        #expect(!resident.rememberedListingsAreCurrent())
        let built = try #require(try resident.buildOutput())
        #expect(built.pages > 0)
        #expect(fixture.read("public/notes/year-end-party/index.html")?.contains("三楼会议室") == true)
        try resident.reload()
        #expect(resident.rememberedListingsAreCurrent())
        let page = try #require(resident.file("notes/year-end-party/index.html", timeout: 0))
        #expect(String(decoding: page, as: UTF8.self).contains("三楼会议室"))
    }

    /// The audience check's warnings follow the notes' audiences from reload to reload.
    @Test func audienceWarningsFollowTheNotes() throws {
        let fixture = try Fixture()
        let resident = ResidentSite(options: fixture.options())
        try resident.reload()
        #expect(resident.warnings.isEmpty)
        let note = "Content/notes/2026/team-typo.md"
        let text = "---\ntitle: 团建\ndate: 2026-12-01\naudience: [team-b]\n---\n"
        try fixture.write(note, text + "第一版。\n")
        try resident.reload()
        #expect(resident.warnings.count == 1 && resident.warnings[0].message.contains("\"team-b\""))
        try fixture.write(note, text + "第二版。\n")
        try resident.reload()
        #expect(resident.warnings.count == 1 && resident.warnings[0].file.hasSuffix("team-typo.md"))
        try fixture.write(note, text.replacingOccurrences(of: "team-b", with: "team-a"))
        try resident.reload()
        #expect(resident.warnings.isEmpty)
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
