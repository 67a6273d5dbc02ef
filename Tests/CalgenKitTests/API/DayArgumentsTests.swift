import CalgenCore
import CalgenRender
import Testing

/// `calgen day`'s arguments: every date, count and lunar date outside what it answers is an error
/// naming the supported range, never a trap.
@Suite struct DayArgumentsTests {
    static let today = CivilDate(year: 2026, month: 11, day: 21)!

    static func parse(
        _ date: String, lunar: Bool = false, leap: Bool = false, add: Int? = nil, schedule: String? = nil,
        today: CivilDate = today
    ) -> Result<DayArguments, DayArgumentError> {
        do {
            return .success(
                try DayArguments.parse(date, lunar: lunar, leap: leap, addWorkdays: add, schedule: schedule, today: { today }))
        } catch let error as DayArgumentError {
            return .failure(error)
        } catch {
            Issue.record("an error that is not a DayArgumentError: \(error)")
            return .failure(DayArgumentError(message: "\(error)", fix: "", isUsage: false))
        }
    }

    static func message(_ result: Result<DayArguments, DayArgumentError>) -> String {
        if case .failure(let error) = result { return error.message + " / " + error.fix }
        return "accepted"
    }

    @Test func readsDatesRangesTodayAndTomorrow() throws {
        let one = try DayArgumentsTests.parse("2026-10-01").get()
        #expect(one.first == CivilDate(year: 2026, month: 10, day: 1)! && one.first == one.last && !one.isRange)
        let range = try DayArgumentsTests.parse("2026-01-01..2026-12-31").get()
        #expect(range.isRange && range.last == CivilDate(year: 2026, month: 12, day: 31)!)
        #expect(try DayArgumentsTests.parse("TOMORROW").get().first == CivilDate(year: 2026, month: 11, day: 22)!)
        #expect(try DayArgumentsTests.parse("today..2026-12-01").get().first == DayArgumentsTests.today)
        #expect(try DayArgumentsTests.parse("2100-12-31").get().almanacYears == 2100...2100)
        #expect(try DayArgumentsTests.parse("1901-01-01", add: 3, schedule: "night").get().almanacYears == 1901...1912)
    }

    @Test(arguments: ["2101-01-01", "1900-12-31", "0000-01-01", "9999-12-31", "1900-12-31..1901-01-01", "2100-12-31..2101-01-01"])
    func refusesDatesOutside1901To2100(_ date: String) {
        #expect(DayArgumentsTests.message(DayArgumentsTests.parse(date)).contains("1901-01-01..2100-12-31"))
    }

    @Test func tomorrowOfTheLastDayIsAnError() throws {
        let last = CivilDate(year: 2100, month: 12, day: 31)!
        let result = DayArgumentsTests.parse("tomorrow", today: last)
        #expect(
            DayArgumentsTests.message(result).contains(
                "tomorrow is 2101-01-01, outside the supported dates 1901-01-01..2100-12-31"))
        #expect(try DayArgumentsTests.parse("today", today: last).get().first == last)
    }

    @Test(arguments: [Int.min, Int.max, -100_001, 100_001, Int.min + 1])
    func refusesCountsBeyondTheLimit(_ count: Int) {
        for schedule in [nil, "night"] as [String?] {
            let message = DayArgumentsTests.message(DayArgumentsTests.parse("2026-10-01", add: count, schedule: schedule))
            #expect(message.contains("--add-workdays takes a count from -100000 to 100000"), "\(message)")
        }
        #expect((try? DayArgumentsTests.parse("2026-10-01", add: -100_000).get()) != nil)
    }

    @Test func zeroWorkdaysIsRefusedWithWhatToUse() {
        let message = DayArgumentsTests.message(DayArgumentsTests.parse("2026-10-01", add: 0))
        #expect(message.contains("--add-workdays 0 counts no workday") && message.contains("leave out --add-workdays"))
    }

    @Test func lunarDatesOutsideTheLunarYears1901To2100AreRefused() throws {
        for date in ["1900-12-15", "1900-01-01", "0000-01-01", "2101-01-01"] {
            let result = DayArgumentsTests.parse(date, lunar: true)
            #expect(DayArgumentsTests.message(result).contains("supported lunar years 1901–2100"), "\(date)")
        }
        #expect(try DayArgumentsTests.parse("2031-08-15", lunar: true).get().first == CivilDate(year: 2031, month: 10, day: 1)!)
        // 2100's 腊月 ends in 2101: its last days are outside the Gregorian range, and refused.
        #expect(DayArgumentsTests.message(DayArgumentsTests.parse("2100-12-29", lunar: true)).contains("outside"))
        for date in ["2026-00-01", "2026-13-01", "2026-99-99", "2026-01-00", "2026-01-31", "2023-02-31"] {
            guard case .failure(let error) = DayArgumentsTests.parse(date, lunar: true) else {
                Issue.record("\(date) was accepted")
                continue
            }
            #expect(!error.isUsage)
        }
        #expect(DayArgumentsTests.message(DayArgumentsTests.parse("2026-01-01", leap: true)).contains("--leap goes with --lunar"))
    }

    @Test(arguments: ["", "a/b", "../x", "x\ny", String(repeating: "x", count: 201), "a b"])
    func refusesScheduleIDsThatNameNoFile(_ id: String) {
        #expect(
            DayArgumentsTests.message(DayArgumentsTests.parse("2026-10-01", schedule: id)).contains("--schedule takes the id"))
    }

    @Test(arguments: ["", "..", "2026-10-01..", "a..b..c", "2026-1-01", "２０２６-10-01", "2026-10-01\u{0}", "yesterday"])
    func refusesWhatIsNotADate(_ date: String) {
        guard case .failure(let error) = DayArgumentsTests.parse(date) else {
            Issue.record("\(date.debugDescription) was accepted")
            return
        }
        #expect(error.isUsage && !error.message.unicodeScalars.contains { $0.value < 0x20 })
    }
}
