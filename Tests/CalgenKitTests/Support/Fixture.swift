import CalgenKit
import Foundation
import Testing

/// A scratch directory with a copy of the bundled content, and helpers to run calgen in it.
struct Fixture: ~Copyable {
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("calgen-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for folder in ["Content", "Templates"] {
            try FileManager.default.copyItem(
                at: Fixture.repositoryRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var content: String { root.appendingPathComponent("Content").path }
    var output: String { root.appendingPathComponent("public").path }
    var templates: String { root.appendingPathComponent("Templates").path }

    /// Build options for this fixture at a fixed "now" (2026-11-21, noon in Beijing).
    func options(output: String? = nil) -> BuildOptions {
        BuildOptions(
            contentDirectory: content, templatesDirectory: templates, outputDirectory: output ?? self.output,
            now: Fixture.now)
    }

    static let now = Date(timeIntervalSince1970: 1_795_233_600)

    /// The feed secret of the command-line runs, so that builds in different folders agree.
    static let secret = "fixture-feed-secret-0123456789"

    func write(_ relativePath: String, _ text: String) throws {
        try write(relativePath, Data(text.utf8))
    }

    func write(_ relativePath: String, _ bytes: Data) throws {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
    }

    func read(_ relativePath: String) -> String? {
        FileManager.default.contents(atPath: root.appendingPathComponent(relativePath).path).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// The built `calgen` executable, set up to run in the fixture directory at the fixed "now".
    func process(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try Fixture.executable()
        process.arguments = arguments
        process.environment = ["SOURCE_DATE_EPOCH": "1795233600", "PATH": "/usr/bin:/bin", "CALGEN_FEED_SECRET": Fixture.secret]
        process.currentDirectoryURL = root
        return process
    }

    /// Starts the built `calgen` executable in the fixture directory, its output discarded.
    func start(_ arguments: [String]) throws -> Process {
        let process = try process(arguments)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs the built `calgen` executable in the fixture directory.
    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = try process(arguments)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    /// The `calgen` binary next to the test bundle (`swift build` puts both in one folder).
    static func executable() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("calgen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw FixtureError.noExecutable
    }

    /// The paths that differ between two snapshots (added, removed or changed), for short failure messages.
    static func differences(_ a: [String: Data], _ b: [String: Data]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    /// Every file below `path` with its bytes, by relative path.
    static func snapshot(_ path: String) -> [String: Data] {
        var result = [String: Data]()
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return result }
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = path + "/" + relative
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = FileManager.default.contents(atPath: full)
            }
        }
        return result
    }
}

enum FixtureError: Error, CustomStringConvertible {
    case noExecutable
    var description: String { "the calgen executable was not found next to the tests; run `swift build` first" }
}
