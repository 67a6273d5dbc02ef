import Foundation
import Testing

@testable import CalgenPublish
@testable import CalgenSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tree read from its listings alone names every file with the identity `lstat` gives it,
/// every folder, and every link or pipe apart; where listings cannot be trusted there is none.
@Suite struct DirectoryListingTests {
    /// Where the tests make trees: the temporary folder, and a memory file system when there is one.
    static let places = [NSTemporaryDirectory(), "/dev/shm/"].filter { FileManager.default.fileExists(atPath: $0) }

    @Test(arguments: places) func aListingIsWhatLstatSays(place: String) throws {
        let root = place + "calgen-listing-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        var paths = [String]()
        for a in 0..<3 {
            for b in 0..<4 {
                for c in 0..<5 { paths.append("a\(a)/b\(b)/c\(c).txt") }
            }
            paths.append("a\(a)/top.txt")
        }
        paths.append("root.txt")
        for path in paths {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: url)
        }
        #expect(symlink(root + "/root.txt", root + "/a1/b2/link.txt") == 0)
        #expect(mkfifo(root + "/a2/pipe", 0o600) == 0)
        #expect(link(root + "/root.txt", root + "/a0/b0/hard.txt") == 0)
        paths.append("a0/b0/hard.txt")
        // Not a file system whose listings give inodes: the walk takes the tree instead.
        guard let listing = DirectoryListing.read(root) else { return }
        #expect(Set(listing.files.keys) == Set(paths))
        for path in paths {
            var info = stat()
            #expect(lstat(root + "/" + path, &info) == 0)
            #expect(listing.files[path] == RecycledTree.Identity(info), "\(path)")
        }
        #expect(Set(listing.others) == ["a1/b2/link.txt", "a2/pipe"])
        let folders = (0..<3).flatMap { a in ["a\(a)"] + (0..<4).map { "a\(a)/b\($0)" } }
        #expect(Set(listing.folders) == Set(folders) && listing.folders.count == folders.count)
        // Parents first.
        for (i, folder) in listing.folders.enumerated() where folder.contains("/") {
            let parent = String(folder[..<folder.lastIndex(of: "/")!])
            #expect(listing.folders[..<i].contains(parent))
        }
        // Taken as a staging tree, the link and the pipe are gone and the files are the listing's.
        let tree = try #require(RecycledTree.take(root))
        #expect(tree.files == listing.files)
        var info = stat()
        #expect(lstat(root + "/a1/b2/link.txt", &info) != 0 && lstat(root + "/a2/pipe", &info) != 0)
    }

    /// The folders sorted files lie in, with and without those above them.
    @Test func foldersOfSortedPaths() {
        let paths = ["a/b/c/1", "a/b/c/2", "a/b/d/3", "a/e", "f/g/h", "top"]
        #expect(FolderNames.of(paths, withParents: false) == ["a/b/c", "a/b/d", "a", "f/g"])
        #expect(
            FolderNames.of(paths, withParents: true) == ["a/b/c", "a/b", "a", "a/b/d", "f/g", "f"])
    }
}
