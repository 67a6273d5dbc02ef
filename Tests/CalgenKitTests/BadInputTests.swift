import CalgenModel
import Foundation
import Testing

/// All problems of a run are reported together (each bad input alone is in `BadInputCatalogue`).
@Suite struct BadInputTests {
    @Test func reportsAllProblemsOfARunTogether() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Content/holidays/2021.json",
            #"{"year": 2021, "papers": [], "days": [{"name": "春节", "date": "2021-02-30", "isOffDay": 1}]}"#)
        try fixture.write("Content/holidays/2022.json", "not json")
        try fixture.write("Content/site.yml", "title: x\n")
        let result = try fixture.run(["build"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("2021.json: days[0].date"))
        #expect(result.stderr.contains("2021.json: days[0].isOffDay"))
        #expect(result.stderr.contains("2022.json:1:2: error: invalid JSON"))
        #expect(result.stderr.contains(#"site.yml:1:1: error: missing required key "base-url""#))
        #expect(result.stderr.contains("error: 4 problems in the content."))
        #expect(!FileManager.default.fileExists(atPath: fixture.output))
    }
}
