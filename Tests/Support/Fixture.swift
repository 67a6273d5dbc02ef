import CalgenModel
import Foundation

/// A scratch directory with a copy of the bundled content, and helpers to run calgen in it.
///
/// Tests that only read the bundled site's output use `BundledSite` (built once per test
/// process); a test that changes content and builds again takes a `.small` fixture, whose
/// output is a fifth of the bundled one.
public struct Fixture: ~Copyable {
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The content of a fixture.
    public enum Size {
        /// All of `Content/`: 21 years of holiday data, every note and subscriber.
        case bundled
        /// `Content/` with the holiday years 2008, 2025, 2026 and 2027 only.
        case small
        /// The small years, `site.yml`, the notes of 2026 and one subscriber (zhang-san): the
        /// site of the bad-input catalogue.
        case mini

        public static let smallYears = [2008, 2025, 2026, 2027]
    }

    public let root: URL

    /// Where test sites are made: a folder of this test process (`calgen-tests-<pid>`) in
    /// `CALGEN_TEST_SCRATCH` when set, else in the RAM file system `/dev/shm` when it is
    /// writable, else in the temporary directory. The tests create and remove hundreds of
    /// thousands of files; on ext4 each new inode then costs about a millisecond
    /// (`recently_deleted` scans the inode bitmap), which made the suite ten times slower.
    ///
    /// The folder goes when the process exits; those of test processes that are gone (killed,
    /// say) are removed by the next one, so that RAM does not fill up run after run.
    public static let scratch: URL = {
        let environment = ProcessInfo.processInfo.environment
        let base: URL
        if let chosen = environment["CALGEN_TEST_SCRATCH"], !chosen.isEmpty {
            base = URL(fileURLWithPath: chosen)
        } else if access("/dev/shm", W_OK) == 0 {
            base = URL(fileURLWithPath: "/dev/shm")
        } else {
            base = FileManager.default.temporaryDirectory
        }
        let prefix = "calgen-tests-"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? [] where entry.hasPrefix(prefix) {
            if let pid = Int32(entry.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0 {
                _ = try? tool("/bin/rm", "-rf", base.appendingPathComponent(entry).path)
            }
        }
        let own = base.appendingPathComponent(prefix + String(getpid()))
        try? FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        atexit {
            let path = Fixture.scratch.path
            if path.contains("calgen-tests-") { _ = try? Fixture.tool("/bin/rm", "-rf", path) }
        }
        return own
    }()

    public init(_ size: Size = .small) throws {
        root = Fixture.scratch.appendingPathComponent("calgen-test-\(UUID().uuidString)")
        try Fixture.copyContent(size, to: root)
    }

    /// Copies the repository's `Content` (of `size`) and `Templates` into a new folder `root`.
    public static func copyContent(_ size: Size, to root: URL) throws {
        let fm = FileManager.default
        let repository = Fixture.repositoryRoot
        try fm.createDirectory(at: root, withIntermediateDirectories: true)
        try fm.copyItem(at: repository.appendingPathComponent("Templates"), to: root.appendingPathComponent("Templates"))
        guard case .mini = size else {
            try fm.copyItem(at: repository.appendingPathComponent("Content"), to: root.appendingPathComponent("Content"))
            if case .small = size {
                let holidays = root.appendingPathComponent("Content/holidays")
                for name in try fm.contentsOfDirectory(atPath: holidays.path)
                where !Size.smallYears.contains(where: { name == "\($0).json" }) {
                    try fm.removeItem(at: holidays.appendingPathComponent(name))
                }
            }
            return
        }
        for folder in ["Content/holidays", "Content/notes", "Content/users"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let items =
            Size.smallYears.map { "Content/holidays/\($0).json" } + [
                "Content/site.yml", "Content/notes/2026", "Content/users/zhang-san.yml",
            ]
        for item in items {
            try fm.copyItem(at: repository.appendingPathComponent(item), to: root.appendingPathComponent(item))
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    public var content: String { root.appendingPathComponent("Content").path }
    public var output: String { root.appendingPathComponent("public").path }
    public var templates: String { root.appendingPathComponent("Templates").path }

    /// Build options for this fixture at a fixed "now" (2026-11-21, noon in Beijing), with the
    /// feed secret of the command-line runs.
    public func options(output: String? = nil) -> BuildOptions {
        Fixture.options(root: root, output: output)
    }

    public static func options(root: URL, output: String? = nil) -> BuildOptions {
        BuildOptions(
            contentDirectory: root.appendingPathComponent("Content").path,
            templatesDirectory: root.appendingPathComponent("Templates").path,
            outputDirectory: output ?? root.appendingPathComponent("public").path, now: Fixture.now,
            feedSecret: try! FeedSecret(Fixture.secret))
    }

    public static let now = Date(timeIntervalSince1970: 1_795_233_600)

    /// The feed secret of the command-line runs, so that builds in different folders agree.
    public static let secret = "fixture-feed-secret-0123456789"

    public func write(_ relativePath: String, _ text: String) throws {
        try write(relativePath, Data(text.utf8))
    }

    public func write(_ relativePath: String, _ bytes: Data) throws {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
    }

    public func read(_ relativePath: String) -> String? {
        FileManager.default.contents(atPath: root.appendingPathComponent(relativePath).path).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// The built `calgen` executable, set up to run in the fixture directory at the fixed "now".
    public func process(_ arguments: [String], environment changes: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = try Fixture.executable()
        process.arguments = arguments
        process.environment = ["SOURCE_DATE_EPOCH": "1795233600", "PATH": "/usr/bin:/bin", "CALGEN_FEED_SECRET": Fixture.secret]
            .merging(changes) { $1 }
        process.currentDirectoryURL = root
        return process
    }

    /// Starts the built `calgen` executable in the fixture directory, its output discarded.
    public func start(_ arguments: [String]) throws -> Process {
        let process = try process(arguments)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs the built `calgen` executable in the fixture directory.
    public func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        try Fixture.finish(process(arguments, environment: environment))
    }

    /// Runs `process` to its end, collecting what it prints.
    public static func finish(_ process: Process) throws -> (status: Int32, stdout: String, stderr: String) {
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
    public static func executable() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("calgen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw FixtureError.noExecutable
    }

    /// The paths that differ between two snapshots (added, removed or changed), for short failure messages.
    public static func differences<Value: Equatable>(_ a: [String: Value], _ b: [String: Value]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    /// Every file below `path` with its inode, size and modification time, by relative path: a
    /// file written again, even with the same bytes, gets another inode or time. Cheaper than
    /// `snapshot`, for checking that a failed run left an output alone.
    public static func fingerprint(_ path: String) -> [String: String] {
        // One `find` walks a tree of thousands of files many times faster than Foundation.
        let out = (try? tool("/usr/bin/find", path, "-mindepth", "1", "-not", "-type", "d", "-printf", "%P\\t%i %s %T@\\n")) ?? ""
        var result = [String: String]()
        for line in out.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
        }
        return result
    }

    /// Runs a system tool and returns its standard output; throws when it fails.
    @discardableResult
    public static func tool(_ executable: String, _ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureError.toolFailed(executable) }
        return String(decoding: data, as: UTF8.self)
    }

    /// Every file below `path` with its bytes, by relative path.
    public static func snapshot(_ path: String) -> [String: Data] {
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

public enum FixtureError: Error, CustomStringConvertible {
    case noExecutable
    case toolFailed(String)
    case unexpected(String)

    public var description: String {
        switch self {
        case .noExecutable: "the calgen executable was not found next to the tests; run `swift build` first"
        case .toolFailed(let tool): "\(tool) failed"
        case .unexpected(let what): what
        }
    }
}
