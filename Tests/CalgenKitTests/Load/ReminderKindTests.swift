import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenLoad

/// One row per reminder kind: its entry in a subscriber file, read by the parser and scheduled
/// by its rule over October 2026 (国庆节 10-01…10-07, make-up Saturday 10-10, 重阳 10-18).
/// A new kind without a row fails `everyKindHasARow`.
@Suite struct ReminderKindTests {
    static let rows: [ReminderKind.Name: (entry: String, dates: [String])] = [
        .workdays: ("", ["10-08", "10-09", "10-10", "10-12"]),
        .makeupEve: ("", ["10-09"]),
        // By the rotation of `rotation` (below), whose cycle is at N on 10-01.
        .shiftStart: ("", ["10-01", "10-04", "10-05", "10-06"]),
        .weekly: ("    on: [sat]\n    skip-off-days: true\n", ["10-10"]),
        .monthly: ("    day: 1\n    adjust: next-workday\n", ["10-08"]),
        .yearly: ("    month: 10\n    day: 31\n", ["10-31"]),
        .lunarYearly: ("    month: 9\n    day: 9\n", ["10-18"]),
        .once: ("    date: 2026-10-20\n", ["10-20"]),
        .sequence: ("    start: 2026-10-05\n    every: 10d\n    count: 3\n", ["10-05", "10-15", "10-25"]),
    ]

    static let calendar = Result {
        try ContentLoader(contentDirectory: Fixture.repositoryRoot.appendingPathComponent("Content").path).loadCalendar()
    }

    @Test func everyKindHasARow() {
        #expect(Set(Self.rows.keys) == Set(ReminderKind.Name.allCases))
        #expect(SubscriberParser.kinds == ReminderKind.Name.allCases.map(\.rawValue))
    }

    /// 做四休二 from 2026-01-01, for the shift-start row: a subscriber with it has a schedule.
    static let rotation = WorkSchedule(
        id: "rotation", name: "做四休二", national: .ignore,
        pattern: .rotation(anchor: CivilDate(year: 2026, month: 1, day: 1)!, cycle: ["D", "D", "N", "N", nil, nil]),
        shifts: [
            Shift(name: "D", start: TimeOfDay(hour: 8, minute: 0)!, end: TimeOfDay(hour: 20, minute: 0)!),
            Shift(name: "N", start: TimeOfDay(hour: 20, minute: 0)!, end: TimeOfDay(hour: 8, minute: 0)!),
        ])

    @Test(arguments: ReminderKind.Name.allCases)
    func readAndScheduled(_ name: ReminderKind.Name) throws {
        let row = try #require(Self.rows[name])
        // A shift-start reminder takes its times from the shift, of the subscriber's schedule.
        let shifts = name == .shiftStart
        let text =
            (shifts ? "schedule: rotation\n" : "") + "reminders:\n  - id: r\n    title: t\n"
            + (shifts ? "" : "    all-day: true\n") + "    kind: \(name.rawValue)\n" + row.entry
        let subscriber = try SubscriberParser.parse(
            text, file: "users/a.yml", fileName: "a.yml", defaultTimeZone: "Asia/Shanghai", schedules: [Self.rotation])
        let reminder = try #require(subscriber.reminders.first)
        #expect(reminder.kind.name == name)
        let calendar = try Self.calendar.get()
        let schedule = ReminderSchedule(
            calendar: calendar, first: CivilDate(year: 2026, month: 10, day: 1)!,
            last: CivilDate(year: 2026, month: 10, day: 31)!)
        let work =
            subscriber.schedule == nil
            ? nil : ScheduleEvaluator(schedule: Self.rotation, almanac: Almanac(calendar: calendar, years: 2026...2026))
        let dates = schedule.dates(of: reminder, following: work).map { String($0.iso8601.dropFirst(5)) }
        #expect(Array(dates.prefix(row.dates.count)) == row.dates)
    }

    /// A kind's own keys belong to it alone: another kind's key is an error with the kind named.
    @Test func anotherKindsKeyIsNamed() {
        let text = "reminders:\n  - id: r\n    title: t\n    kind: once\n    date: 2026-10-20\n    every: 10d\n"
        #expect(throws: ContentErrors.self) {
            try SubscriberParser.parse(text, file: "users/a.yml", fileName: "a.yml", defaultTimeZone: "Asia/Shanghai")
        }
    }
}
