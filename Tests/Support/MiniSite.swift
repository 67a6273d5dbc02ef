import CalgenModel
import Foundation

/// The small site every catalogue case starts from, built once per test process.
public struct MiniSite {
    public let root: URL
    public let token: String

    public var output: String { root.appendingPathComponent("public").path }

    private static let master: Result<(URL, String), any Error> = Result {
        let fm = FileManager.default
        let root = Fixture.scratch.appendingPathComponent("calgen-mini-\(UUID().uuidString)")
        try Fixture.copyContent(.mini, to: root)
        let site = MiniSite(root: root, token: "")
        let result = try site.run(["build", "--quiet"], environment: [:])
        guard result.status == 0 else { throw FixtureError.noExecutable }
        // The folder of zhang-san's feed (beside it, the folder of the record of personal feeds).
        let feeds = try fm.contentsOfDirectory(atPath: root.appendingPathComponent("public/feeds").path).filter {
            !$0.contains(".") && fm.fileExists(atPath: root.appendingPathComponent("public/feeds/\($0)/zhang-san.ics").path)
        }
        return (root, feeds.first ?? "")
    }

    /// A fresh copy of the built site.
    public static func copy() throws -> MiniSite {
        let (master, token) = try master.get()
        let root = Fixture.scratch.appendingPathComponent("calgen-case-\(UUID().uuidString)")
        // The output is hard-linked (calgen never writes into an existing output file, and the
        // cases replace files atomically), the content and templates are copied: many times
        // faster than `FileManager.copyItem`, and every file keeps its time.
        try Fixture.tool(
            "/bin/sh", "-c",
            #"cp -al "$0" "$1" && rm -rf "$1/Content" "$1/Templates" && cp -a "$0/Content" "$0/Templates" "$1/""#,
            master.path, root.path)
        return MiniSite(root: root, token: token)
    }

    /// Removes the copy.
    public func remove() {
        _ = try? Fixture.tool("/bin/rm", "-rf", root.path)
    }

    public func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: root.appendingPathComponent(path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Applies a case's changes; an empty write to a manifest means "edit it as the case says".
    public func apply(_ changes: [BadInputCases.Change], manifestEdits name: String) throws {
        try BadInputCases.apply(changes, in: root, token: token) { try edited($0, name) }
    }

    /// The manifest edits of the previous-output cases, made on the file as the build left it.
    private func edited(_ url: URL, _ name: String) throws -> Data {
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        if name.contains("sequence") {
            // As a manifest of a calgen before integrity digests: the number is what is wrong.
            let old = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("  \"integrity\"") }
            return Data(
                old.joined(separator: "\n").replacingOccurrences(of: "\"sequence\": 0", with: "\"sequence\": 9223372036854775807")
                    .utf8)
        }
        if name.contains("Int.max") {
            return Data(text.replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 9223372036854775807,").utf8)
        }
        if name.contains("of 0") { return Data(text.replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 0,").utf8) }
        if name.contains("truncated") { return Data(text.utf8.prefix(text.utf8.count * 2 / 3)) }
        return Data(text.utf8)
    }

    /// The environment of every run: a fixed "now" and feed secret.
    public static let environment = [
        "SOURCE_DATE_EPOCH": "1795233600", "PATH": "/usr/bin:/bin", "CALGEN_FEED_SECRET": BadInputCases.secret,
    ]

    /// Starts calgen in the site's folder, its output discarded.
    public func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try Fixture.executable()
        process.arguments = arguments
        process.environment = MiniSite.environment
        process.currentDirectoryURL = root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs calgen in the site's folder under a 4 GiB address-space limit, killed after 60 s.
    public func run(_ arguments: [String], environment changes: [String: String?]) throws
        -> (status: Int32, exited: Bool, stdout: String, stderr: String, seconds: Double)
    {
        var environment = MiniSite.environment
        for (key, value) in changes {
            environment[key] = value?.replacingOccurrences(of: "HOME_PLACEHOLDER", with: root.appendingPathComponent("home").path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        process.arguments = ["--as=4294967296", "--", try Fixture.executable().path] + arguments
        process.environment = environment
        process.currentDirectoryURL = root
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let start = Date()
        try process.run()
        let killer = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: killer)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        return (
            process.terminationStatus, process.terminationReason == .exit, String(decoding: stdout, as: UTF8.self),
            String(decoding: stderr, as: UTF8.self), Date().timeIntervalSince(start)
        )
    }
}
