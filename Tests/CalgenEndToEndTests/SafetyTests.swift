import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// Outputs that may be replaced (a link to the output, an empty folder, a live staging folder
/// beside it), arguments echoed without control characters, and a huge note refused without
/// reading it: through the command line, on the disk.
@Suite(.endToEnd) struct SafetyTests {
    /// A link to an output calgen wrote is followed: the target is replaced, the link stays.
    @Test func followsALinkToItsOwnOutput() throws {
        let site = try MiniSite.copy()
        defer { site.remove() }
        let fm = FileManager.default
        try fm.moveItem(atPath: site.output, toPath: site.root.appendingPathComponent("real").path)
        try fm.createSymbolicLink(atPath: site.output, withDestinationPath: "real")
        try Data("---\ntitle: 新\ndate: 2026-12-02\n---\n".utf8).write(
            to: site.root.appendingPathComponent("Content/notes/2026/new.md"))
        let result = try site.run(["build", "--verbose"], environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\n  steps: inputs ") && !result.stdout.contains("\\u{"), "\(result.stdout)")
        #expect((try? fm.destinationOfSymbolicLink(atPath: site.output)) == "real")
        #expect(site.read("real/notes/new/index.html") != nil)
        #expect(site.read("real/manifest.json")?.contains("\"version\": 2,") == true)
    }

    /// An empty folder may become the output; a staging folder of a build that is still running
    /// is not another build's to remove.
    @Test func anEmptyFolderIsAnOutputAndALiveStagingFolderIsLeftAlone() throws {
        let site = try MiniSite.copy()
        defer { site.remove() }
        let fm = FileManager.default
        try fm.createDirectory(at: site.root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        // PID 1 is always alive: its staging folder must survive a build beside it.
        try fm.createDirectory(at: site.root.appendingPathComponent(".empty.staging-1"), withIntermediateDirectories: true)
        try fm.createDirectory(
            at: site.root.appendingPathComponent(".empty.staging-999999999"), withIntermediateDirectories: true)
        let result = try site.run(["build", "--output", "empty"], environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(site.read("empty/manifest.json") != nil)
        #expect(fm.fileExists(atPath: site.root.appendingPathComponent(".empty.staging-1").path))
        #expect(!fm.fileExists(atPath: site.root.appendingPathComponent(".empty.staging-999999999").path))
    }

    /// What is typed on the command line is shown, never obeyed: an escape sequence in an
    /// argument (a date, an unknown option) is printed as `\u{1B}`, by calgen's own messages and
    /// by swift-argument-parser's.
    @Test(arguments: [
        (["day", "\u{1B}[31mX"], #"\u{1B}[31mX"#),
        (["day", "2026-01-01", "--\u{1B}]0;owned\u{7}"], #"--\u{1B}]0;owned\u{7}"#),
        (["build", "--now", "\u{9B}2J"], #"\u{9B}2J"#),
    ])
    func argumentsAreEchoedWithoutControlCharacters(_ arguments: [String], _ shown: String) throws {
        let fixture = try Fixture()
        let result = try fixture.run(arguments)
        #expect(result.status == 64 || result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains(shown), "\(result.stderr)")
        let raw = (result.stdout + result.stderr).unicodeScalars.contains {
            $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
        }
        #expect(!raw, "raw control characters were printed: \(result.stderr.debugDescription)")
    }

    /// A huge note is refused from its size alone: calgen reads at most the limit and one byte
    /// of any input, so a 400 MB note (sparse here) costs no memory.
    @Test func aHugeNoteIsRefusedWithoutReadingIt() throws {
        let site = try MiniSite.copy()
        defer { site.remove() }
        let path = site.root.appendingPathComponent("Content/notes/huge.md").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("---\ntitle: x\n".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 400_000_000)
        try handle.close()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "maxrss=%M", try Fixture.executable().path, "build"]
        process.environment = MiniSite.environment
        process.currentDirectoryURL = site.root
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(stderr)")
        #expect(
            stderr.contains("notes/huge.md: the file has 400000000 bytes; the limit for this kind of file is 1048576"),
            "\(stderr)")
        let kilobytes = stderr.components(separatedBy: "maxrss=").last.flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect((kilobytes ?? .max) < 200_000, "calgen used \(kilobytes ?? -1) KB: \(stderr)")
    }
}
