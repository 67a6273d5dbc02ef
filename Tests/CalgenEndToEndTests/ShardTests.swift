import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--shard K/N` and `--assemble`: the personal feeds rendered in parts, the site put together
/// from them byte for byte as one build makes it, and never from a missing or stale part.
@Suite(.endToEnd) struct ShardTests {
    static let shards = ["s1", "s2", "s3"]

    /// Builds the three shards and assembles them into `output`; the statuses and errors.
    static func buildSharded(
        _ fixture: borrowing Fixture, into output: String, previous: [String] = [], environment: [String: String] = [:]
    ) throws -> [String] {
        var failures = [String]()
        for (i, folder) in shards.enumerated() {
            let run = try fixture.run(
                ["build", "--quiet", "--shard", "\(i + 1)/3", "--output", folder] + previous, environment: environment)
            if run.status != 0 { failures.append(run.stderr) }
        }
        let assembled = try fixture.run(
            ["build", "--quiet", "--assemble"] + shards + ["--output", output], environment: environment)
        if assembled.status != 0 { failures.append(assembled.stderr) }
        return failures
    }

    @Test func anAssembledSiteIsTheSiteOneBuildMakes() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build", "--quiet", "--output", "one"]).status == 0)
        #expect(try Self.buildSharded(fixture, into: "assembled").isEmpty)
        let path = { (name: String) in fixture.root.appendingPathComponent(name).path }
        #expect(Fixture.differences(Fixture.snapshot(path("one")), Fixture.snapshot(path("assembled"))).isEmpty)
        // Every subscriber's feed is in exactly one shard, and shard.json is never published.
        let feeds = Self.shards.flatMap { folder in
            Fixture.snapshot(path(folder)).keys.filter { $0.hasSuffix(".ics") }
        }
        #expect(feeds.count == Set(feeds).count && feeds.count == 6)
        #expect(fixture.read("assembled/shard.json") == nil)

        // The next day, with a new note: the release continues (version 2) in both, equally, and
        // a feed the note does not touch keeps its file in the assembled output.
        try Fixture.tool("/bin/cp", "-a", path("one"), path("release"))
        let before = Fixture.fingerprint(path("assembled"))
        try fixture.write("Content/notes/2026/extra.md", "---\ntitle: Extra\ndate: 2026-12-01\naudience: [public]\n---\nText.\n")
        let next = ["SOURCE_DATE_EPOCH": "1795320000"]
        #expect(try fixture.run(["build", "--quiet", "--output", "one"], environment: next).status == 0)
        let failures = try Self.buildSharded(
            fixture, into: "assembled", previous: ["--previous-manifest", path("release") + "/manifest.json"],
            environment: next)
        #expect(failures.isEmpty, "\(failures)")
        #expect(fixture.read("assembled/manifest.json")?.contains(#""version": 2,"#) == true)
        #expect(Fixture.differences(Fixture.snapshot(path("one")), Fixture.snapshot(path("assembled"))).isEmpty)
        let after = Fixture.fingerprint(path("assembled"))
        #expect(after.keys.contains { $0.hasSuffix(".ics") && $0.hasPrefix("feeds/") && before[$0] == after[$0] })
    }

    @Test func aMissingStaleOrForeignShardIsRefused() throws {
        let fixture = try Fixture()
        #expect(try Self.buildSharded(fixture, into: "public").isEmpty)
        let untouched = Fixture.fingerprint(fixture.output)
        // A shard left out.
        let missing = try fixture.run(["build", "--assemble", "s1", "s3", "--output", "public"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("shard 2/3 is missing"), "\(missing.stderr)")
        #expect(missing.stderr.contains("fix: build `--shard 2/3` and give"), "\(missing.stderr)")
        // A shard built from other content.
        try fixture.write("Content/notes/2026/extra.md", "---\ntitle: Extra\ndate: 2026-12-01\n---\nText.\n")
        let stale = try fixture.run(["build", "--assemble"] + Self.shards + ["--output", "public"])
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("is stale: shard 1/3 was built with another content"), "\(stale.stderr)")
        // One shard twice, and a folder that is no shard.
        let twice = try fixture.run(["build", "--assemble", "s1", "s1", "s2", "s3", "--output", "public"])
        #expect(twice.status == 1 && twice.stderr.contains("s1/shard.json: is given twice to --assemble"), "\(twice.stderr)")
        let foreign = try fixture.run(["build", "--assemble", "Templates", "--output", "public"])
        #expect(foreign.status == 1 && foreign.stderr.contains("is not a shard's folder"), "\(foreign.stderr)")
        #expect(Fixture.fingerprint(fixture.output) == untouched)
        // K/N itself.
        for bad in ["0/3", "4/3", "3", "1/0", "1/2/3", "a/b"] {
            let run = try fixture.run(["build", "--shard", bad, "--output", "s1"])
            #expect(run.status != 0 && run.stderr.contains("--shard takes K/N"), "\(bad): \(run.stderr)")
        }
    }

    /// Assemblies killed with SIGKILL at moments spread over one assembly's time: the output is
    /// the previous release or the new site, whole, and the next assembly finishes it.
    @Test func aKilledAssemblyLeavesTheOutputWhole() throws {
        let fixture = try Fixture()
        #expect(try Self.buildSharded(fixture, into: "public").isEmpty)
        try Fixture.tool("/bin/cp", "-a", fixture.output, fixture.root.appendingPathComponent("release").path)
        try fixture.write("Content/notes/2026/extra.md", "---\ntitle: Extra\ndate: 2026-12-01\naudience: [public]\n---\nText.\n")
        let previous = ["--previous-manifest", fixture.root.appendingPathComponent("release/manifest.json").path]
        for (i, folder) in Self.shards.enumerated() {
            #expect(try fixture.run(["build", "--quiet", "--shard", "\(i + 1)/3", "--output", folder] + previous).status == 0)
        }
        let assemble = { (output: String) in ["build", "--quiet", "--assemble"] + Self.shards + ["--output", output] + previous }
        let old = Fixture.snapshot(fixture.output)
        let start = Date()
        #expect(try fixture.run(assemble("timing")).status == 0)
        let seconds = max(Date().timeIntervalSince(start), 0.2)
        let new = Fixture.snapshot(fixture.root.appendingPathComponent("timing").path)
        for trial in 0..<4 {
            let process = try fixture.start(assemble("public"))
            Thread.sleep(forTimeInterval: seconds * Double(trial + 1) / 5)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = Fixture.snapshot(fixture.output)
            #expect(
                Fixture.differences(now, old).isEmpty || Fixture.differences(now, new).isEmpty,
                "trial \(trial): the output is neither the release nor the new site")
        }
        #expect(try fixture.run(assemble("public")).status == 0)
        #expect(Fixture.differences(Fixture.snapshot(fixture.output), new).isEmpty)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path).filter { $0.contains("staging") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func aShardDownloadsOnlyItsSubscribersManifests() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build", "--quiet", "--output", "release"]).status == 0)
        let release = fixture.root.appendingPathComponent("release").path
        let server = try StubHTTPServer(PreviousSiteTests.serving(release))
        let shard = try fixture.run(["build", "--quiet", "--shard", "1/3", "--output", "s1", "--previous-site", server.baseURL])
        #expect(shard.status == 0, "\(shard.stderr)")
        let fetched = server.requests.filter { $0.hasSuffix(".json") && $0 != "/manifest.json" }
        let held = Fixture.snapshot(fixture.root.appendingPathComponent("s1").path).keys.filter { $0.hasSuffix(".json") }
        #expect(held.count > 1, "shard 1/3 holds no subscriber of the bundled site")
        // Its subscribers' feed manifests and the public ones, none of another shard's.
        func isPersonal(_ path: some StringProtocol) -> Bool {
            let parts = path.split(separator: "/")
            return parts.count == 3 && parts[0] == "feeds" && parts[1] != "years" && parts[1] != "schedules"
        }
        let personal = fetched.filter(isPersonal)
        let others = Fixture.snapshot(release).keys.filter { isPersonal($0) && $0.hasSuffix(".json") }
        #expect(Set(personal.map { String($0.dropFirst()) }) == Set(held.filter { $0 != "shard.json" }))
        #expect(others.count > held.count - 1)
    }
}
