import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenRecord
@testable import CalgenRender

/// The feeds of whole builds of an edited site: UIDs through a data correction, the secret and
/// the epoch in personal feed paths, festivals added to a personal feed, rebuilds byte for byte,
/// a lost feed written again, and a feed too large for Google. (The feeds of the bundled site's
/// build: `FeedTests`.)
@Suite(.endToEnd) struct FeedBuildTests {
    @Test func publicUIDsSurviveADataCorrectionThatDoesNotTouchThem() throws {
        let first = try SmallSite.get()
        let before = first.read("feeds/holidays.ics") ?? ""
        let fixture = try Fixture()
        // Correct 2026: drop the 2026-01-04 make-up day (a change to New Year's Day only).
        let path = "Content/holidays/2026.json"
        let json = fixture.read(path)!
        let edited = json.replacingOccurrences(
            of: #"\{\s*"name":\s*"元旦",\s*"date":\s*"2026-01-04",\s*"isOffDay":\s*false\s*\},?"#, with: "",
            options: .regularExpression)
        #expect(edited != json)
        try fixture.write(path, edited)
        let after = try fixture.buildInMemory(previous: first.output).read("feeds/holidays.ics") ?? ""
        func event(_ uid: String, in feed: String) -> String? {
            guard let start = feed.range(of: "UID:" + uid) else { return nil }
            return String(feed[start.lowerBound..<feed[start.lowerBound...].range(of: "END:VEVENT")!.upperBound])
        }
        #expect(event("holiday-2026-national-day@", in: before) == event("holiday-2026-national-day@", in: after))
        #expect(event("holiday-2026-spring-festival@", in: before) != nil)
        #expect(event("holiday-2026-spring-festival@", in: before) == event("holiday-2026-spring-festival@", in: after))
        #expect(event("makeup-20260104@", in: before) != nil && event("makeup-20260104@", in: after) == nil)
        #expect(event("holiday-2026-new-year-s-day@", in: after) != nil)
    }

