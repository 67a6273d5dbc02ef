import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// `calgen day`: the API object of a day, ranges, workday arithmetic, and its errors.
@Suite(.endToEnd) struct DayCommandTests {
    @Test func dayCommandPrintsTheAPIObject() throws {
        let fixture = try Fixture()
        let result = try fixture.run(["day", "2026-10-10", "--json"])
        #expect(result.status == 0)
        #expect(result.stdout == (try BundledSite.get().read("api/days/2026-10-10.json")))
        #expect(result.stdout.contains(#""kind":"makeupWorkday""#))
        let text = try fixture.run(["day", "2027-01-01"])
        #expect(text.stdout.contains("not published yet"))
        // "today" is the day of SOURCE_DATE_EPOCH (2026-11-21), as for a build; a bad one is an error.
        #expect(try fixture.run(["day", "today", "--json"]).stdout.contains(#""date":"2026-11-21""#))
        #expect(try fixture.run(["day", "tomorrow", "--json"]).stdout.contains(#""date":"2026-11-22""#))
        let epoch = try fixture.run(["day", "today"], environment: ["SOURCE_DATE_EPOCH": "yesterday"])
        #expect(epoch.status != 0 && epoch.stderr.contains("SOURCE_DATE_EPOCH must be whole seconds"), "\(epoch.stderr)")
        let bad = try fixture.run(["day", "2026-02-30"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("YYYY-MM-DD"))
    }

    @Test func dayCommandAnswersRangesAndCountsWorkdays() throws {
        let fixture = try Fixture()
        let block = try fixture.run(["day", "2026-02-16"])
        #expect(block.stdout.contains("festivals    除夕"), "\(block.stdout)")
        #expect(block.stdout.contains("statutory    yes, 春节"))
        // One API object per line, for any date 1901–2100; outside the data the arrangement is unknown.
        let range = try fixture.run(["day", "1912-02-17..1912-02-18", "--json"])
        let lines = range.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""festivals":["除夕"]"#) && lines[0].contains(#""nextWorkday":null"#), "\(lines)")
        #expect(lines[1].contains(#""festivals":["春节"]"#))
        let text = try fixture.run(["day", "2026-04-04..2026-04-06"])
        #expect(text.stdout.split(separator: "\n").count == 4)
        // The last line counts the range: how many workdays between A and B.
        let year = try fixture.run(["day", "2026-01-01..2026-12-31"])
        #expect(
            year.stdout.hasSuffix(
                "2026-01-01..2026-12-31: 365 days, 248 workdays (6 make-up), 117 days off; 13 statutory\n"),
            "\(year.stdout.suffix(200))")
        let across = try fixture.run(["day", "2026-12-31..2027-01-01"])
        #expect(across.stdout.contains("1 in years not announced yet"), "\(across.stdout)")
        #expect(text.stdout.contains("2026-04-05 星期日 holiday 清明节 法定 二月十八 清明 清明节"), "\(text.stdout)")
        let added = try fixture.run(["day", "2026-09-30", "--add-workdays", "5"])
        #expect(added.stdout.hasPrefix("5th workday from 2026-09-30: 2026-10-13"), "\(added.stdout)")
        let back = try fixture.run(["day", "2026-10-08", "--add-workdays", "-1", "--json"])
        #expect(back.stdout.hasPrefix(#"{"date":"2026-09-30""#))
        let unknown = try fixture.run(["day", "2026-12-30", "--add-workdays", "3"])
        #expect(unknown.status == 1 && unknown.stderr.contains("not known yet"), "\(unknown.stderr)")
        let outside = try fixture.run(["day", "1900-12-31..1901-01-01"])
        #expect(outside.status != 0 && outside.stderr.contains("1901-01-01..2100-12-31"))
        // A lunar date, a leap month, and lunar dates that do not exist.
        let lunar = try fixture.run(["day", "--lunar", "2031-08-15"])
        #expect(lunar.stdout.hasPrefix("lunar 2031年八月十五 is 2031-10-01"), "\(lunar.stdout)")
        let leap = try fixture.run(["day", "--lunar", "2023-02-15", "--leap", "--json"])
        #expect(leap.stdout.hasPrefix(#"{"date":"2023-04-05""#), "\(leap.stdout)")
        let noLeap = try fixture.run(["day", "--lunar", "2023-03-15", "--leap"])
        #expect(noLeap.status == 1 && noLeap.stderr.contains("fix: lunar 2023 has one leap month, 闰二月"), "\(noLeap.stderr)")
        let noDay = try fixture.run(["day", "--lunar", "2026-02-30"])
        #expect(noDay.status == 1 && noDay.stderr.contains("has 29 days"), "\(noDay.stderr)")
        let backwards = try fixture.run(["day", "2026-02-01..2026-01-01"])
        #expect(backwards.status != 0 && backwards.stderr.contains("ends before it starts"))
    }

