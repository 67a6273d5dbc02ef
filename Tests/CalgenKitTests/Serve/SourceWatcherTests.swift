import Foundation
import Testing

@testable import CalgenServe

/// The kernel tells serve of a change below its folders at once, folders made later included;
/// where it cannot (no `inotify`), there is no watcher and serve polls.
@Suite struct SourceWatcherTests {
    @Test func toldOfEveryKindOfChangeAndOfNothingElse() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("calgen-watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/notes/2026", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #if canImport(Glibc)
            let watcher = try #require(SourceWatcher(roots: [root]))
            #expect(!watcher.wait(timeout: 0.05, quiet: 0.01))
            #expect(watcher.takeChanges() == [])
            try Data("a".utf8).write(to: URL(fileURLWithPath: root + "/notes/2026/a.md"))
            #expect(watcher.wait(timeout: 2, quiet: 0.02))
            #expect(watcher.takeChanges() == [root + "/notes/2026"])
            #expect(!watcher.wait(timeout: 0.05, quiet: 0.01))
            #expect(watcher.takeChanges() == [])
            // A folder made after the watcher started is watched too.
            try FileManager.default.createDirectory(atPath: root + "/notes/2027", withIntermediateDirectories: true)
            #expect(watcher.wait(timeout: 2, quiet: 0.02))
            #expect(watcher.takeChanges() == [root + "/notes"])
            try Data("b".utf8).write(to: URL(fileURLWithPath: root + "/notes/2027/b.md"))
            #expect(watcher.wait(timeout: 2, quiet: 0.02))
            #expect(watcher.takeChanges() == [root + "/notes/2027"])
            try FileManager.default.moveItem(atPath: root + "/notes/2027/b.md", toPath: root + "/notes/2026/b.md")
            #expect(watcher.wait(timeout: 2, quiet: 0.02))
            #expect(watcher.takeChanges() == [root + "/notes/2026", root + "/notes/2027"])
            try FileManager.default.removeItem(atPath: root + "/notes/2026/a.md")
            #expect(watcher.wait(timeout: 2, quiet: 0.02))
            #expect(watcher.takeChanges() == [root + "/notes/2026"])
        #else
            #expect(SourceWatcher(roots: [root]) == nil)
        #endif
    }
}
