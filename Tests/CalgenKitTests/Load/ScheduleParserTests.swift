import CalgenCore
import Testing

@testable import CalgenLoad

/// `Content/schedules/<id>.yml`, read from bytes in memory.
@Suite struct ScheduleParserTests {
    func parse(_ text: String, fileName: String = "dxz.yml") throws(ContentErrors) -> WorkSchedule {
        try ScheduleParser.parse(text, file: "Content/schedules/\(fileName)", fileName: fileName)
    }

    /// The diagnostics of a bad file, formatted.
    func problems(_ text: String) -> [Diagnostic] {
        do {
            _ = try parse(text)
            return []
        } catch {
            return error.diagnostics
        }
    }

    func d(_ s: String) -> CivilDate { CivilDate(iso: s)! }

    @Test func bigAndSmallWeeks() throws {
        let text = """
            name: 大小周
            national: holidays-only
            pattern:
              alternate:
                anchor: 2026-01-05
                weeks: [[mon..sat], [mon, tue, wed, thu, friday]]
            shift: day
            shifts:
              day: {start: "09:00", end: "18:00"}
            dates:
              - date: 2026-05-20
                day: off
                reason: 公司周年
              - from: 2026-12-31
                to: 2026-12-31
                day: half
                reason: 下午放假
            """
        let schedule = try parse(text)
        #expect(schedule.id == "dxz")
        #expect(schedule.name == "大小周")
        #expect(schedule.national == .holidaysOnly)
        #expect(
            schedule.pattern
                == .alternating(
                    anchor: d("2026-01-05"),
                    weeks: [
                        [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday],
                        [.monday, .tuesday, .wednesday, .thursday, .friday],
                    ]))
        #expect(schedule.shifts == [Shift(name: "day", start: TimeOfDay("09:00")!, end: TimeOfDay("18:00")!)])
        #expect(schedule.defaultShift == "day")
        #expect(schedule.dates.map(\.status) == [.off, .half])
        #expect(schedule.dates.map(\.reason) == ["公司周年", "下午放假"])
        #expect(schedule.dates[1].first == d("2026-12-31") && schedule.dates[1].last == d("2026-12-31"))
    }

    @Test func aRotationWithANightShift() throws {
        let text = """
            name: 做四休二
            national: ignore
            pattern:
              rotation: {anchor: 2025-12-29, cycle: [D, D, N, N, off, off]}
            shifts:
              D: {start: "08:00", end: "20:00"}
              N: {start: "20:00", end: "08:00"}
            """
        let schedule = try parse(text, fileName: "four-two.yml")
        #expect(schedule.pattern == .rotation(anchor: d("2025-12-29"), cycle: ["D", "D", "N", "N", nil, nil]))
        #expect(schedule.shift(named: "N")?.crossesMidnight == true)
        #expect(schedule.shift(named: "D")?.crossesMidnight == false)
    }

    @Test func theLastSaturdayOfTheMonth() throws {
        let schedule = try parse("pattern:\n  monthly: {worked: [last-saturday]}\n")
        #expect(
            schedule.pattern
                == .monthly(
                    weekly: [.monday, .tuesday, .wednesday, .thursday, .friday],
                    worked: [MonthWeekday(ordinal: -1, weekday: .saturday)!], off: []))
    }

    /// Without a pattern or a policy: Monday to Friday, following the national arrangement.
    @Test func defaults() throws {
        let schedule = try parse("name: Office\n")
        #expect(schedule.pattern == .weekly([.monday, .tuesday, .wednesday, .thursday, .friday]))
        #expect(schedule.national == .follow)
        #expect(schedule.dates.isEmpty)
        #expect(try parse("pattern:\n  weekly: [mon..sat]\n").pattern == .weekly(Array(Weekday.allCases.dropLast())))
    }

    /// One bad input per row: where it is reported, and what the message says; every one has a fix.
    static let badInputs: [(text: String, at: String, message: String)] = [
        ("nationl: follow\n", "1:1", #"unknown key "nationl""#),
        ("national: sometimes\n", "1:11", #""sometimes" is not a valid "national""#),
        ("pattern:\n  weekly: [mon]\n  rotation: {anchor: 2026-01-01, cycle: [off]}\n", "3:13", "a pattern has one kind"),
        (
            "pattern:\n  rotation: {anchr: 2026-01-01, cycle: [D]}\nshifts:\n  D: {start: \"08:00\", end: \"20:00\"}\n", "2:14",
            #"unknown key "anchr""#
        ),
        ("pattern:\n  alternate: {anchor: 1900-12-31, weeks: [[mon], [tue]]}\n", "2:23", "outside the years calgen knows"),
        (
            "pattern:\n  rotation: {anchor: 2026-01-01, cycle: [D, X, off]}\nshifts:\n  D: {start: \"08:00\", end: \"20:00\"}\n",
            "2:45", #""X" in "cycle" is not a shift"#
        ),
        ("pattern:\n  rotation: {anchor: 2026-01-01, cycle: []}\n", "2:41", "\"cycle\" must be a list of 1 to 366 days, found 0"),
        (
            "pattern:\n  rotation: {anchor: 2026-01-01, cycle: [" + Array(repeating: "off", count: 367).joined(separator: ", ")
                + "]}\n", "2:41", "found 367"
        ),
        ("dates:\n  - {from: 2026-07-05, to: 2026-07-01, day: off, reason: x}\n", "2:28", #""to" (2026-07-01) is before "from""#),
        (
            "dates:\n  - {from: 2026-07-01, to: 2026-07-05, day: off, reason: x}\n  - {date: 2026-07-03, day: worked, reason: y}\n",
            "3:5", "overlap those of the entry on line 2"
        ),
        (
            "dates:\n  - {date: 2026-07-03, day: off, reason: y, shift: D}\nshifts:\n  D: {start: \"08:00\", end: \"20:00\"}\n",
            "2:52", "a day off has no shift"
        ),
        ("pattern:\n  monthly: {worked: [last-saturday], off: [last-saturday]}\n", "2:43", "is both worked and off"),
        ("pattern:\n  monthly: {weekly: [mon..sat], worked: [last-saturday]}\n", "2:41", "is worked every week already"),
        ("pattern:\n  weekly: [mon, sat..mon]\n", "2:17", "is not a weekday or a run of weekdays"),
        ("pattern:\n  weekly: [mon, mon]\n", "2:17", #""mon" names monday a second time"#),
        ("pattern:\n  alternate: {anchor: 2026-01-05, weeks: [[mon..fri], [mon..fri]]}\n", "2:42", "works the same days"),
        ("shift: D\n", "1:8", #""shift" names "D", which is not under "shifts""#),
        ("shifts:\n  off: {start: \"08:00\", end: \"20:00\"}\n", "2:3", "not a shift"),
        ("shifts:\n  D: {start: \"08:00\"}\n", "2:6", #"the shift "D" needs "end""#),
        ("dates:\n  - {date: 2026-07-03, day: off}\n", "2:5", #"missing required key "reason""#),
        ("audience: everyone\n", "1:11", #""everyone" is not a valid "audience""#),
        ("encoding: tiny\n", "1:11", #""tiny" is not a valid "encoding""#),
    ]

    @Test(arguments: badInputs.indices)
    func badInputIsLocatedWithAFix(_ index: Int) throws {
        let row = Self.badInputs[index]
        let found = problems(row.text)
        let match = try #require(found.first { $0.message.contains(row.message) }, "\(found.map(\.formatted))")
        #expect(match.formatted.hasPrefix("Content/schedules/dxz.yml:\(row.at): error: "), "\(match.formatted)")
        #expect(match.fix != nil)
    }

    /// Every problem of a file at once.
    @Test func allProblemsOfAFileTogether() {
        let text = """
            nationl: follow
            pattern:
              rotation: {anchor: 2026-01-01, cycle: [D, X]}
            shifts:
              D: {start: "25:00", end: "08:00"}
            dates:
              - {from: 2026-07-05, to: 2026-07-01, day: off, reason: x}
            """
        let found = problems(text).map(\.message)
        #expect(found.contains { $0.contains("unknown key \"nationl\"") }, "\(found)")
        #expect(found.contains { $0.contains("\"X\" in \"cycle\"") })
        #expect(found.contains { $0.contains("\"start\" must be a time") })
        #expect(found.contains { $0.contains("is before \"from\"") })
    }

    @Test func aFileNameThatIsNoIdAndAnEmptyFile() {
        #expect(throws: ContentErrors.self) { try parse("name: x\n", fileName: "Big Week.yml") }
        #expect(throws: ContentErrors.self) { try parse("") }
    }
}
