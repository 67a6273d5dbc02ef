import CalgenCore
import Testing

@Suite struct CivilDateTests {
    @Test func parsesAndFormatsISODates() {
        let d = CivilDate(iso: "2026-10-08")
        #expect(d == CivilDate(year: 2026, month: 10, day: 8))
        #expect(d?.iso8601 == "2026-10-08")
        #expect(d?.basicISO8601 == "20261008")
        #expect(CivilDate(year: 7, month: 1, day: 2)?.iso8601 == "0007-01-02")
        #expect(CivilDate(year: 0, month: 12, day: 31)?.iso8601 == "0000-12-31")
        #expect(CivilDate(year: 9999, month: 12, day: 31)?.iso8601 == "9999-12-31")
        #expect(CivilDate(year: 10000, month: 1, day: 1)?.iso8601 == "0000-01-01")  // four digits, as ever
        #expect(CivilDate(year: 1999, month: 9, day: 30)?.iso8601 == "1999-09-30")
        // Every day of a span round-trips through its text.
        let span = CivilDate(iso: "1899-12-25")!.dayNumber...CivilDate(iso: "2101-01-05")!.dayNumber
        #expect(span.allSatisfy { CivilDate(iso: CivilDate(dayNumber: $0).iso8601) == CivilDate(dayNumber: $0) })
    }

    @Test(arguments: [
        "2021-02-30", "2021-13-01", "2021-00-10", "2021-04-31", "2021-2-3", "20210203", "2021-02-3x", "", "2100-02-29",
    ])
    func rejectsImpossibleOrMalformedDates(_ text: String) {
        #expect(CivilDate(iso: text) == nil)
    }

    @Test func acceptsLeapDays() {
        #expect(CivilDate(iso: "2024-02-29") != nil)
        #expect(CivilDate(iso: "2000-02-29") != nil)
        #expect(CivilDate(iso: "2023-02-29") == nil)
    }

    @Test func dayNumbersRoundTripAndAdvanceByOne() {
        #expect(CivilDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(CivilDate(year: 2000, month: 3, day: 1)!.dayNumber == 11_017)
        var previous = CivilDate(year: 1800, month: 1, day: 1)!
        for n in (previous.dayNumber + 1)...CivilDate(year: 2200, month: 12, day: 31)!.dayNumber {
            let d = CivilDate(dayNumber: n)
            #expect(d.dayNumber == n)
            #expect(previous < d)
            #expect(CivilDate(year: d.year, month: d.month, day: d.day) == d)
            previous = d
        }
    }

    @Test func weekdaysAreISO() {
        #expect(CivilDate(iso: "2026-10-08")!.weekday == .thursday)
        #expect(CivilDate(iso: "1970-01-01")!.weekday == .thursday)
        #expect(CivilDate(iso: "1969-12-28")!.weekday == .sunday)
        #expect(CivilDate(iso: "2026-11-21")!.weekday == .saturday)
        #expect(CivilDate(iso: "2026-11-21")!.isWeekend)
        #expect(Weekday.monday.rawValue == 1 && Weekday.sunday.rawValue == 7)
    }
}
