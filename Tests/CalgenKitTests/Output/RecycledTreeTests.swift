import CalgenModel
import Foundation
import Testing

@testable import CalgenPublish

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A reused staging directory never writes into the live output's files, keeps what is already
/// the output's file, and loses everything the plan does not name; the sweep reuses the newest
/// old output and leaves a running build's folders alone.
@Suite struct RecycledTreeTests {
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "calgen-recycled-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: root + "/" + path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Writing a file in the staging directory where a hard link to the output's file lies
    /// replaces the name and leaves the output's file as it was.
    @Test func writingNeverGoesIntoALinkedFile() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("public/a.html", "old")
        try FileManager.default.createDirectory(atPath: root + "/staging", withIntermediateDirectories: true)
        #expect(link(root + "/public/a.html", root + "/staging/a.html") == 0)
        try StagedOutput.writeFile(root + "/staging/a.html", Array("new".utf8))
        #expect(read("public/a.html") == "old")
        #expect(read("staging/a.html") == "new")
    }

    /// Taking a tree removes its symbolic links; applying a plan keeps the output's own files
    /// (same inode), relinks others, and removes what the plan does not name.
    @Test func aReusedTreeIsCleanedAndKeepsTheOutputsFiles() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("public/keep.txt", "kept")
        try write("public/changed.txt", "now")
        try write("public/sub/new.txt", "published")
        try write("public/manifest.json", "{}")
        let staging = root + "/.public.staging-\(getpid())"
        try FileManager.default.createDirectory(atPath: staging + "/gone", withIntermediateDirectories: true)
        #expect(link(root + "/public/keep.txt", staging + "/keep.txt") == 0)
        try write(".public.staging-\(getpid())/changed.txt", "before")
        try write(".public.staging-\(getpid())/gone/extra.txt", "extra")
        #expect(symlink(root + "/public", staging + "/sub") == 0)
        var before = stat()
        #expect(stat(root + "/public/keep.txt", &before) == 0)
        let tree = try #require(RecycledTree.take(staging))
        var info = stat()
        #expect(lstat(staging + "/sub", &info) != 0, "the link was removed")
        let staged = StagedOutput(outputPath: root + "/public", stagingPath: staging, recycled: tree)
        let plan = OutputPlan(
            files: [
                PlannedFile(path: "changed.txt", size: 3, source: .kept),
                PlannedFile(path: "keep.txt", size: 4, source: .kept),
                PlannedFile(path: "sub/new.txt", size: 3, source: .bytes(Array("new".utf8))),
            ], changesNothing: false)
        let applied = try staged.apply(plan)
        #expect(applied.linked == 2 && applied.written == 1)
        #expect(read(".public.staging-\(getpid())/changed.txt") == "now")
        #expect(read("public/sub/new.txt") == "published", "nothing was written through the link")
        #expect(read(".public.staging-\(getpid())/sub/new.txt") == "new")
        #expect(!FileManager.default.fileExists(atPath: staging + "/gone"))
        var after = stat()
        #expect(stat(staging + "/keep.txt", &after) == 0 && after.st_ino == before.st_ino)
        #expect(after.st_nlink == 2, "the kept file was not linked again")
    }

    /// The newest old output becomes the staging directory; a running build's (PID 1) stays.
    @Test func theSweepReusesTheNewestOldOutput() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("public/manifest.json", "{}")
        try write(".public.old-999999998-1/a.txt", "older")
        Thread.sleep(forTimeInterval: 0.02)
        try write(".public.old-999999999-2/a.txt", "newer")
        // The rename is what dates an old output.
        #expect(rename(root + "/.public.old-999999999-2", root + "/.public.old-999999999-3") == 0)
        try write(".public.staging-1/a.txt", "running")
        let sweep = LeftoverSweep.start(outputPath: root + "/public")
        #expect(read(".public.staging-\(getpid())/a.txt") == "newer")
        sweep.wait()
        #expect(read(".public.staging-1/a.txt") == "running")
        #expect(!FileManager.default.fileExists(atPath: root + "/.public.old-999999998-1"))
        // A build that ended without staging anything (its content had errors) leaves the old
        // output aside again, under its own name, for the next build.
        #expect(read(".public.old-999999999-3/a.txt") == "newer")
        #expect(!FileManager.default.fileExists(atPath: root + "/.public.staging-\(getpid())"))
    }
}
