import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way in: a tree on disk lists and reads below its root and never outside it, and a
/// tree in memory answers the same questions the same way.
@Suite struct SourceTreeTests {
    /// A folder with a file, a link to a file inside, a link to a file outside, a link to a
    /// folder, a named pipe and a hard link to a file outside.
    private func folder(_ fixture: borrowing Fixture) throws -> String {
        let root = fixture.root.appendingPathComponent("tree").path
        try fixture.write("tree/notes/a.md", "a")
        try fixture.write("outside.txt", "secret")
        try fixture.write("tree/shared/site.yml", "title: x")
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: root + "/site.yml", withDestinationPath: "shared/site.yml")
        try fm.createSymbolicLink(atPath: root + "/stolen.yml", withDestinationPath: fixture.root.path + "/outside.txt")
        try fm.createSymbolicLink(atPath: root + "/more", withDestinationPath: "notes")
        #expect(mkfifo(root + "/pipe.yml", 0o644) == 0)
        #expect(link(fixture.root.path + "/outside.txt", root + "/hard.yml") == 0)
        return root
    }

    @Test func aDiskTreeReadsInsideItsRootOnly() throws {
        let fixture = try Fixture(.mini)
        let root = try folder(fixture)
        let tree = DiskSourceTree(root: root, fileLinks: true)
        #expect(try tree.read("notes/a.md", limit: 10) == Array("a".utf8))
        // A link to a file inside is read with `fileLinks`, and refused without.
        #expect(try tree.read("site.yml", limit: 100) == Array("title: x".utf8))
        #expect(throws: SourceTreeError(path: "site.yml", problem: .notFile(.link))) {
            try DiskSourceTree(root: root).read("site.yml", limit: 100)
        }
        let outside = RealPath.of(fixture.root.path + "/outside.txt")!
        #expect(throws: SourceTreeError(path: "stolen.yml", problem: .outside(outside))) {
            try tree.read("stolen.yml", limit: 100)
        }
        // No folder is entered through a link, and only regular files are read.
        #expect(throws: SourceTreeError(path: "more/a.md", problem: .below("more", .link))) {
            try tree.read("more/a.md", limit: 100)
        }
        #expect(throws: SourceTreeError(path: "more", problem: .below("more", .link))) { try tree.list("more") }
        #expect(throws: SourceTreeError(path: "pipe.yml", problem: .notFile(.fifo))) { try tree.read("pipe.yml", limit: 100) }
        #expect(throws: SourceTreeError(path: "hard.yml", problem: .hardLinks(2))) {
            try DiskSourceTree(root: root, singleLink: true).read("hard.yml", limit: 100)
        }
        #expect(throws: SourceTreeError(path: "notes/a.md", problem: .tooLarge(1, limit: 0))) {
            try tree.read("notes/a.md", limit: 0)
        }
        for path in ["../outside.txt", "/etc/hostname", "notes/../site.yml", ""] {
            #expect(throws: SourceTreeError(path: path, problem: .notInside)) { try tree.read(path, limit: 100) }
        }
        #expect(try tree.list("absent") == nil)
        // The listing names each entry's kind, and what a link leads to.
        let entries = try #require(try tree.list(""))
        #expect(entries.map(\.path) == ["hard.yml", "more", "notes", "pipe.yml", "shared", "site.yml", "stolen.yml"])
        #expect(entries.filter(\.isFolderLink).map(\.path) == ["more"])
        #expect(entries.first { $0.path == "site.yml" }?.target == .file)
        #expect(entries.allSatisfy { $0.stamp?.count == 5 })
        #expect(try tree.walk()?.map(\.path).contains("notes/a.md") == true)
    }

    @Test func aMemoryTreeAnswersAsTheDiskDoes() throws {
        var tree = MemorySourceTree(root: "Content", texts: ["notes/2026/a.md": "a", "site.yml": "title: x"])
        tree.others["users/pipe.yml"] = SourceEntry(path: "users/pipe.yml", kind: .fifo, size: 0, links: 1)
        #expect(try tree.list("")?.map(\.path) == ["notes", "site.yml", "users"])
        #expect(try tree.walk("notes")?.map(\.path) == ["notes/2026", "notes/2026/a.md"])
        #expect(try tree.list("users")?.map(\.kind) == [.fifo])
        #expect(try tree.list("absent") == nil)
        #expect(throws: SourceTreeError(path: "site.yml/x", problem: .below("site.yml", .file))) { try tree.list("site.yml/x") }
        #expect(throws: SourceTreeError(path: "users/pipe.yml", problem: .notFile(.fifo))) {
            try tree.read("users/pipe.yml", limit: 10)
        }
        #expect(throws: SourceTreeError(path: "../x", problem: .notInside)) { try tree.read("../x", limit: 10) }
    }
}
