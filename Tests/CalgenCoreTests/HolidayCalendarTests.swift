import CalgenCore
import Foundation
import Testing

@Suite struct HolidayCalendarTests {
    let calendar = TestData.calendar
    func d(_ s: String) -> CivilDate { TestData.date(s) }

    /// Every date of 2007–2026 against the rule read straight from the files with an independent
    /// parser: a listed date takes its `isOffDay`, any other date is off exactly on weekends; a
    /// weekend day next to a listed off day (or to such a weekend day) is a day of its break.
    @Test func everyDateAgreesWithTheDataFiles() throws {
        var listed = [String: Bool]()
        for name in TestData.holidayFileNames() {
            let object = try JSONSerialization.jsonObject(with: Data(TestData.bytes(of: name))) as! [String: Any]
            for day in object["days"] as! [[String: Any]] {
                listed[day["date"] as! String] = (day["isOffDay"] as! NSNumber).boolValue
            }
        }
        var joined = Set<String>()
        for (text, off) in listed where off {
            for step in [1, -1] {
                var other = d(text).adding(days: step)
                while other.weekday.isWeekend, listed[other.iso8601] == nil {
                    joined.insert(other.iso8601)
                    other = other.adding(days: step)
                }
            }
        }
        #expect(joined.filter { $0 >= "2014" && $0 < "2025" }.count == 34)
        var day = d("2007-01-01")
        var checked = 0
        while day <= d("2026-12-31") {
            let status = calendar.status(of: day)
            let weekend = day.weekday.isWeekend
            let expectedOff = listed[day.iso8601] ?? weekend
            #expect(status.isOffDay == expectedOff, "\(day)")
            let expectedKind: DayKind =
                switch listed[day.iso8601] {
                case true?: .holiday
                case false?: weekend ? .makeupWorkday : .workday
                case nil: joined.contains(day.iso8601) ? .holiday : weekend ? .weekend : .workday
                }
            #expect(status.kind == expectedKind, "\(day)")
            #expect(status.isAnnounced)
            #expect((status.name != nil) == (listed[day.iso8601] != nil || joined.contains(day.iso8601)), "\(day)")
            #expect((status.originalName != nil) == (listed[day.iso8601] != nil), "\(day)")
            day = day.next
            checked += 1
        }
        #expect(checked == 7305)
    }

    /// 清明 2019: "4月5日放假，与周末连休". holiday-cn lists 04-05 only; the weekend after is part
    /// of the break as the listed weekend of 清明 2026 (04-04…06) is.
    @Test func aWeekendTheDataLeavesOutOfABreakIsADayOfIt() {
        for text in ["2019-04-06", "2019-04-07", "2026-04-04"] {
            let status = calendar.status(of: d(text))
            #expect(status.kind == .holiday, "\(text)")
            #expect(status.name == "清明节", "\(text)")
        }
        #expect(calendar.status(of: d("2019-04-06")).originalName == nil)
        #expect(calendar.status(of: d("2026-04-04")).originalName == "清明节")
        // The weekend before 2019-04-05 is not next to it: an ordinary weekend.
        #expect(calendar.status(of: d("2019-03-31")).kind == .weekend)
        // 端午 2015 lists 06-20 (Saturday) and 06-22: the Sunday between is a day of the break.
        #expect(calendar.status(of: d("2015-06-21")).kind == .holiday)
        #expect(calendar.status(of: d("2015-06-21")).name == "端午节")
        // 元旦 2017, listed in 2017.json, takes in 2016-12-31.
        #expect(calendar.status(of: d("2016-12-31")).name == "元旦")
        let qingming = calendar.holidayPeriods(year: 2019).first { $0.name == "清明节" }
        #expect(qingming.map { ($0.start.iso8601, $0.end.iso8601) } ?? ("", "") == ("2019-04-05", "2019-04-07"))
    }

    @Test func decemberDatesInTheNextYearsFileCount() {
        let s = calendar.status(of: d("2007-12-29"))
        #expect(s.kind == .makeupWorkday)
        #expect(s.name == "元旦")
        #expect(calendar.status(of: d("2007-12-30")).kind == .holiday)
        #expect(calendar.status(of: d("2018-12-29")).kind == .makeupWorkday)
        #expect(calendar.status(of: d("2006-12-31")).kind == .makeupWorkday)
    }

    @Test func aListedWeekdayWorkdayIsAPlainWorkdayWithAName() {
        let s = calendar.status(of: d("2020-02-03"))
        #expect(s.kind == .workday)
        #expect(!s.isOffDay)
        #expect(s.name == "春节")
        #expect(calendar.status(of: d("2020-02-02")).kind == .holiday)
    }

    @Test func a2027PlaceholderIsNotAnnounced() {
        #expect(!calendar.isAnnounced(year: 2027))
        #expect(calendar.isAnnounced(year: 2026))
        #expect(!calendar.isAnnounced(year: 2028))
        #expect(calendar.firstUnannouncedYear(from: 2020) == 2027)
        #expect(calendar.firstUnannouncedYear(from: 2027) == 2027)
        #expect(calendar.firstUnannouncedYear(from: 1990) == 1990)
        let newYear = calendar.status(of: d("2027-01-01"))
        #expect(newYear.kind == .workday)  // a Friday: nothing is known beyond the weekday
        #expect(!newYear.isAnnounced)
        #expect(newYear.name == nil)
        #expect(calendar.holidayPeriods(year: 2027).isEmpty)
        #expect(calendar.years == Array(2007...2027))
    }

