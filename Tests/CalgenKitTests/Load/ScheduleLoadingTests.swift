import CalgenCore
import CalgenLoad
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// `Content/schedules/` is read with the rest of the content, before the subscribers that name its schedules.
@Suite struct ScheduleLoadingTests {
    @Test func theBundledSchedulesLoad() throws {
        let site = try ContentLoader(contentDirectory: Fixture.repositoryRoot.appendingPathComponent("Content").path).load()
        #expect(site.schedules.map(\.id) == ["big-small-week", "four-on-two-off", "hospital-rotation", "six-day-shop"])
        let bigSmall = try #require(site.schedules.first)
        let evaluator = ScheduleEvaluator(schedule: bigSmall, almanac: site.almanac)
        // 2026-02-14, a make-up Saturday in a short week: worked, since the schedule follows the arrangement.
        let makeup = evaluator.day(CivilDate(year: 2026, month: 2, day: 14)!)
        #expect(makeup.work == .worked)
        #expect(makeup.reason == .nationalMakeup)
        #expect(makeup.shift?.start.description == "09:00")
        #expect(evaluator.day(CivilDate(year: 2026, month: 5, day: 20)!).detail == "公司周年")
    }

    @Test func aBadScheduleFailsTheBuildWithEveryOtherProblem() throws {
        let fixture = try Fixture(.mini)
        try fixture.write("Content/schedules/shifts.yml", "pattern:\n  rotation: {anchor: 2026-01-01, cycle: [X]}\n")
        try fixture.write("Content/schedules/office.yml", "nationl: follow\n")
        try fixture.write("Content/users/bad.yml", "colour: red\n")
        let thrown = #expect(throws: ContentErrors.self) { try fixture.buildInMemory() }
        let found = (thrown?.diagnostics ?? []).map(\.formatted)
        #expect(
            found.contains { $0.hasSuffix(#"schedules/shifts.yml:2:42: error: "X" in "cycle" is not a shift under "shifts""#) },
            "\(found)")
        #expect(found.contains { $0.hasSuffix(#"schedules/office.yml:1:1: error: unknown key "nationl""#) }, "\(found)")
        #expect(found.contains { $0.contains("users/bad.yml:1:1") }, "\(found)")
    }

    @Test func noSchedulesFolderIsNoSchedules() throws {
        let fixture = try Fixture(.mini)
        #expect(try ContentLoader(contentDirectory: fixture.content).loadSchedules().isEmpty)
    }
}
