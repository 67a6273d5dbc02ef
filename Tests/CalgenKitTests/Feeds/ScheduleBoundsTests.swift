import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenLoad
@testable import CalgenRender

/// Work schedules held to the standard of the other inputs: disjoint UID recipes, a shift-start
/// reminder that can ring, and a bounded number of schedules. (Through whole builds, UIDs no
/// other feed has and many dates and markup accepted: `ScheduleBoundsBuildTests`.)
@Suite struct ScheduleBoundsTests {
    @Test func theUIDRecipesAreDisjoint() {
        #expect(FeedUIDs.reminder("schedule", "office") == "user:schedule.office.")
        #expect(FeedUIDs.reminder("zhang-san", "office") == "zhang-san.office.")
        #expect(!FeedUIDs.reminder("schedule", "office").hasPrefix(FeedUIDs.schedule("office")))
        #expect(FeedUIDs.schedule("office") == "schedule.office.")
        #expect(FeedUIDs.personal("schedule") == "schedule.")
    }

    @Test func aShiftStartReminderOnAScheduleThatGivesNoDayAShiftIsAnError() {
        let shift = Shift(name: "D", start: TimeOfDay("08:00")!, end: TimeOfDay("20:00")!)
        let office = WorkSchedule(id: "office", name: "办公室", pattern: .weekly([.monday, .tuesday]), shifts: [shift])
        let text = "name: 测试\nschedule: office\nreminders:\n  - id: a\n    kind: shift-start\n    title: 上班\n"
        func problems(_ schedule: WorkSchedule) -> [Diagnostic] {
            do {
                _ = try SubscriberParser.parse(
                    text, file: "users/x.yml", fileName: "x.yml", defaultTimeZone: "Asia/Shanghai", schedules: [schedule])
                return []
            } catch {
                return error.diagnostics
            }
        }
        let found = problems(office)
        #expect(found.count == 1)
        #expect(
            found.first?.formatted.hasPrefix(
                #"users/x.yml:5:11: error: a shift-start reminder needs days with a shift, and the schedule "office" gives none"#)
                == true)
        #expect(found.first?.fix?.hasPrefix("add `shift: D` to schedules/office.yml") == true)
        // With a default shift, or a date naming one, it rings.
        let withDefault = WorkSchedule(
            id: "office", name: "办公室", pattern: .weekly([.monday]), shifts: [shift], defaultShift: "D")
        #expect(problems(withDefault).isEmpty)
        let date = ScheduleDate(first: CivilDate(year: 2026, month: 5, day: 20)!, status: .worked, reason: "加班", shift: "D")!
        let withDate = WorkSchedule(id: "office", name: "办公室", pattern: .weekly([.monday]), shifts: [shift], dates: [date])
        #expect(problems(withDate).isEmpty)
    }

    @Test func moreSchedulesThanTheLimitAreRefusedBeforeAnyIsRead() throws {
        let fixture = try Fixture(.mini)
        for index in 0...Limits.schedules {
            // Each file is broken: none is parsed when there are too many.
            try fixture.write("Content/schedules/s\(String(format: "%03d", index)).yml", "nationl: follow\n")
        }
        let thrown = #expect(throws: ContentErrors.self) { try fixture.buildInMemory() }
        let found = (thrown?.diagnostics ?? []).map(\.formatted)
        #expect(found.count == 1, "\(found.prefix(3))")
        #expect(
            found.first?.hasSuffix(
                "schedules/s100.yml:1:1: error: schedules/ holds 101 work schedules (public and private); the limit is 100 per site"
            )
                == true, "\(found)")
    }
}
