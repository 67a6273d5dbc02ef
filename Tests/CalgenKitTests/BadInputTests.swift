import Foundation
import Testing

/// Each bad input fails the build with the file and place, a non-zero exit, and the previous
/// output left byte for byte as it was.
@Suite struct BadInputTests {
    struct Case: CustomStringConvertible, Sendable {
        let description: String
        let file: String
        let text: String
        let expected: [String]
    }

    static let cases: [Case] = [
        Case(
            description: "invalid JSON", file: "Content/holidays/2021.json", text: "{\n  \"year\": 2021,\n  \"days\": [,]\n}",
            expected: ["Content/holidays/2021.json:3:12: error: invalid JSON"]),
        Case(
            description: "a missing field", file: "Content/holidays/2021.json",
            text: #"{"year": 2021, "papers": [], "days": [{"name": "春节", "date": "2021-02-11"}]}"#,
            expected: [#"Content/holidays/2021.json: days[0]: missing required field "isOffDay""#]),
        Case(
            description: "a wrong type", file: "Content/holidays/2021.json",
            text: #"{"year": 2021, "papers": [], "days": [{"name": "春节", "date": "2021-02-11", "isOffDay": "yes"}]}"#,
            expected: [#"Content/holidays/2021.json: days[0].isOffDay: expected true or false, found the string "yes""#]),
        Case(
            description: "an impossible date", file: "Content/holidays/2021.json",
            text: #"{"year": 2021, "papers": [], "days": [{"name": "春节", "date": "2021-02-30", "isOffDay": true}]}"#,
            expected: [#"Content/holidays/2021.json: days[0].date: "2021-02-30" is not a valid date"#]),
        Case(
            description: "a date listed twice with different statuses", file: "Content/holidays/2021.json",
            text:
                #"{"year": 2021, "papers": [], "days": [{"name": "春节", "date": "2021-02-11", "isOffDay": true}, {"name": "春节", "date": "2021-02-11", "isOffDay": false}]}"#,
            expected: ["Content/holidays/2021.json: days[1]: 2021-02-11 is listed as a workday here but as an off day at days[0]"]),
        Case(
            description: "a date that disagrees with another file", file: "Content/holidays/2007.json",
            text: #"{"year": 2007, "papers": [], "days": [{"name": "元旦", "date": "2007-12-29", "isOffDay": true}]}"#,
            expected: [
                "Content/holidays/2008.json: days[0]: 2007-12-29 is listed as a workday here but as an off day in Content/holidays/2007.json (days[0])"
            ]),
        Case(
            description: "a file name that disagrees with its year", file: "Content/holidays/2021.json",
            text: #"{"year": 2012, "papers": [], "days": []}"#,
            expected: ["Content/holidays/2021.json: year: 2012 does not match the file name 2021.json"]),
        Case(
            description: "an unknown key in site.yml", file: "Content/site.yml",
            text: "title: 日历\nbase-url: https://example.com/\ntimezon: Asia/Shanghai\n",
            expected: [#"Content/site.yml:3:1: error: unknown key "timezon""#, #"did you mean "timezone"?"#]),
        Case(
            description: "a bad time zone in site.yml", file: "Content/site.yml",
            text: "title: 日历\nbase-url: https://example.com/\ntimezone: Mars/Olympus\n",
            expected: [#"Content/site.yml:3:11: error: unknown time zone "Mars/Olympus""#]),
    ]

    @Test(arguments: cases)
    func failsCleanlyAndKeepsThePreviousOutput(_ bad: Case) throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build"]).status == 0)
        let before = Fixture.snapshot(fixture.output)
        try fixture.write(bad.file, bad.text)
        let result = try fixture.run(["build"])
        #expect(result.status == 1)
        for text in bad.expected {
            #expect(result.stderr.contains(text), "stderr was: \(result.stderr)")
        }
        #expect(result.stderr.contains("public/ was left unchanged"))
        #expect(Fixture.differences(before, Fixture.snapshot(fixture.output)).isEmpty)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path)
        #expect(siblings.sorted() == ["Content", "Templates", "public"])
    }

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
