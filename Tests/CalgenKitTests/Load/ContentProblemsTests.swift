import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// All problems of a build are reported together (each bad input alone is in `BadInputCases`).
@Suite struct ContentProblemsTests {
    @Test func reportsAllProblemsOfABuildTogether() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Content/holidays/2021.json",
            #"{"year": 2021, "papers": [], "days": [{"name": "春节", "date": "2021-02-30", "isOffDay": 1}]}"#)
        try fixture.write("Content/holidays/2022.json", "not json")
        try fixture.write("Content/site.yml", "title: x\n")
        let thrown = #expect(throws: ContentErrors.self) { try fixture.buildInMemory() }
        let found = (thrown?.diagnostics ?? []).map(\.formatted)
        #expect(found.contains { $0.contains("2021.json: days[0].date") }, "\(found)")
        #expect(found.contains { $0.contains("2021.json: days[0].isOffDay") })
        #expect(found.contains { $0.contains("2022.json:1:2: error: invalid JSON") })
        #expect(found.contains { $0.contains(#"site.yml:1:1: error: missing required key "base-url""#) })
        #expect(found.count == 4, "\(found)")
    }
}
