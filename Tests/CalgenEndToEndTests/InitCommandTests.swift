import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// `calgen init` and `calgen new`: a site of one's own, built at once, without the demo's data.
@Suite(.endToEnd) struct InitCommandTests {
    /// Runs the built calgen in `directory`.
    static func calgen(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let process = Process()
        process.executableURL = try Fixture.executable()
        process.arguments = arguments
        process.environment = ["SOURCE_DATE_EPOCH": "1795233600", "PATH": "/usr/bin:/bin", "CALGEN_FEED_SECRET": Fixture.secret]
            .merging(environment) { $1 }
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        return try Fixture.finish(process)
    }

    @Test func aNewSiteBuildsAtOnceWithoutTheDemosNotesOrSubscribers() throws {
        let scratch = Fixture.scratch.appendingPathComponent("calgen-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { _ = try? Fixture.tool("/bin/rm", "-rf", scratch.path) }
        // Without a terminal, the settings must be given or defaulted.
        let unasked = try Self.calgen(["init", "site"], in: scratch)
        #expect(unasked.status != 0 && unasked.stderr.contains("--yes"), "\(unasked.stderr)")
        let made = try Self.calgen(
            [
                "init", "site", "--title", "Team \"ops\" calendar", "--base-url", "https://cal.example.org/team/", "--language",
                "en",
                "--timezone", "Europe/Berlin",
            ], in: scratch)
        #expect(made.status == 0, "\(made.stderr)")
        let site = scratch.appendingPathComponent("site")
        for path in [
            "Content/site.yml", "Content/users/example.yml", "Content/notes/2026/welcome.md", "Content/holidays/2026.json",
            "Content/holidays/LICENSE", "Templates/layout.mustache", "Templates/assets/style.css", ".gitignore",
            ".github/workflows/publish.yml",
        ] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(path).path), "\(path)")
        }
        let repository = Fixture.repositoryRoot
        #expect(
            FileManager.default.contents(atPath: site.appendingPathComponent("Templates/layout.mustache").path)
                == FileManager.default.contents(atPath: repository.appendingPathComponent("Templates/layout.mustache").path))
        #expect(
            FileManager.default.contents(atPath: site.appendingPathComponent(".github/workflows/publish.yml").path)
                == FileManager.default.contents(
                    atPath: repository.appendingPathComponent("Examples/github-actions/publish-site.yml").path))
        // A folder that is not empty is refused, and left alone.
        let again = try Self.calgen(["init", "site", "--yes"], in: scratch)
        #expect(again.status == 1 && again.stderr.contains("is not empty"), "\(again.stderr)")

        let built = try Self.calgen(["build", "--strict"], in: site)
        #expect(built.status == 0, "\(built.stderr)")
        let output = site.appendingPathComponent("public").path
        let index = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        #expect(index.contains("Team &quot;ops&quot; calendar") || index.contains("Team \"ops\" calendar"))
        // Nothing of the bundled demo: its subscribers' ids and names, its notes' slugs and titles.
        let demo = [
            "zhang-san", "li-si", "wang-fang", "zhao-liu", "qian-qi", "sun-li", "张三", "national-day-duty", "国庆值班安排",
            "payday-moved", "year-end-party", "team-outing", "mid-autumn-gifts", "big-small-week", "hospital-rotation",
        ]
        let found = try Fixture.tool("/bin/sh", "-c", "grep -rlF -e \"$1\" \"$0\" || true", output, demo.joined(separator: "\n"))
        #expect(found.isEmpty, "\(found)")
        #expect(FileManager.default.fileExists(atPath: output + "/notes/welcome/index.html"))

        // calgen new: each kind writes a file that builds; none overwrites.
        for arguments in [
            ["new", "note", "duty-roster", "--date", "2026-10-01", "--title", "值班"], ["new", "subscriber", "wang"],
            ["new", "schedule", "shop"], ["new", "note", "today-note"],
        ] {
            let result = try Self.calgen(arguments, in: site)
            #expect(result.status == 0 && result.stdout.contains("wrote Content/"), "\(arguments) \(result.stderr)")
        }
        // The new note's text, byte for byte: its commented keys, and an empty line for the body.
        let roster = try String(
            contentsOfFile: site.appendingPathComponent("Content/notes/2026/duty-roster.md").path, encoding: .utf8)
        #expect(
            roster == """
                ---
                title: "值班"
                date: 2026-10-01              # or `start:` and `end:` for a range
                # time: "09:00"
                # duration: 1h
                tags: []
                audience: []                    # feeds that carry it: public, subscriber ids, group names
                # visibility: feeds             # default public: on the site for everyone
                # draft: true
                ---


                """, "\(roster)")
        // Today in the site's zone (SOURCE_DATE_EPOCH is 2026-11-21 04:00 UTC, 05:00 in Berlin).
        let today = try String(
            contentsOfFile: site.appendingPathComponent("Content/notes/2026/today-note.md").path, encoding: .utf8)
        #expect(today.contains("date: 2026-11-21"))
        let twice = try Self.calgen(["new", "subscriber", "wang"], in: site)
        #expect(twice.status == 1 && twice.stderr.contains("exists already"), "\(twice.stderr)")
        let bad = try Self.calgen(["new", "note", "Bad Name"], in: site)
        #expect(bad.status == 1 && bad.stderr.contains("lowercase letters"), "\(bad.stderr)")
        let rebuilt = try Self.calgen(["build", "--strict"], in: site)
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(FileManager.default.fileExists(atPath: output + "/notes/duty-roster/index.html"))
        let feeds = try Self.calgen(["feeds", "--json"], in: site)
        #expect(feeds.stdout.contains(#"{"kind":"schedule","id":"shop","name":"shop","audience":"private""#), "\(feeds.stdout)")
        #expect(feeds.stdout.contains(#"{"kind":"subscriber","id":"wang""#))
    }

    @Test func aBadSettingIsRefusedWithItsOption() throws {
        let scratch = Fixture.scratch.appendingPathComponent("calgen-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { _ = try? Fixture.tool("/bin/rm", "-rf", scratch.path) }
        let result = try Self.calgen(["init", "site", "--yes", "--base-url", "ftp://x", "--timezone", "Mars/Base"], in: scratch)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("--base-url") && result.stderr.contains("--timezone"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("site").path))
    }

    @Test func aShortFeedSecretSaysHowToMakeOneWithoutUsage() throws {
        let site = try MiniSite.copy()
        defer { site.remove() }
        let result = try site.run(["build"], environment: ["CALGEN_FEED_SECRET": "x"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("is 1 byte long; it must be at least 16") && result.stderr.contains("openssl rand -base64 32"))
        #expect(!result.stderr.contains("Usage:") && !result.stderr.contains("--help"), "\(result.stderr)")
    }
}
