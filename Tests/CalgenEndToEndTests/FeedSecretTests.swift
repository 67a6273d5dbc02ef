import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// Where the feed secret comes from when none is given.
@Suite(.endToEnd) struct FeedSecretTests {
    @Test func aLocalBuildMakesAndKeepsARandomSecretAndCIRefusesToGuess() throws {
        let site = try MiniSite.copy()
        defer { site.remove() }
        let first = try site.run(["build"], environment: ["CALGEN_FEED_SECRET": nil])
        #expect(first.status == 0)
        #expect(
            first.stderr.contains("note: personal feed URLs use the local random secret in .calgen-feed-secret (created now)"))
        let secretFile = site.root.appendingPathComponent(".calgen-feed-secret").path
        let attributes = try FileManager.default.attributesOfItem(atPath: secretFile)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let secret = try String(contentsOfFile: secretFile, encoding: .utf8)
        #expect(secret.count >= 40)
        let token = try FeedSecret(secret).token(for: "zhang-san")
        #expect(FileManager.default.fileExists(atPath: site.output + "/feeds/\(token)/zhang-san.ics"))
        #expect(token != FeedSecret.development.token(for: "zhang-san"))
        let second = try site.run(["feeds"], environment: ["CALGEN_FEED_SECRET": nil])
        #expect(second.stdout.contains("/feeds/\(token)/zhang-san.ics"))
        #expect(!second.stderr.contains("created now"))
        let ci = try site.run(["feeds"], environment: ["CALGEN_FEED_SECRET": nil, "CI": "true"])
        #expect(ci.status == 1 && ci.stderr.contains("personal feeds need a secret"))
    }
}
