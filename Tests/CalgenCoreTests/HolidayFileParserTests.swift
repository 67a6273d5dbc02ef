import CalgenCore
import Testing

@Suite struct HolidayFileParserTests {
    func errors(_ json: String, path: String = "Content/holidays/2021.json") -> [Diagnostic] {
        switch TestData.parse(json, path: path) {
        case .success: return []
        case .failure(let e): return e.diagnostics
        }
    }

    @Test func parsesEveryBundledFile() throws {
        for name in TestData.holidayFileNames() {
            let file = try HolidayFileParser.parse(path: name, bytes: TestData.bytes(of: name))
            #expect("\(file.year).json" == name)
        }
    }

    @Test func invalidJSONNamesLineAndColumn() {
        let d = errors("{\n  \"year\": 2021,\n  \"days\": [,]\n}")
        #expect(d.count == 1)
        #expect(d.first?.location == .line(3, column: 12))
        #expect(d.first?.formatted.hasPrefix("Content/holidays/2021.json:3:12: error: invalid JSON") == true)
        #expect(d.first?.fix != nil)
    }

    @Test func aMissingFieldIsNamed() {
        let d = errors(#"{"year": 2021, "papers": [], "days": [{"name": "春节", "date": "2021-02-11"}]}"#)
        #expect(d.map(\.formatted) == [#"Content/holidays/2021.json: days[0]: missing required field "isOffDay""#])
        let top = errors(#"{"year": 2021, "days": []}"#)
        #expect(top.map(\.formatted) == [#"Content/holidays/2021.json: papers: missing required field "papers""#])
    }

    @Test func aWrongTypeIsNamed() {
        let d = errors(#"{"year": 2021, "papers": [], "days": [{"name": "春节", "date": "2021-02-11", "isOffDay": "true"}]}"#)
        #expect(
            d.map(\.formatted) == [
                #"Content/holidays/2021.json: days[0].isOffDay: expected true or false, found the string "true""#
            ])
        #expect(d.first?.fix == "write true or false without quotes")
        let year = errors(#"{"year": "2021", "papers": [], "days": []}"#)
        #expect(year.first?.location == .jsonPath("year"))
    }

    @Test func anImpossibleDateIsNamed() {
        var days = (0..<14).map { #"{"name": "春节", "date": "2021-02-\#(10 + $0)", "isOffDay": true}"# }
        days.append(#"{"name": "春节", "date": "2021-02-30", "isOffDay": true}"#)
        let d = errors(#"{"year": 2021, "papers": [], "days": [\#(days.joined(separator: ","))]}"#)
        #expect(d.map(\.formatted) == [#"Content/holidays/2021.json: days[14].date: "2021-02-30" is not a valid date"#])
    }

    @Test func aDateListedTwiceWithDifferentStatusesIsAnError() {
        let d = errors(
            #"{"year": 2021, "papers": [], "days": [{"name": "春节", "date": "2021-02-11", "isOffDay": true}, {"name": "春节", "date": "2021-02-11", "isOffDay": false}]}"#
        )
        #expect(d.count == 1)
        #expect(d.first?.location == .jsonPath("days[1]"))
        #expect(d.first?.message.contains("days[0]") == true)
        // The same status twice is harmless.
        #expect(
            errors(
                #"{"year": 2021, "papers": [], "days": [{"name": "春节", "date": "2021-02-11", "isOffDay": true}, {"name": "春节", "date": "2021-02-11", "isOffDay": true}]}"#
            ).isEmpty)
    }

    @Test func aFileNameThatDisagreesWithTheYearIsAnError() {
        let d = errors(#"{"year": 2020, "papers": [], "days": []}"#)
        #expect(d.map(\.formatted) == ["Content/holidays/2021.json: year: 2020 does not match the file name 2021.json"])
        let badName = errors(#"{"year": 2021, "papers": [], "days": []}"#, path: "Content/holidays/holidays.json")
        #expect(badName.count == 1)
    }

    @Test func datesOutsideTheFilesYearAreAnError() {
        let d = errors(#"{"year": 2021, "papers": [], "days": [{"name": "元旦", "date": "2012-01-01", "isOffDay": true}]}"#)
        #expect(d.first?.location == .jsonPath("days[0].date"))
        #expect(
            errors(#"{"year": 2021, "papers": [], "days": [{"name": "元旦", "date": "2020-12-31", "isOffDay": true}]}"#).isEmpty)
    }

    @Test func reportsEveryProblemAtOnce() {
        let d = errors(
            #"{"year": 2021, "papers": [1], "days": [{"name": "", "date": "2021-02-30", "isOffDay": 1}, 7]}"#)
        #expect(
            d.compactMap { if case .jsonPath(let p) = $0.location { p } else { nil } } == [
                "papers[0]", "days[0].name", "days[0].date", "days[0].isOffDay", "days[1]",
            ])
    }

    @Test func anEmptyFileIsAPlaceholder() throws {
        let file = try TestData.parse(#"{"year": 2021, "papers": [], "days": []}"#).get()
        #expect(!file.isAnnounced)
    }

    /// A user name or password before the host is refused in every web URL: it puts a credential
    /// into pages and logs, or hides the real host (`https://www.gov.cn@evil.example/`).
    @Test(arguments: [
        ("https://www.gov.cn/zhengce/content.htm", true), ("http://www.gov.cn/a@b", true),
        ("https://www.gov.cn/?q=a@b", true), ("https://user:pw@www.gov.cn/x", false),
        ("https://www.gov.cn@evil.example/x", false), ("https://@www.gov.cn/", false), ("HTTPS://u@x.cn", false),
    ])
    func webURLsCarryNoUserInfo(_ url: String, _ accepted: Bool) {
        #expect(TextRules.isWebURL(url) == accepted)
        #expect(TextRules.isSafeLink(url) == accepted)
        #expect(TextRules.hasUserInfo(url) == (!accepted))
    }

    @Test func aNoticeLinkWithAPasswordIsRefused() {
        let d = errors(#"{"year": 2021, "papers": ["https://user:pw@www.gov.cn/x"], "days": []}"#)
        #expect(
            d.map(\.formatted) == [
                "Content/holidays/2021.json: papers[0]: the URL carries a user name or password (user:password@host)"
            ])
    }
}
