import CalgenKit
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// What a build plans against the previous output: a stray file removed, and feeds whose inputs
/// did not change kept without rendering. (Unchanged inputs over their own output write
/// nothing: `PublisherHistoryTests`.)
@Suite struct OutputPlanTests {
    @Test func aStrayFileGoesAndUnchangedFeedsAreKept() throws {
        let site = try SmallSite.get()
        let previous = site.output + [OutputFile(path: "stale.txt", bytes: Array("left over".utf8))]
        let rebuilt = try Fixture().buildInMemory(previous: previous)
        let report = rebuilt.report
        // "62 pages, 5 notes, 5 feeds (2 rendered with 184 events, 3 unchanged) for 3 subscribers;
        // version 1: 0 files written (0.0 MB), 1,551 unchanged": the personal feeds, whose inputs
        // did not change, are not even rendered again.
        #expect(report.pages == 63 && report.notes == 5 && report.feeds == 5 && report.subscribers == 3)
        #expect(report.feedsRendered == 2 && report.events == 184)
        #expect(report.version == 1 && report.filesWritten == 0 && report.filesUnchanged == 1556, "\(report)")
        #expect(rebuilt.files["stale.txt"] == nil)
        #expect(Fixture.differences(site.files, rebuilt.files).isEmpty)
    }
}
