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
        // "62 pages, 5 notes, 6 feeds (2 rendered with 184 events, 4 unchanged) for 4 subscribers;
        // version 1: 0 files written (0.0 MB), 1,555 unchanged": the personal feeds, whose inputs
        // did not change, are not even rendered again.
        #expect(report.pages == 63 && report.notes == 5 && report.feeds == 6 && report.subscribers == 4)
        #expect(report.feedsRendered == 2 && report.events == 184)
        #expect(report.version == 1 && report.filesWritten == 0 && report.filesUnchanged == 1559, "\(report)")
        #expect(rebuilt.files["stale.txt"] == nil)
        #expect(Fixture.differences(site.files, rebuilt.files).isEmpty)
    }

    /// A subscriber's feed is made from the schedule it names: editing the schedule's file renders
    /// that feed again, and only that one.
    @Test func anEditedScheduleRendersTheFeedsThatNameIt() throws {
        let site = try SmallSite.get()
        let fixture = try Fixture()
        let path = "Content/schedules/big-small-week.yml"
        let original = fixture.read(path) ?? ""
        #expect(original.contains("date: 2026-05-20"))
        try fixture.write(path, original.replacingOccurrences(of: "date: 2026-05-20", with: "date: 2026-05-21"))
        let rebuilt = try fixture.buildInMemory(previous: site.output)
        #expect(rebuilt.report.feedsRendered == 3, "\(rebuilt.report)")  // the public two and zhao-liu's
        let changed = Fixture.differences(site.files, rebuilt.files).filter { $0.hasPrefix("feeds/") && $0.hasSuffix(".ics") }
        #expect(changed.count == 1 && changed.first?.hasSuffix("/zhao-liu.ics") == true, "\(changed)")
    }
}
