import Foundation
import Testing

/// Each bad input fails the build with the file and place, a non-zero exit, and the previous
/// output left byte for byte as it was.
@Suite struct BadInputTests {
    struct Case: CustomStringConvertible, Sendable {
        let description: String
        let file: String
        let bytes: Data
        let expected: [String]

        init(description: String, file: String, text: String, expected: [String]) {
            self.init(description: description, file: file, bytes: Data(text.utf8), expected: expected)
        }

        init(description: String, file: String, bytes: Data, expected: [String]) {
            self.description = description
            self.file = file
            self.bytes = bytes
            self.expected = expected
        }
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
        Case(
            description: "a note without front matter", file: "Content/notes/bad.md", text: "# 年会\n\n在一楼。\n",
            expected: ["Content/notes/bad.md:1:1: error: the note has no front matter"]),
        Case(
            description: "a note whose front matter is not closed", file: "Content/notes/bad.md",
            text: "---\ntitle: 年会\ndate: 2026-12-30\n在一楼。\n",
            expected: ["Content/notes/bad.md:1:1: error: the front matter opened on line 1 is never closed"]),
        Case(
            description: "a note without a title", file: "Content/notes/bad.md", text: "---\ndate: 2026-12-30\n---\n在一楼。\n",
            expected: [#"Content/notes/bad.md:2:1: error: missing required key "title""#]),
        Case(
            description: "a note on an impossible date", file: "Content/notes/bad.md",
            text: "---\ntitle: 年会\ndate: 2026-02-30\n---\n",
            expected: [#"Content/notes/bad.md:3:7: error: "date" must be a real date written YYYY-MM-DD, found "2026-02-30""#]),
        Case(
            description: "a note ending before it starts", file: "Content/notes/bad.md",
            text: "---\ntitle: 值班\nstart: 2026-10-07\nend: 2026-10-01\n---\n",
            expected: [#"Content/notes/bad.md:4:6: error: "end" (2026-10-01) is before "start" (2026-10-07)"#]),
        Case(
            description: "two notes with one slug", file: "Content/notes/2026/copy.md",
            text: "---\ntitle: 发薪\ndate: 2026-02-13\nslug: payday-moved\n---\n",
            expected: [
                #"Content/notes/2026/payday-moved.md:1:1: error: the slug "payday-moved" is already used by Content/notes/2026/copy.md"#
            ]),
        Case(
            description: "a note that is not UTF-8", file: "Content/notes/bad.md",
            bytes: Data("---\ntitle: ".utf8) + Data([0xC4, 0xEA, 0xBB, 0xE1]) + Data("\ndate: 2026-12-30\n---\n".utf8),
            expected: ["Content/notes/bad.md:2:8: error: the file is not valid UTF-8"]),
    ] + subscriberCases

    /// `Content/users/x.yml` with one reminder made of `reminder` lines.
    static func subscriber(_ reminder: String, top: String = "") -> String {
        "name: 测试\n" + top + "reminders:\n  - id: a\n    title: 提醒\n" + reminder
    }

    static let subscriberCases: [Case] = [
        Case(
            description: "an unknown reminder kind", file: "Content/users/x.yml",
            text: subscriber("    kind: workday\n    time: \"08:50\"\n"),
            expected: [#"Content/users/x.yml:5:11: error: unknown reminder kind "workday""#, #"did you mean "workdays"?"#]),
        Case(
            description: "an unknown key in a subscriber", file: "Content/users/x.yml",
            text: "name: 测试\ntimezon: Asia/Shanghai\n",
            expected: [#"Content/users/x.yml:2:1: error: unknown key "timezon""#, #"did you mean "timezone"?"#]),
        Case(
            description: "a key another kind of reminder has", file: "Content/users/x.yml",
            text: subscriber("    kind: workdays\n    day: 15\n    all-day: true\n"),
            expected: [#"Content/users/x.yml:6:5: error: unknown key "day" for a workdays reminder"#]),
        Case(
            description: "a time of 25:00", file: "Content/users/x.yml",
            text: subscriber("    kind: workdays\n    time: \"25:00\"\n"),
            expected: [#"Content/users/x.yml:6:11: error: "time" must be a time from 00:00 to 23:59, found "25:00""#]),
        Case(
            description: "an unknown time zone", file: "Content/users/x.yml",
            text: subscriber("    kind: workdays\n    all-day: true\n", top: "timezone: Asia/Beijing\n"),
            expected: [#"Content/users/x.yml:2:11: error: unknown time zone "Asia/Beijing""#]),
        Case(
            description: "lunar month 13", file: "Content/users/x.yml",
            text: subscriber("    kind: lunar-yearly\n    month: 13\n    day: 1\n    all-day: true\n"),
            expected: [#"Content/users/x.yml:6:12: error: "month" must be from 1 to 12, found 13"#, "lunar months are 1 (正月) to 12 (腊月)"]),
        Case(
            description: "day 32", file: "Content/users/x.yml",
            text: subscriber("    kind: monthly\n    day: 32\n    all-day: true\n"),
            expected: [#"Content/users/x.yml:6:10: error: "day" must be from 1 to 31, or -1 for the last day of the month, found 32"#]),
        Case(
            description: "two reminders with one id", file: "Content/users/x.yml",
            text: subscriber("    kind: workdays\n    all-day: true\n  - id: a\n    kind: makeup-eve\n    title: 补班\n    time: \"21:00\"\n"),
            expected: [#"Content/users/x.yml:7:9: error: the reminder id "a" is already used on line 3"#]),
        Case(
            description: "a subscriber file name that is not an id", file: "Content/users/Zhang San.yml",
            text: subscriber("    kind: workdays\n    all-day: true\n"),
            expected: [#"Content/users/Zhang San.yml:1:1: error: the file name "Zhang San.yml" is not a subscriber id"#]),
        Case(
            description: "a reminder without a time", file: "Content/users/x.yml",
            text: subscriber("    kind: makeup-eve\n"),
            expected: [#"Content/users/x.yml:3:5: error: a reminder needs a "time" or `all-day: true`"#]),
    ]

    @Test(arguments: cases)
    func failsCleanlyAndKeepsThePreviousOutput(_ bad: Case) throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build"]).status == 0)
        let before = Fixture.snapshot(fixture.output)
        try fixture.write(bad.file, bad.bytes)
        let result = try fixture.run(["build"])
        #expect(result.status == 1)
        for text in bad.expected {
            #expect(result.stderr.contains(text), "stderr was: \(result.stderr)")
        }
        #expect(result.stderr.contains("public/ was left unchanged"))
        #expect(Fixture.differences(before, Fixture.snapshot(fixture.output)).isEmpty)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path)
        #expect(siblings.sorted() == [".public.calgen-state", "Content", "Templates", "public"])
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