    @Test func theOneOffHolidayOf2015() {
        for day in ["2015-09-03", "2015-09-04", "2015-09-05"] {
            let s = calendar.status(of: d(day))
            #expect(s.kind == .holiday)
            #expect(s.name == "抗日战争暨世界反法西斯战争胜利70周年纪念日")
        }
        #expect(calendar.status(of: d("2015-09-06")).kind == .makeupWorkday)
        let period = calendar.holidayPeriods(year: 2015).first { $0.name.hasPrefix("抗日战争") }
        #expect(period?.start == d("2015-09-03"))
        #expect(period?.length == 3)
        #expect(period?.makeupWorkdays == [d("2015-09-06")])
    }

    @Test func nameVariantsMapToOneDisplayName() {
        #expect(HolidayNames.displayName(for: "“五一”") == "劳动节")
        #expect(HolidayNames.displayName(for: "“五一”国际劳动节") == "劳动节")
        #expect(HolidayNames.displayName(for: "劳动节") == "劳动节")
        #expect(HolidayNames.displayName(for: "“十一”") == "国庆节")
        #expect(HolidayNames.displayName(for: "国庆节、中秋节") == "国庆节")
        #expect(HolidayNames.displayName(for: "中秋节、国庆节") == "国庆节")
        #expect(HolidayNames.noticeName(for: "中秋节、国庆节") == "国庆节、中秋节")
        #expect(HolidayNames.englishName(for: "春节") == "Spring Festival")
        // In the data: every variant of a year resolves to a consistent set of display names.
        let names = Set(
            (2007...2026).flatMap { calendar.holidayPeriods(year: $0).map(\.name) })
        #expect(
            names == ["元旦", "春节", "清明节", "劳动节", "端午节", "中秋节", "国庆节", "抗日战争暨世界反法西斯战争胜利70周年纪念日"])
        let s = calendar.status(of: d("2008-05-01"))
        #expect(s.name == "劳动节")
        #expect(s.originalName != nil)
    }

    @Test func periodsCountTheWeekendsTheDataLeavesOut() {
        let qingming = calendar.holidayPeriods(year: 2019).first { $0.name == "清明节" }
        #expect(qingming?.start == d("2019-04-05"))
        #expect(qingming?.end == d("2019-04-07"))
        #expect(qingming?.length == 3)
        // 元旦 2019 was announced in 2019.json and began in 2018.
        let newYear = calendar.holidayPeriods(year: 2019).first
        #expect(newYear?.name == "元旦")
        #expect(newYear?.start == d("2018-12-30"))
        #expect(newYear?.makeupWorkdays == [d("2018-12-29")])
    }

    @Test func periodsOf2026ReadLikeTheNotice() {
        let periods = calendar.holidayPeriods(year: 2026)
        let summary = periods.map { "\($0.name) \($0.start)…\($0.end) \($0.length) \($0.makeupWorkdays.map(\.iso8601))" }
        #expect(
            summary == [
                "元旦 2026-01-01…2026-01-03 3 [\"2026-01-04\"]",
                "春节 2026-02-15…2026-02-23 9 [\"2026-02-14\", \"2026-02-28\"]",
                "清明节 2026-04-04…2026-04-06 3 []",
                "劳动节 2026-05-01…2026-05-05 5 [\"2026-05-09\"]",
                "端午节 2026-06-19…2026-06-21 3 []",
                "中秋节 2026-09-25…2026-09-27 3 []",
                "国庆节 2026-10-01…2026-10-07 7 [\"2026-09-20\", \"2026-10-10\"]",
            ])
        let combined = calendar.holidayPeriods(year: 2025).last
        #expect(combined?.name == "国庆节")
        #expect(combined?.noticeName == "国庆节、中秋节")
        #expect(combined?.length == 8)
    }

    @Test func nextAndPreviousWorkdays() {
        #expect(calendar.nextWorkday(after: d("2026-09-30")) == d("2026-10-08"))
        #expect(calendar.nextWorkday(after: d("2026-10-09")) == d("2026-10-10"))  // make-up Saturday
        #expect(calendar.previousWorkday(before: d("2026-10-08")) == d("2026-09-30"))
        #expect(calendar.nextWorkday(after: d("2026-02-13")) == d("2026-02-14"))
        #expect(calendar.previousWorkday(before: d("2026-01-05")) == d("2026-01-04"))
    }

    @Test func workdaysInARange() {
        let october = calendar.workdays(from: d("2026-10-01"), through: d("2026-10-31"))
        #expect(october.count == 18)
        #expect(october.first == d("2026-10-08"))
        #expect(october.contains(d("2026-10-10")))
        #expect(!october.contains(d("2026-10-11")))
        #expect(calendar.workdays(from: d("2026-10-02"), through: d("2026-10-01")).isEmpty)
        // A whole year: 2026 has 248 legal workdays (counted with an independent script over the JSON).
        #expect(calendar.workdays(from: d("2026-01-01"), through: d("2026-12-31")).count == 248)
    }

    @Test func conflictingListingsAcrossFilesAreAnError() throws {
        let a = try TestData.parse(
            #"{"year": 2008, "papers": [], "days": [{"name": "元旦", "date": "2007-12-29", "isOffDay": false}]}"#,
            path: "Content/holidays/2008.json"
        ).get()
        let b = try TestData.parse(
            #"{"year": 2007, "papers": [], "days": [{"name": "元旦", "date": "2007-12-29", "isOffDay": true}]}"#,
            path: "Content/holidays/2007.json"
        ).get()
        #expect {
            try HolidayCalendar(files: [a, b])
        } throws: { error in
            let d = (error as! ContentErrors).diagnostics
            return d.count == 1 && d[0].file == "Content/holidays/2008.json"
                && d[0].message.contains("Content/holidays/2007.json") && d[0].message.contains("2007-12-29")
        }
    }
}