    /// `--schedule`: the day by a work schedule, as the schedule API has it; ranges count the
    /// days worked; `--add-workdays` counts the days the schedule works.
    @Test func dayCommandAnswersByASchedule() throws {
        let fixture = try Fixture()
        let one = try fixture.run(["day", "2026-10-10", "--schedule", "big-small-week"])
        #expect(one.status == 0)
        #expect(
            one.stdout.contains(
                "schedule     大小周 (big-small-week): Work · make-up workday for National Day · 日班 09:00–18:00"), "\(one.stdout)")
        let json = try fixture.run(["day", "2026-12-31", "--schedule", "big-small-week", "--json"])
        let year = try #require(BundledSite.get().read("api/schedules/big-small-week/2026.json"))
        #expect(json.status == 0 && year.contains(json.stdout.trimmingCharacters(in: .newlines)), "\(json.stdout)")
        let range = try fixture.run(["day", "2026-10-01..2026-10-12", "--schedule", "six-day-shop"])
        #expect(range.stdout.contains("2026-10-10 星期六 makeupWorkday 国庆节 九月初一 | Work · store 10:00–19:00"))
        #expect(range.stdout.hasSuffix("单休门店 (six-day-shop), 2026-10-01..2026-10-12: 4 worked, 8 off\n"), "\(range.stdout)")
        let unknown = try fixture.run(["day", "2027-01-04..2027-01-05", "--schedule", "big-small-week"])
        #expect(unknown.stdout.contains("0 worked, 0 off, 2 unknown (not announced)"), "\(unknown.stdout)")
        let counted = try fixture.run(["day", "2026-09-30", "--schedule", "big-small-week", "--add-workdays", "2"])
        #expect(counted.stdout.hasPrefix("2nd day worked by big-small-week from 2026-09-30: 2026-10-09"), "\(counted.stdout)")
        let missing = try fixture.run(["day", "2026-10-10", "--schedule", "acme"])
        #expect(missing.status == 1 && missing.stderr.contains(#"no schedule "acme" in Content/schedules/"#))
        #expect(missing.stderr.contains("fix: use one of: big-small-week, four-on-two-off, hospital-rotation, six-day-shop"))
        let past = try fixture.run(["day", "2026-12-30", "--schedule", "big-small-week", "--add-workdays", "3"])
        #expect(past.status == 1 && past.stderr.contains("is not known yet"), "\(past.stderr)")
        // `calgen feeds` names each subscriber's schedule and lists the schedules' feeds.
        let feeds = try fixture.run(["feeds"])
        #expect(feeds.stdout.contains("  works by the schedule big-small-week"))
        #expect(
            feeds.stdout.contains(
                "schedule hospital-rotation  病区三班倒  (public)\n  https://calendar.example.com/feeds/schedules/hospital-rotation.ics\n"
            ))
    }

    /// Dates, counts and lunar dates outside what `calgen day` answers: a one-line error naming
    /// the supported range and a fix, exit 64 (or 1 for a lunar date that does not exist), never
    /// a trap.
    @Test func dayCommandRefusesWhatItCannotAnswer() throws {
        let fixture = try Fixture()
        let lastDay = String(CivilDateSeconds.noon(2100, 12, 31))
        let cases: [([String], [String: String], String)] = [
            (["day", "2101-01-01"], [:], "2101-01-01 is outside the supported dates 1901-01-01..2100-12-31"),
            (["day", "1900-12-31"], [:], "1900-12-31 is outside the supported dates 1901-01-01..2100-12-31"),
            (["day", "0000-01-01"], [:], "0000-01-01 is outside the supported dates 1901-01-01..2100-12-31"),
            (["day", "9999-12-31", "--json"], [:], "9999-12-31 is outside the supported dates 1901-01-01..2100-12-31"),
            (["day", "2026-10-01", "--add-workdays", "-9223372036854775808"], [:], "from -100000 to 100000"),
            (
                ["day", "2026-10-01", "--add-workdays", "-9223372036854775808", "--schedule", "big-small-week"], [:],
                "from -100000 to 100000"
            ),
            (["day", "2026-10-01", "--add-workdays", "0"], [:], "--add-workdays 0 counts no workday"),
            (["day", "tomorrow"], ["SOURCE_DATE_EPOCH": lastDay], "tomorrow is 2101-01-01, outside the supported dates"),
            (["day", "--lunar", "1900-12-15"], [:], "lunar year 1900 is outside the supported lunar years 1901–2100"),
        ]
        for (arguments, environment, expected) in cases {
            let result = try fixture.run(arguments, environment: environment)
            #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(expected) && result.stderr.contains("fix:"), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
        }
        let today = try fixture.run(["day", "today", "--json"], environment: ["SOURCE_DATE_EPOCH": lastDay])
        #expect(today.status == 0 && today.stdout.contains(#""date":"2100-12-31""#), "\(today.stderr)")
    }
}

/// Seconds since 1970 of noon in China (04:00 UTC) of a date, for SOURCE_DATE_EPOCH.
enum CivilDateSeconds {
    static func noon(_ year: Int, _ month: Int, _ day: Int) -> Int {
        var components = DateComponents(timeZone: TimeZone(identifier: "UTC"), year: year, month: month, day: day, hour: 4)
        components.calendar = Calendar(identifier: .gregorian)
        return Int(components.date!.timeIntervalSince1970)
    }
}
