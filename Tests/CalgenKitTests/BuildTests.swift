import CalgenCore
import CalgenKit
import CalgenModel
import Foundation
import Testing

@Suite struct BuildTests {
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
                == #"{"date":"2026-10-10","weekday":6,"isOffDay":false,"kind":"makeupWorkday","name":"国庆节","originalName":"国庆节","announced":true,"lunar":{"year":2026,"month":9,"day":1,"leap":false,"text":"九月初一"},"solarTerm":null,"festivals":[],"statutory":false,"previousWorkday":"2026-10-09","nextWorkday":"2026-10-12","workdayOfYear":189,"nextHoliday":null}"#
                + "\n")
        #expect(
            site.read("api/days/2027-02-06.json")
                == #"{"date":"2027-02-06","weekday":6,"isOffDay":true,"kind":"weekend","name":null,"originalName":null,"announced":false,"lunar":{"year":2027,"month":1,"day":1,"leap":false,"text":"正月初一"},"solarTerm":null,"festivals":["春节"],"statutory":true,"previousWorkday":null,"nextWorkday":null,"workdayOfYear":null,"nextHoliday":null}"#
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

    /// The bundled content built by the command line, in another folder and at another moment,
    /// gives the shared in-process build byte for byte (one SOURCE_DATE_EPOCH).
    @Test func buildsAreByteIdenticalAcrossFoldersTimeAndProcesses() throws {
        let site = try BundledSite.get()
        let fixture = try Fixture(.bundled)
        let result = try fixture.run(["build", "--output", "elsewhere"])
        #expect(result.status == 0, "\(result.stderr)")
        let other = Fixture.snapshot(fixture.root.appendingPathComponent("elsewhere").path)
        // 7992 files (_headers, changes.xml, static/<sha>/style.css and favicon.svg, 3 private feed pages and the
        // record of personal feeds among them), manifest.json and 5 feed manifests.
        #expect(other.count == 7998)
        #expect(Fixture.differences(site.files, other).isEmpty)
    }

    @Test func aRebuildOfUnchangedInputsStopsBeforeLoading() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build"]).status == 0)
        let again = try fixture.run(["build"])
        #expect(
            again.stdout.contains(
                "nothing calgen reads changed since the last build; version 1, public/ left as it was (62 pages, 5 feeds)"),
            "\(again.stdout)")
        // Any change to what a build reads builds again.
        try fixture.write("Content/notes/2026/extra.md", "---\ntitle: Extra\ndate: 2026-12-01\n---\nText.\n")
        let edited = try fixture.run(["build"])
        #expect(edited.stdout.contains("version 2 (new)"), "\(edited.stdout)")
        // So does an output that is no longer what the last build left.
        try fixture.write("public/index.html", "tampered")
        let repaired = try fixture.run(["build"])
        #expect(repaired.stdout.contains("version 2: 1 files written"), "\(repaired.stdout)")
        #expect(fixture.read("public/index.html") != "tampered")
    }

    @Test func aRebuildReplacesTheOutputAndLeavesNoStaging() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["build"]).status == 0)
        try fixture.write("public/stale.txt", "left over")
        let rebuilt = try fixture.run(["build"])
        #expect(rebuilt.status == 0)
        // Nothing changed, but the stray file goes: the tree is restaged with every file kept, and
        // the personal feeds, whose inputs did not change, are not even rendered again.
        #expect(
            rebuilt.stdout.contains(
                "62 pages, 5 notes, 5 feeds (2 rendered with 184 events, 3 unchanged) for 3 subscribers; version 1: 0 files written (0.0 MB), 1,551 unchanged"
            ), "\(rebuilt.stdout)")
        #expect(fixture.read("public/stale.txt") == nil)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path)
        #expect(siblings.sorted() == [".public.calgen-state", "Content", "Templates", "public"])
    }

    @Test func refusesToReplaceTheContentOrTheWorkingDirectory() throws {
        let fixture = try Fixture()
        for output in ["Content", ".", "/"] {
            let result = try fixture.run(["build", "--output", output])
            #expect(result.status != 0, "\(output)")
            #expect(result.stderr.contains("refusing to replace"), "\(output)")
        }
        #expect(FileManager.default.fileExists(atPath: fixture.content + "/site.yml"))
    }

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
        #expect(text.stdout.split(separator: "\n").count == 3)
        #expect(text.stdout.contains("2026-04-05 星期日 holiday 清明节 法定 二月十八 清明 清明节"), "\(text.stdout)")
        let added = try fixture.run(["day", "2026-09-30", "--add-workdays", "5"])
        #expect(added.stdout.hasPrefix("5th workday from 2026-09-30: 2026-10-13"), "\(added.stdout)")
        let back = try fixture.run(["day", "2026-10-08", "--add-workdays", "-1", "--json"])
        #expect(back.stdout.hasPrefix(#"{"date":"2026-09-30""#))
        let unknown = try fixture.run(["day", "2026-12-30", "--add-workdays", "3"])
        #expect(unknown.status == 1 && unknown.stderr.contains("not known yet"), "\(unknown.stderr)")
        let outside = try fixture.run(["day", "1900-12-31..1901-01-01"])
        #expect(outside.status != 0 && outside.stderr.contains("1901-01-01..2100-12-31"))
        let backwards = try fixture.run(["day", "2026-02-01..2026-01-01"])
        #expect(backwards.status != 0 && backwards.stderr.contains("ends before it starts"))
    }
}
