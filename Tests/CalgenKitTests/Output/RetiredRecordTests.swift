import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenPublish
@testable import CalgenRecord
@testable import CalgenSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The record of a retired output lists that tree, its files with their inodes, only while the
/// tree shows every recorded folder stamp: an entry added, removed or replaced anywhere, or
/// another tree, lists nothing.
@Suite struct RetiredRecordTests {
    @Test func aRetiredTreeIsListedOnlyWhileItShowsItsRecord() throws {
        let fixture = try Fixture(.mini)
        let root = fixture.root.appendingPathComponent("old").path
        var paths = ["index.html"]
        for folder in 0..<60 {
            for file in 0..<30 { paths.append("feeds/t\(folder)/f\(file % 3)/file-\(file).ics") }
        }
        for path in paths { try fixture.write("old/" + path, path) }
        paths.sort()
        let record = try BuildRecordBytesTests.recorded(paths, under: root)
        let bytes = BuildRecordBytes(bytes: Array(record.text.utf8))
        #expect(bytes.bytes.count > 2 << 16, "checked in several parts")
        let listing = try #require(bytes.listing(shownBy: root))
        // The walk's answer, from every entry's `lstat`.
        let walked = try #require(FileTree.entries(under: root))
        let identities = walked.files.map { ($0.path, RecycledTree.Identity($0.status)) }
        #expect(listing.files == Dictionary(uniqueKeysWithValues: identities))
        #expect(Set(listing.folders) == Set(walked.folders) && listing.folders.count == walked.folders.count)

        // Taken as a staging tree through the record beside its output.
        let output = fixture.root.appendingPathComponent("public").path
        try Data(bytes.bytes).write(to: URL(fileURLWithPath: RetiredRecord.path(forOutput: output)))
        #expect(RecycledTree.take(root, output: output)?.files == listing.files)

        // Anything added, removed or replaced in any folder: no listing.
        try fixture.write("old/feeds/t59/f2/extra.ics", "x")
        #expect(bytes.listing(shownBy: root) == nil)
        try FileManager.default.removeItem(atPath: root + "/feeds/t59/f2/extra.ics")
        let again = BuildRecordBytes(bytes: Array(try BuildRecordBytesTests.recorded(paths, under: root).text.utf8))
        #expect(again.listing(shownBy: root) != nil)
        usleep(20_000)
        #expect(unlink(root + "/feeds/t3/f1/file-4.ics") == 0)
        #expect(symlink("/etc/passwd", root + "/feeds/t3/f1/file-4.ics") == 0)
        #expect(again.listing(shownBy: root) == nil, "a file replaced by a link")
        // Taking the tree then walks it, and the link goes.
        let taken = try #require(RecycledTree.take(root, output: output))
        #expect(taken.files["feeds/t3/f1/file-4.ics"] == nil)
        var info = stat()
        #expect(lstat(root + "/feeds/t3/f1/file-4.ics", &info) != 0)

        // Another tree of the same paths is not the recorded one.
        let other = fixture.root.appendingPathComponent("other").path
        for path in paths { try fixture.write("other/" + path, path) }
        #expect(again.listing(shownBy: other) == nil)
        // Damaged lines list nothing.
        let damaged = record.text.replacingOccurrences(of: "folder\tfeeds\t", with: "folder\tfeeds\tx")
        #expect(BuildRecordBytes(bytes: Array(damaged.utf8)).listing(shownBy: root) == nil)
        #expect(BuildRecordBytes(bytes: []).listing(shownBy: root) == nil)
    }
}
