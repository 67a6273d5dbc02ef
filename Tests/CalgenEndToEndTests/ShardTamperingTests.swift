import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenKit
@testable import CalgenRecord
@testable import CalgenSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--assemble` on shard folders changed after calgen wrote them: each is refused, naming the
/// shard, the path and the reason, and the output stays as it was. Some changes keep the
/// listing's authentication code (a listing signed again with the secret, as a shard machine
/// that holds it could): those are refused by what the listing may hold.
@Suite(.endToEnd, .serialized) struct ShardTamperingTests {
    /// A change to the copies `t1`…`t3` of the three shards, and what the refusal says.
    struct Tampering: CustomStringConvertible, Sendable {
        let description: String
        let expected: [String]
        let change: @Sendable (Shards) throws -> Void
    }

    /// The shards' copies in a fixture, with helpers to change them.
    struct Shards: Sendable {
        let root: String

        func path(_ shard: Int, _ file: String = "") -> String { root + "/t\(shard)" + (file.isEmpty ? "" : "/" + file) }

        func listing(_ shard: Int) throws -> ShardManifest {
            try JSONDecoder().decode(ShardManifest.self, from: Data(contentsOf: URL(fileURLWithPath: path(shard, "shard.json"))))
        }

        /// Writes `listing` as shard `shard`'s, signed with the build's secret.
        func sign(_ shard: Int, _ listing: ShardManifest) throws {
            let key = ShardManifest.key(secret: try FeedSecret(Fixture.secret))
            try Data(listing.signed(key: key)).write(to: URL(fileURLWithPath: path(shard, "shard.json")))
        }

        func write(_ shard: Int, _ file: String, _ text: String) throws {
            let url = URL(fileURLWithPath: path(shard, file))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func replace(_ shard: Int, _ file: String, bySymlinkTo target: String) throws {
            try FileManager.default.removeItem(atPath: path(shard, file))
            try FileManager.default.createSymbolicLink(atPath: path(shard, file), withDestinationPath: target)
        }

        /// The first feed of shard 1 that has its page.
        func feed(_ shard: Int = 1) throws -> ShardManifest.Feed { try listing(shard).feeds[0] }

        func folder(of feed: ShardManifest.Feed) -> String { String(feed.path[..<feed.path.lastIndex(of: "/")!]) }

        /// Changes shard `shard`'s listing as `edit` does and signs it again.
        func resign(_ shard: Int, _ edit: (inout ShardManifest) throws -> Void) throws {
            var listing = try listing(shard)
            try edit(&listing)
            try sign(shard, listing)
        }
    }

    static func sha(_ text: String) -> String { Digest.sha256(Array(text.utf8)) }

    static let cases: [Tampering] = [
        Tampering(description: "a feed that is a symbolic link to a secret file", expected: ["is a symbolic link"]) { s in
            try "top secret".write(toFile: s.root + "/secret.txt", atomically: false, encoding: .utf8)
            try s.replace(1, try s.feed().path, bySymlinkTo: s.root + "/secret.txt")
        },
        Tampering(description: "a feed that is a symbolic link to /etc/passwd", expected: ["is a symbolic link"]) { s in
            try s.replace(1, try s.feed().path, bySymlinkTo: "/etc/passwd")
        },
        Tampering(description: "a page that is a symbolic link to /dev/zero", expected: ["is a symbolic link"]) { s in
            try s.replace(1, s.folder(of: try s.feed()) + "/index.html", bySymlinkTo: "/dev/zero")
        },
        Tampering(description: "a feed manifest that is a FIFO", expected: ["is a named pipe (FIFO)"]) { s in
            let manifest = s.path(1, try s.feed().manifest)
            try FileManager.default.removeItem(atPath: manifest)
            #expect(mkfifo(manifest, 0o644) == 0)
        },
        Tampering(description: "a feed's folder that is a symbolic link", expected: ["is a symbolic link"]) { s in
            let folder = s.path(1, s.folder(of: try s.feed()))
            try FileManager.default.moveItem(atPath: folder, toPath: s.root + "/elsewhere")
            try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: s.root + "/elsewhere")
        },
        Tampering(description: "a feed that is a hard link to a file outside", expected: ["has 2 hard links"]) { s in
            let feed = try s.feed()
            try FileManager.default.copyItem(atPath: s.path(1, feed.path), toPath: s.root + "/outside.ics")
            try FileManager.default.removeItem(atPath: s.path(1, feed.path))
            #expect(link(s.root + "/outside.ics", s.path(1, feed.path)) == 0)
        },
        Tampering(
            description: "an extra public page in the folder", expected: ["index.html: shard 1/3: is not listed in shard.json"]
        ) { s in
            try s.write(1, "index.html", "<script>alert(1)</script>")
        },
        Tampering(description: "an extra public page listed", expected: ["a page that is not the page of a feed"]) { s in
            let html = "<script>alert(1)</script>"
            try s.write(1, "about/index.html", html)
            try s.resign(1) {
                $0.pages.append(.init(path: "about/index.html", sha256: ShardTamperingTests.sha(html), size: html.utf8.count))
            }
        },
        Tampering(description: "an SVG with a script under a feed's folder", expected: ["a page that is not the page of a feed"])
        { s in
            let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>"
            let path = s.folder(of: try s.feed()) + "/x.svg"
            try s.write(1, path, svg)
            try s.resign(1) { $0.pages.append(.init(path: path, sha256: ShardTamperingTests.sha(svg), size: svg.utf8.count)) }
        },
        Tampering(description: "another shard's feed", expected: ["whom this build does not give shard 1/3"]) { s in
            let other = try s.feed(3)
            for file in [other.path, other.manifest] {
                try FileManager.default.createDirectory(
                    atPath: s.path(1, s.folder(of: other)), withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: s.path(3, file), toPath: s.path(1, file))
            }
            try s.resign(1) { $0.feeds.append(other) }
        },
        Tampering(
            description: "a feed moved to another token", expected: ["somewhere else than the folder its feed secret gives it"]
        ) { s in
            let feed = try s.feed()
            let moved = "feeds/AAAAAAAAAAAAAAAAAAAAAAAA"
            try FileManager.default.moveItem(atPath: s.path(1, s.folder(of: feed)), toPath: s.path(1, moved))
            try s.resign(1) { listing in
                let name = String(feed.path.split(separator: "/").last!)
                listing.feeds[0].path = moved + "/" + name
                listing.feeds[0].manifest = FeedPath.manifest(of: moved + "/" + name)
                listing.pages = listing.pages.map { page in
                    var page = page
                    if page.path.hasPrefix(s.folder(of: feed)) { page.path = moved + "/index.html" }
                    return page
                }
            }
        },
        Tampering(description: "a feed moved into a public folder", expected: ["somewhere else than the folder"]) { s in
            let feed = try s.feed()
            try FileManager.default.createDirectory(atPath: s.path(1, "feeds/schedules"), withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: s.path(1, feed.path), toPath: s.path(1, "feeds/schedules/x.ics"))
            try s.resign(1) { $0.feeds[0].path = "feeds/schedules/x.ics" }
        },
        Tampering(description: "a feed at feeds/holidays.ics", expected: ["somewhere else than the folder"]) { s in
            let feed = try s.feed()
            try FileManager.default.moveItem(atPath: s.path(1, feed.path), toPath: s.path(1, "feeds/holidays.ics"))
            try s.resign(1) {
                $0.feeds[0].path = "feeds/holidays.ics"
                $0.feeds[0].manifest = "feeds/holidays.json"
            }
        },
        Tampering(description: "a manifest at feeds/holidays.json", expected: ["a manifest that is not the one beside the feed"])
        {
            s in
            let feed = try s.feed()
            try FileManager.default.moveItem(atPath: s.path(1, feed.manifest), toPath: s.path(1, "feeds/holidays.json"))
            try s.resign(1) { $0.feeds[0].manifest = "feeds/holidays.json" }
        },
        Tampering(description: "a page at the record of personal feeds", expected: ["a page that is not the page of a feed"]) {
            s in
            let record = PersonalFeedRecord.path(secret: try FeedSecret(Fixture.secret))
            try s.write(1, record, "feeds/x\n")
            try s.resign(1) { $0.pages.append(.init(path: record, sha256: ShardTamperingTests.sha("feeds/x\n"), size: 8)) }
        },
        Tampering(description: "a feed changed with its digest and size", expected: ["its authentication code does not match"]) {
            s in
            let feed = try s.feed()
            let text = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"
            try s.write(1, feed.path, text)
            var listing = try s.listing(1)
            listing.feeds[0].sha256 = ShardTamperingTests.sha(text)
            listing.feeds[0].size = text.utf8.count
            try Data(listing.encoded).write(to: URL(fileURLWithPath: s.path(1, "shard.json")))
        },
        Tampering(description: "a feed's bytes changed", expected: ["is not the file its listing names"]) { s in
            let feed = try s.feed()
            var bytes = try Data(contentsOf: URL(fileURLWithPath: s.path(1, feed.path)))
            bytes[bytes.count - 3] ^= 1
            try bytes.write(to: URL(fileURLWithPath: s.path(1, feed.path)))
        },
        Tampering(description: "a feed manifest tampered", expected: ["is not the file its listing names"]) { s in
            let feed = try s.feed()
            let text = try String(contentsOfFile: s.path(1, feed.manifest), encoding: .utf8)
            try s.write(1, feed.manifest, text.replacingOccurrences(of: "\"version\"", with: "\"versiox\""))
        },
        Tampering(description: "forged inputs", expected: ["its authentication code does not match"]) { s in
            var listing = try s.listing(1)
            listing.inputs["content"] = String(repeating: "0", count: 64)
            try Data(listing.encoded).write(to: URL(fileURLWithPath: s.path(1, "shard.json")))
        },
        Tampering(description: "a page entry dropped", expected: ["its authentication code does not match"]) { s in
            var listing = try s.listing(1)
            listing.pages.removeFirst()
            try Data(listing.encoded).write(to: URL(fileURLWithPath: s.path(1, "shard.json")))
        },
        Tampering(description: "a page entry dropped and signed again", expected: ["the listing is incomplete"]) { s in
            try s.resign(1) { $0.pages.removeFirst() }
        },
        Tampering(description: "a feed listed twice", expected: ["a second feed of"]) { s in
            try s.resign(1) { $0.feeds.append($0.feeds[0]) }
        },
        Tampering(description: "a listing spelled otherwise", expected: ["its authentication code does not match"]) { s in
            let text = try String(contentsOfFile: s.path(1, "shard.json"), encoding: .utf8)
            try s.write(1, "shard.json", text.replacingOccurrences(of: "\" : ", with: "\": "))
        },
        Tampering(description: "a listing signed with another secret", expected: ["its authentication code does not match"]) {
            s in
            let listing = try s.listing(1)
            let key = ShardManifest.key(secret: try FeedSecret("another-feed-secret-0123456789"))
            try Data(listing.signed(key: key)).write(to: URL(fileURLWithPath: s.path(1, "shard.json")))
        },
        Tampering(description: "stale inputs signed again", expected: ["is stale: shard 1/3"]) { s in
            try s.resign(1) { $0.inputs["content"] = String(repeating: "0", count: 64) }
        },
    ]

    /// A release assembled from three shards, then three shards built against it and assembled
    /// into `public` once, kept for every case to copy.
    static let template: Result<String, FixtureError> = {
        do {
            let fixture = try Fixture()
            guard try ShardTests.buildSharded(fixture, into: "release").isEmpty else {
                return .failure(.unexpected("the release did not build"))
            }
            for k in 1...3 {
                let shard = try fixture.run(["build", "--quiet", "--shard", "\(k)/3", "--output", "s\(k)"] + previous)
                guard shard.status == 0 else { return .failure(.unexpected(shard.stderr)) }
            }
            let assembled = try fixture.run(
                ["build", "--quiet", "--assemble", "s1", "s2", "s3", "--output", "public"] + previous)
            guard assembled.status == 0 else { return .failure(.unexpected(assembled.stderr)) }
            let kept = Fixture.scratch.appendingPathComponent("shard-template-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
            for folder in ["s1", "s2", "s3", "public", "release"] {
                try Fixture.tool("/bin/cp", "-a", fixture.root.path + "/" + folder, kept + "/" + folder)
            }
            return .success(kept)
        } catch {
            return .failure(.unexpected("\(error)"))
        }
    }()

    /// The release every shard continues.
    static let previous = ["--previous-manifest", "release/manifest.json"]
    static let assemble = ["build", "--quiet", "--assemble", "t1", "t2", "t3", "--output", "public"] + previous

    /// A fixture holding the release, the built shards (`s1`…`s3`), their copies (`t1`…`t3`)
    /// and the assembled output.
    static func fixture() throws -> Fixture {
        let template = try template.get()
        let fixture = try Fixture()
        for k in 1...3 {
            try Fixture.tool("/bin/cp", "-a", template + "/s\(k)", fixture.root.path + "/s\(k)")
            try Fixture.tool("/bin/cp", "-a", template + "/s\(k)", fixture.root.path + "/t\(k)")
        }
        try Fixture.tool("/bin/cp", "-a", template + "/public", fixture.output)
        try Fixture.tool("/bin/cp", "-a", template + "/release", fixture.root.path + "/release")
        return fixture
    }

    @Test(arguments: cases)
    func aTamperedShardIsRefusedAndTheOutputKept(_ tampering: Tampering) throws {
        let fixture = try Self.fixture()
        let root = fixture.root.path
        try tampering.change(Shards(root: root))
        let before = Fixture.fingerprint(fixture.output)
        let run = try fixture.run(Self.assemble)
        #expect(run.status == 1, "\(run.stderr)")
        for text in tampering.expected { #expect(run.stderr.contains(text), "\(run.stderr)") }
        #expect(run.stderr.contains("fix:"))
        #expect(!run.stderr.contains(try FeedSecret(Fixture.secret).token(for: "zhang-san")), "a token was printed")
        #expect(Fixture.differences(before, Fixture.fingerprint(fixture.output)).isEmpty, "the output changed")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.contains("staging") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// The untouched copies assemble (the cases above fail for their change alone).
    @Test func theUntouchedCopiesAssemble() throws {
        let fixture = try Self.fixture()
        let run = try fixture.run(Self.assemble)
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// 20,000 entries a shard may not hold, in a listing signed with the secret: every one is a
    /// problem, and the report stays a screenful.
    @Test func manyProblemsPrintABoundedReport() throws {
        let fixture = try Self.fixture()
        let shards = Shards(root: fixture.root.path)
        try shards.resign(1) { listing in
            let feed = listing.feeds[0]
            listing.feeds += (0..<20_000).map { i in
                var bogus = feed
                bogus.subscriber = "bogus-\(i)"
                return bogus
            }
        }
        let run = try fixture.run(Self.assemble)
        #expect(run.status == 1)
        #expect(run.stderr.utf8.count < 20_000, "\(run.stderr.utf8.count) bytes of errors")
        #expect(run.stderr.contains("… and 19,990 more in t1/shard.json"), "\(run.stderr.suffix(2000))")
        #expect(run.stderr.contains("20,000 problems"), "\(run.stderr.suffix(500))")
    }

    /// A shard is built into a folder of its own, never into the site's output.
    @Test func aShardNeedsAnOutputOfItsOwn() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build", "--quiet"]).status == 0)
        let before = Fixture.fingerprint(fixture.output)
        let none = try fixture.run(["build", "--shard", "1/2"])
        #expect(none.status == 64 && none.stderr.contains("--shard needs --output"), "\(none.stderr)")
        let site = try fixture.run(["build", "--shard", "1/2", "--output", "./public/"])
        #expect(site.status == 64 && site.stderr.contains("the site's output"), "\(site.stderr)")
        try Fixture.tool("/bin/cp", "-a", fixture.output, fixture.root.path + "/copy")
        let copy = try fixture.run(["build", "--shard", "1/2", "--output", "copy"])
        #expect(copy.status == 1 && copy.stderr.contains("holds a site's output"), "\(copy.stderr)")
        #expect(copy.stderr.contains("fix:"))
        #expect(Fixture.differences(before, Fixture.fingerprint(fixture.output)).isEmpty)
    }
}
