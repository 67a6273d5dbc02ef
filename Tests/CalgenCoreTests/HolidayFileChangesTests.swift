import CalgenCore
import Testing

struct HolidayFileChangesTests {
    func file(_ year: Int, papers: [String] = ["p"], _ days: [(String, String, Bool)]) -> HolidayFile {
        HolidayFile(
            path: "\(year).json", year: year, papers: papers,
            days: days.enumerated().map { ListedDay(date: TestData.date($1.0), name: $1.1, isOffDay: $1.2, index: $0) })
    }

    @Test func describesEveryKindOfChange() {
        let old = file(2026, [("2026-10-01", "国庆节", true), ("2026-10-10", "国庆节", false), ("2026-10-02", "国庆节", true)])
        let new = file(
            2026, papers: ["p", "q"],
            [("2026-10-01", "国庆节、中秋节", true), ("2026-10-10", "国庆节", true), ("2026-10-11", "国庆节", false)])
        #expect(
            HolidayFileChanges.describe(old: old, new: new) == [
                "2026: 2026-10-01 renamed from 国庆节 to 国庆节、中秋节",
                "2026: 2026-10-02 removed (was off, 国庆节)",
                "2026: 2026-10-10 changed from work to off",
                "2026: 2026-10-11 added (work, 国庆节)",
                "2026: notices changed (1 → 2 papers)",
            ])
        #expect(HolidayFileChanges.describe(old: old, new: old).isEmpty)
    }

    @Test func describesAnnouncementsAndNewYears() {
        let placeholder = file(2027, papers: [], [])
        let announced = file(2027, papers: ["a", "b"], [("2027-01-01", "元旦", true)])
        #expect(HolidayFileChanges.describe(old: placeholder, new: announced) == ["2027: announced, 1 day, 2 papers"])
        #expect(HolidayFileChanges.describe(old: nil, new: placeholder) == ["2027: added, not announced yet"])
        #expect(HolidayFileChanges.describe(old: nil, new: announced) == ["2027: added, announced, 1 day, 2 papers"])
        #expect(HolidayFileChanges.describe(old: announced, new: placeholder) == ["2027: withdrawn: the new file lists no days"])
    }
}
