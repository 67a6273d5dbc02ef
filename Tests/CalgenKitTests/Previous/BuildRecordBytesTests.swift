import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenRecord

/// The record's bytes answer a build's first look without parsing the rest: the head the whole
/// record reads, and whether the output still shows every recorded stamp.
@Suite struct BuildRecordBytesTests {
    /// The record of the files `paths` (and their folders) as they are now below `root`.
    static func recorded(_ paths: [String], under root: String) throws -> BuildRecord {
        let stamps = try #require(BuildRecord.stamps(of: paths, under: root))
        var record = BuildRecord()
        for (path, stamp) in stamps.files { record.artifacts[path] = .init(stamp: stamp, sha256: nil) }
        record.folders = stamps.folders
        return record
    }

    @Test func theHeadIsWhatTheWholeRecordReads() throws {
        let record = BuildRecordTests.sample
        let head = try #require(BuildRecordBytes(bytes: Array(record.text.utf8)).head)
        #expect(head.inputsDigest == record.inputsDigest)
        #expect(head.report == record.report)
        #expect(head.inputs == record.inputs)
        #expect(head.artifacts.isEmpty && head.folders.isEmpty && head.subscribers.entries.isEmpty)
        // A damaged line of the head's kinds is no head; one of another kind is the parse's to judge.
        let badInput = record.text.replacingOccurrences(of: "\t1 2 3 4 5\t", with: "\t1 2 x 4 5\t")
        #expect(BuildRecordBytes(bytes: Array(badInput.utf8)).head == nil)
        let badFile = record.text.replacingOccurrences(of: "file\tindex.html\t1 7 10 99", with: "file\tindex.html\t1 7 ten 99")
        #expect(BuildRecord.parse(Array(badFile.utf8)) == nil)
        #expect(BuildRecordBytes(bytes: Array(badFile.utf8)).head == head)
        #expect(BuildRecordBytes(bytes: Array("calgen-record 2\n".utf8)).head == nil)
        #expect(BuildRecordBytes(bytes: []).head == nil)
    }

    /// Step by step, in folders three deep and with a record long enough to be checked in
    /// several parts, every change to the output is noticed.
    @Test func everyChangeToTheOutputIsNoticedInEveryPart() throws {
        let fixture = try Fixture(.mini)
        let root = fixture.root.appendingPathComponent("out").path
        var paths = ["a.txt"]
        for folder in 0..<70 {
            for file in 0..<40 { paths.append("f\(folder)/g\(folder % 3)/file-\(file).txt") }
        }
        for path in paths { try fixture.write("out/" + path, path) }
        func agree(_ record: BuildRecord, _ expected: Bool, _ comment: Comment) {
            #expect(BuildRecordTests.shows(record, root) == expected, comment)
        }
        let record = try Self.recorded(paths, under: root)
        #expect(record.text.utf8.count > 2 << 16)
        agree(record, true, "as built")
        try fixture.write("out/f69/g0/extra.txt", "new")
        agree(record, false, "a file added deep down")
        try FileManager.default.removeItem(atPath: root + "/f69/g0/extra.txt")
        let again = try Self.recorded(paths, under: root)
        agree(again, true, "the file gone again")
        usleep(20_000)
        let handle = try #require(FileHandle(forWritingAtPath: root + "/f20/g2/file-7.txt"))
        try handle.write(contentsOf: Data("x".utf8))
        try handle.close()
        agree(again, false, "a file rewritten in place")
        let third = try Self.recorded(paths, under: root)
        try FileManager.default.removeItem(atPath: root + "/f0/g0/file-0.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/f0/g0/file-0.txt", withDestinationPath: "../g0/file-1.txt")
        agree(third, false, "a file replaced by a link")
        agree(BuildRecord(), false, "no record")
        var foldersOnly = third
        foldersOnly.artifacts = [:]
        agree(foldersOnly, false, "no file recorded")
    }

    /// Bytes no build writes are no answer: a path with a NUL byte, a damaged stamp, no header.
    @Test func bytesNoBuildWritesSayChanged() throws {
        let fixture = try Fixture(.mini)
        let root = fixture.root.appendingPathComponent("out").path
        try fixture.write("out/a.txt", "one")
        let text = try Self.recorded(["a.txt"], under: root).text
        #expect(BuildRecordBytes(bytes: Array(text.utf8)).outputIsUnchanged(root: root))
        for damaged in [
            text.replacingOccurrences(of: "file\ta.txt", with: "file\ta.txt\u{0}"),
            text.replacingOccurrences(of: "calgen-record 1\n", with: ""),
            text.replacingOccurrences(of: "\t-\t-\n", with: "\t-\n"),
            text.replacingOccurrences(of: "folder\t.\t", with: "folder\t.\tx"),
        ] {
            #expect(!BuildRecordBytes(bytes: Array(damaged.utf8)).outputIsUnchanged(root: root))
        }
    }
}

extension BuildRecord {
    /// The stamps of `paths` (files) and of every folder they lie in below `root`, as a build
    /// records them; `nil` when one cannot be examined.
    static func stamps(of paths: [String], under root: String) -> (files: [String: Stamp], folders: [String: Stamp])? {
        guard let stamps = fileStamps(of: paths, under: root, known: paths.map { _ in nil }),
            let folders = folderStamps(of: paths, under: root)
        else { return nil }
        return (Dictionary(uniqueKeysWithValues: zip(paths, stamps)), folders)
    }
}
