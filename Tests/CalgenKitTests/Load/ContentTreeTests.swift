import CalgenCore
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenLoad
@testable import CalgenSupport

/// The content is read through one seam: the same files in memory load into the same site as on
/// disk, and what is wrong with a file is told the same way.
@Suite struct ContentTreeTests {
    /// Every file of the bundled content, read through the disk tree into a tree in memory.
    static let bundled: MemorySourceTree = {
        let disk = DiskSourceTree(root: Fixture.repositoryRoot.appendingPathComponent("Content").path)
        var files = [String: [UInt8]]()
        for entry in try! disk.entries() where entry.kind == .file {
            files[entry.path] = try! disk.read(entry.path, limit: 1 << 24)
        }
        return MemorySourceTree(root: disk.root, files: files)
    }()

    @Test func theBundledContentLoadsTheSameFromMemory() throws {
        let (memory, memorySources) = try ContentLoader(tree: Self.bundled).loadWithSources()
        let (disk, diskSources) = try ContentLoader(contentDirectory: Self.bundled.root).loadWithSources()
        #expect(memory.notes == disk.notes)
        #expect(memory.subscribers == disk.subscribers)
        #expect(memory.schedules.map(\.id) == disk.schedules.map(\.id))
        #expect(memory.holidaySources == disk.holidaySources)
        #expect(memorySources.notes == diskSources.notes && memorySources.subscribers == diskSources.subscribers)
        #expect(memorySources.config == diskSources.config && memorySources.schedules == diskSources.schedules)
        #expect(!memory.notes.isEmpty && !memory.subscribers.isEmpty)
    }

    @Test func whatIsWrongWithAFileIsToldWithItsPlace() throws {
        var tree = Self.bundled
        tree.others["users/pipe.yml"] = SourceEntry(path: "users/pipe.yml", kind: .fifo, size: 0, links: 1)
        tree.others["notes/old"] = SourceEntry(path: "notes/old", kind: .link, size: 4, links: 1, target: .folder)
        tree.files["notes/huge.md"] = Array(repeating: UInt8(ascii: "a"), count: Limits.noteFileBytes + 1)
        tree.files["users/gbk.yml"] = [0xD5, 0xC5, 0xC8, 0xFD]
        let root = tree.root
        do {
            _ = try ContentLoader(tree: tree).load()
            Issue.record("the content loaded")
        } catch {
            let messages = error.diagnostics.map { "\($0.file): \($0.message)" }
            #expect(messages.contains("\(root)/users/pipe.yml: not a regular file"), "\(messages)")
            #expect(
                messages.contains("\(root)/notes/old: is a symbolic link to a folder, which calgen does not follow"),
                "\(messages)")
            #expect(
                messages.contains(
                    "\(root)/notes/huge.md: the file has \(Limits.noteFileBytes + 1) bytes; the limit for this kind of file is \(Limits.noteFileBytes)"
                ), "\(messages)")
            #expect(messages.contains("\(root)/users/gbk.yml: the file is not valid UTF-8"), "\(messages)")
        }
    }
}
