import Testing

@testable import CalgenLoad
@testable import CalgenSupport

/// A folder's key stands for its files only when every entry is a file or folder whose stamp
/// has settled.
@Suite struct FolderKeyTests {
    let now: Int64 = 1_800_000_000

    func entry(_ path: String, _ kind: SourceEntry.Kind = .file, changed: Int64) -> SourceEntry {
        SourceEntry(
            path: path, kind: kind, size: 10, links: 1, stamp: [1, 2, 10, changed * 1_000_000_000, changed * 1_000_000_000])
    }

    @Test func settledFilesAndFoldersGiveAKey() {
        let entries = [entry("users", .folder, changed: now - 10), entry("users/a.yml", changed: now - 10)]
        #expect(FolderKey(entries, dependencies: "Asia/Shanghai", now: now) != nil)
        #expect(
            FolderKey(entries, dependencies: "Asia/Shanghai", now: now)
                != FolderKey(entries, dependencies: "Europe/Berlin", now: now))
        #expect(FolderKey([], dependencies: "", now: now) != nil)
    }

    @Test func aRecentChangeALinkOrAnEntryWithoutStampGiveNone() {
        let settled = entry("users/a.yml", changed: now - 10)
        #expect(FolderKey([settled, entry("users/b.yml", changed: now)], dependencies: "", now: now) == nil)
        #expect(FolderKey([settled, entry("users/c.yml", .link, changed: now - 10)], dependencies: "", now: now) == nil)
        #expect(FolderKey([settled, entry("users/d", .fifo, changed: now - 10)], dependencies: "", now: now) == nil)
        #expect(FolderKey([SourceEntry(path: "users/e.yml", kind: .file, size: 1, links: 1)], dependencies: "", now: now) == nil)
    }
}
