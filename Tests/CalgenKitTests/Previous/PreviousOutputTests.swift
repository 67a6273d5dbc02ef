import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenRecord

/// A previous output that calgen did not leave as it was, held in memory: a missing listed feed
/// manifest is an error with its place, and `allowReset` reads on without it. (Under whole
/// builds: `PreviousOutputBuildTests`; through the command line and the disk:
/// `PreviousOutputCommandTests`.)
@Suite struct PreviousOutputTests {
    static let secret = try! FeedSecret(Fixture.secret)

    @Test func aMissingListedFeedManifestIsAnErrorUnlessReset() throws {
        let output = try SmallSite.get().output(replacing: "feeds/holidays.json", with: nil)
        let record = PersonalFeedRecord.path(secret: Self.secret)
        let thrown = #expect(throws: ContentErrors.self) {
            try PreviousOutput.inMemory(output, allowReset: false, record: record)
        }
        let problem = thrown?.diagnostics.first { $0.message.contains("feeds/holidays.json") }
        #expect(problem?.message.contains("which is missing") == true, "\(thrown?.diagnostics ?? [])")
        #expect(problem?.fix?.contains("--allow-reset") == true)
        if case .jsonPath(let path)? = problem?.location {
            #expect(path.hasPrefix("artifacts["))
        } else {
            Issue.record("no path")
        }
        // With allowReset the previous output reads, without the missing feed.
        let previous = try PreviousOutput.inMemory(output, allowReset: true, record: record)
        #expect(previous.feeds["feeds/holidays.ics"] == nil && previous.manifest != nil)
        #expect(previous.feeds["feeds/festivals.ics"] != nil)
    }
}