    @Test func theSecretAndTheEpochDecideTheURL() throws {
        let secret = try FeedSecret("a-long-enough-secret-for-tests")
        #expect(secret.token(for: "zhang-san") != FeedSecret.development.token(for: "zhang-san"))
        #expect(secret.token(for: "zhang-san") != secret.token(for: "li-si"))
        #expect(secret.token(for: "zhang-san", epoch: 1) != secret.token(for: "zhang-san"))
        #expect(secret.token(for: "zhang-san") == (try FeedSecret(" a-long-enough-secret-for-tests\n")).token(for: "zhang-san"))
        #expect(throws: FeedSecretError.self) { try FeedSecret("short") }
        let fixture = try Fixture()
        let built = try fixture.buildInMemory { $0.feedSecret = secret }
        #expect(built.report.warnings.isEmpty)
        #expect(FeedFiles.personal(built.files)["zhang-san"]!.hasPrefix("feeds/\(secret.token(for: "zhang-san"))/"))
        // The development secret works, and the build says it is not for publishing.
        let development = try fixture.buildInMemory(previous: built.output) { $0.feedSecret = .development }
        #expect(development.report.warnings == [FeedSecret.developmentWarning])
        #expect(
            FeedFiles.personal(development.files)["zhang-san"]!.hasPrefix(
                "feeds/\(FeedSecret.development.token(for: "zhang-san"))/"))
    }

    /// The warnings of the fixture's feeds, rendered alone (no pages, no API) into memory.
    static func feedWarnings(_ fixture: borrowing Fixture) throws -> [Diagnostic] {
        let options = fixture.options()
        let (site, sources) = try options.loader.loadWithSources()
        let feeds = FeedSet(
            site: site, today: site.config.civilDate(of: options.now), generatedAt: options.now, secret: options.feedSecret,
            sources: sources)
        return try feeds.render(previous: .none, sink: MemorySink()).flatMap(\.warnings)
    }

    @Test func aFeedLargerThanGoogleAcceptsIsAWarning() throws {
        let fixture = try Fixture(.bundled)
        let file = fixture.content + "/users/zhang-san.yml"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        try fixture.write(
            "Content/users/zhang-san.yml",
            original.replacingOccurrences(of: "encoding: expanded", with: "encoding: expanded\nyears-before: 2"))
        let warnings = try Self.feedWarnings(fixture)
        #expect(warnings.count == 1)
        #expect(warnings.first?.file.hasSuffix("users/zhang-san.yml") == true)
        #expect(warnings.first?.message.contains("has 1291 events (more than 1000)") == true, "\(warnings)")
        #expect(warnings.first?.fix?.contains("encoding: compact") == true)
        try fixture.write(
            "Content/users/zhang-san.yml",
            original.replacingOccurrences(of: "encoding: expanded", with: "encoding: compact\nyears-before: 2"))
        #expect(try Self.feedWarnings(fixture).isEmpty)
    }

    /// A personal feed with holidays, festivals and solar terms names each festival once: the
    /// holiday event says 春节, 国庆节 and 中秋节 already.
    @Test func personalFeedsAddFestivalsWithoutRepeatingTheirHolidays() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Content/users/zhao.yml",
            "name: 赵\ncalendar: 赵的日历\ntimezone: Asia/Shanghai\nholidays: true\nfestivals: true\nsolar-terms: true\nreminders: []\n"
        )
        let first = try fixture.buildInMemory()
        let zhao = FeedFiles.personal(first.files)["zhao"] ?? ""
        #expect(zhao.contains("UID:zhao.holiday-2026-spring-festival@"))
        #expect(zhao.contains("UID:zhao.festival-20260216-new-year-s-eve@"))  // 除夕 is not the break's name
        #expect(!zhao.contains("UID:zhao.festival-20260217-spring-festival@"))
        #expect(!zhao.contains("UID:zhao.festival-20261001-national-day@"))
        #expect(!zhao.contains("UID:zhao.festival-20260925-mid-autumn-festival@"))
        #expect(!zhao.contains("UID:zhao.festival-20251006-mid-autumn-festival@"))  // in 国庆节、中秋节
        #expect(zhao.contains("UID:zhao.festival-20261018-double-ninth-festival@"))
        #expect(zhao.contains("UID:zhao.term-20261222-winter-solstice@"))
        // 2027 has no announced break: its 春节 is a festival event.
        #expect(zhao.contains("UID:zhao.festival-20270206-spring-festival@"))
        try fixture.write(
            "Content/users/zhao.yml", "name: 赵\ncalendar: 赵的日历\ntimezone: Asia/Shanghai\nsolar-terms: true\nreminders: []\n")
        let terms = FeedFiles.personal(try fixture.buildInMemory(previous: first.output).files)["zhao"] ?? ""
        #expect(terms.contains("UID:zhao.term-20260405-pure-brightness@"))  // no 清明节 here to stand for it
        #expect(!terms.contains("festival-"))
    }

    @Test func rebuildsGiveTheSameFeedsByteForByte() throws {
        let built = try SmallSite.get()
        let first = built.files.filter { $0.key.hasPrefix("feeds/") }
        let second = try Fixture().buildInMemory(previous: built.output).files.filter { $0.key.hasPrefix("feeds/") }
        // 23 feeds (holidays, festivals, 8 variants, 3 years, 4 schedules, 6 personal) and their
        // manifests, the page beside each of the 6 personal feeds, and the record of personal feeds
        #expect(first.count == 53 && Fixture.differences(first, second).isEmpty)
    }

    /// A personal feed that nothing changed but that is gone from the output (its manifest is
    /// still there) is written again, the same bytes, instead of kept from a file that is not
    /// there.
    @Test func aLostUnchangedFeedIsWrittenAgain() throws {
        let built = try SmallSite.get()
        let lost = try #require(built.files.keys.first { $0.hasSuffix("/zhang-san.ics") })
        let second = try Fixture().buildInMemory(previous: built.output(replacing: lost, with: nil))
        #expect(second.files[lost] == built.files[lost])
        #expect(!second.build.report.changed)
    }
}
