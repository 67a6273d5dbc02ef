import CalgenCore
import Testing

/// Workdays between two dates.
struct DayTallyTests {
    @Test func theYear2026() {
        let tally = AlmanacTests.almanac.tally(
            from: TestData.date("2026-01-01"), through: TestData.date("2026-12-31"))
        #expect(tally.days == 365 && tally.workdays == 248 && tally.makeupWorkdays == 6 && tally.offDays == 117)
        #expect(tally.statutoryDays == 13 && tally.unknown == 0)
    }

    @Test func aSpanIntoAnUnannouncedYear() {
        let tally = AlmanacTests.almanac.tally(
            from: TestData.date("2027-12-31"), through: TestData.date("2028-01-02"))
        #expect(tally.days == 3 && tally.statutoryDays == 1)
        #expect(tally.workdays + tally.offDays + tally.unknown == 3)
        #expect(AlmanacTests.almanac.tally(from: TestData.date("2026-01-02"), through: TestData.date("2026-01-01")).days == 0)
    }
}
