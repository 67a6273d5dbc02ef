import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// The static day API of the bundled site: one object per day, one per year, and the list.
@Suite struct DayAPITests {
    @Test func buildsTheBundledDayAPI() throws {
        let site = try BundledSite.get()
        let report = site.report
        #expect(report.years == 21)
        #expect(report.announcedYears == 20)
        let files = site.files
        #expect(files.keys.filter { $0.hasPrefix("api/days/") }.count == 7670)  // every day of 2007–2027
        #expect(files["api/2026.json"] != nil && files["api/2027.json"] != nil && files["api/years.json"] != nil)
        #expect(
            site.read("api/days/2026-10-10.json")
                == #"{"date":"2026-10-10","weekday":6,"isOffDay":false,"kind":"makeupWorkday","name":"国庆节","originalName":"国庆节","announced":true,"lunar":{"year":2026,"month":9,"day":1,"leap":false,"text":"九月初一"},"solarTerm":null,"festivals":[],"statutory":false,"statutoryHoliday":null,"previousWorkday":"2026-10-09","nextWorkday":"2026-10-12","workdayOfYear":189,"nextHoliday":null,"ganzhi":{"year":"丙午","yearByLichun":"丙午","month":"戊戌","day":"丁巳"},"zodiac":"马","shujiu":null,"sanfu":null}"#
                + "\n")
        #expect(
            site.read("api/days/2027-02-06.json")
                == #"{"date":"2027-02-06","weekday":6,"isOffDay":true,"kind":"weekend","name":null,"originalName":null,"announced":false,"lunar":{"year":2027,"month":1,"day":1,"leap":false,"text":"正月初一"},"solarTerm":null,"festivals":["春节"],"statutory":true,"statutoryHoliday":"春节","previousWorkday":null,"nextWorkday":null,"workdayOfYear":null,"nextHoliday":null,"ganzhi":{"year":"丁未","yearByLichun":"丁未","month":"壬寅","day":"丙辰"},"zodiac":"羊","shujiu":{"name":"六九","day":2},"sanfu":null}"#
                + "\n")
        let year = try JSONSerialization.jsonObject(with: files["api/2027.json"]!) as! [String: Any]
        #expect(year["announced"] as? Bool == false)
        #expect((year["holidays"] as? [Any])?.isEmpty == true)
        #expect((year["days"] as? [Any])?.count == 365)
        // The law, the sky and the lunar calendar are known for an unannounced year; its workdays are not.
        #expect((year["solarTerms"] as? [Any])?.count == 24)
        #expect((year["statutoryDays"] as? [String])?.count == 13)
        #expect((year["festivals"] as? [[String: String]])?.first { $0["name"] == "除夕" }?["date"] == "2027-02-05")
        #expect(year["workdays"] is NSNull)
        let y2026 = try JSONSerialization.jsonObject(with: files["api/2026.json"]!) as! [String: Any]
        let spring = (y2026["holidays"] as! [[String: Any]])[1]
        #expect(spring["name"] as? String == "春节")
        #expect(spring["days"] as? Int == 9)
        #expect(spring["makeupWorkdays"] as? [String] == ["2026-02-14", "2026-02-28"])
    }
}
