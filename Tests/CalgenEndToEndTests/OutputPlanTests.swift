import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// What a build plans against the previous output: a stray file removed, and feeds whose inputs
/// did not change kept without rendering. (Unchanged inputs over their own output write
/// nothing: `PublisherHistoryTests`.)
@Suite(.endToEnd) struct OutputPlanTests {
    @Test func aStrayFileGoesAndUnchangedFeedsAreKept() throws {
        let site = try SmallSite.get()
        let previous = site.output + [OutputFile(path: "stale.txt", bytes: Array("left over".utf8))]
        let rebuilt = try Fixture().buildInMemory(previous: previous)
        let report = rebuilt.report
        // "224 pages, 5 notes, 23 feeds (17 rendered with 1,920 events, 6 unchanged) for 6
        // subscribers; version 1: 0 files written (0.0 MB), 1,769 unchanged": the personal feeds,
        // whose inputs did not change, are not even rendered again (the public ones, 2 + 8
        // variants + 3 announced years, and the public schedules' always are: the site manifest
        // hashes them).
        #expect(report.pages == 224 && report.notes == 5 && report.feeds == 23 && report.subscribers == 6, "\(report)")
        #expect(report.feedsRendered == 17 && report.events == 1920)
        #expect(report.version == 1 && report.filesWritten == 0 && report.filesUnchanged == 1769, "\(report)")
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
        // The public two, the 11 variants (8, and 3 announced years), the four public schedules'
        // and zhao-liu's.
        #expect(rebuilt.report.feedsRendered == 18, "\(rebuilt.report)")
        let changed = Fixture.differences(site.files, rebuilt.files).filter { $0.hasPrefix("feeds/") && $0.hasSuffix(".ics") }
            .sorted()
        #expect(changed.count == 2, "\(changed)")
        #expect(changed.contains("feeds/schedules/big-small-week.ics"), "\(changed)")
        #expect(changed.contains { $0.hasSuffix("/zhao-liu.ics") }, "\(changed)")
    }
}
