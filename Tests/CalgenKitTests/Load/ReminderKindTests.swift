import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenKit

/// One row per reminder kind: its entry in a subscriber file, read by the parser and scheduled
/// by its rule over October 2026 (国庆节 10-01…10-07, make-up Saturday 10-10, 重阳 10-18).
/// A new kind without a row fails `everyKindHasARow`.
@Suite struct ReminderKindTests {
    static let rows: [ReminderKind.Name: (entry: String, dates: [String])] = [
        .workdays: ("", ["10-08", "10-09", "10-10", "10-12"]),
        .makeupEve: ("", ["10-09"]),
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

    @Test(arguments: ReminderKind.Name.allCases)
    func readAndScheduled(_ name: ReminderKind.Name) throws {
        let row = try #require(Self.rows[name])
        let text = "reminders:\n  - id: r\n    title: t\n    all-day: true\n    kind: \(name.rawValue)\n" + row.entry
        let subscriber = try SubscriberParser.parse(
            text, file: "users/a.yml", fileName: "a.yml", defaultTimeZone: "Asia/Shanghai")
        let reminder = try #require(subscriber.reminders.first)
        #expect(reminder.kind.name == name)
        let schedule = ReminderSchedule(
            calendar: try Self.calendar.get(), first: CivilDate(year: 2026, month: 10, day: 1)!,
            last: CivilDate(year: 2026, month: 10, day: 31)!)
        let dates = schedule.dates(of: reminder).map { String($0.iso8601.dropFirst(5)) }
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
