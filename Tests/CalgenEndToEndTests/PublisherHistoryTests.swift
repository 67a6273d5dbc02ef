import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenRecord

/// The versioned manifest through a publisher's history, each build into memory over the last.
@Suite(.endToEnd) struct PublisherHistoryTests {
    /// Version 2 after the venue of the 2026 year-end party was edited: the pages and feeds that
    /// show the note changed, and one item of news for people, in the manifest and `changes.xml`.
    static func expectTheYearEndPartyEdited(_ m: Manifest, changes: String?) {
        #expect(m.version == 2)
        #expect(
            m.changes.changed == [
                "2026/12/index.html", "changes.xml", "changes/index.html", "feeds/holidays.ics", "feeds/holidays.json",
                "notes/year-end-party/index.html",
            ])
        #expect(m.news?.map(\.kind) == ["note-changed", "published"])
        #expect(m.news?.first?.title == "记事更新：2026 年会" && m.news?.first?.path == "notes/year-end-party/")
        #expect(changes?.contains("<title>记事更新：2026 年会</title>") == true)
    }

    func manifest(_ site: BuiltSite) throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: try #require(site.files["manifest.json"]))
    }

    /// Each personal feed's manifest and its feed's text, by subscriber id.
    func personal(_ site: BuiltSite) throws -> [String: (manifest: FeedManifest, feed: String)] {
        var result = [String: (manifest: FeedManifest, feed: String)]()
        for (path, data) in site.files
        where path.hasPrefix("feeds/") && path.hasSuffix(".json") && path.split(separator: "/").count == 3
            && !path.hasPrefix("feeds/years/")
        {
            let id = String(path.split(separator: "/").last!.dropLast(5))
            let feed = site.read(path.dropLast(5) + ".ics")!
            result[id] = (try JSONDecoder().decode(FeedManifest.self, from: data), feed)
        }
        return result
    }

    /// UID → the event's text without DTSTAMP and SEQUENCE, read from the feed itself.
    static func events(_ feed: String) -> [String: String] {
        var result = [String: String]()
        for block in feed.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "BEGIN:VEVENT").dropFirst() {
            let event = block.components(separatedBy: "END:VEVENT")[0]
            let lines = event.components(separatedBy: "\r\n").filter { !$0.hasPrefix("DTSTAMP") && !$0.hasPrefix("SEQUENCE") }
            let uid = lines.first { $0.hasPrefix("UID:") }!.dropFirst(4)
            result[String(uid)] = lines.joined(separator: "\n")
        }
        return result
    }

    static let announced2027 = """
        {"year": 2027, "papers": ["https://www.gov.cn/zhengce/example-2027.htm"], "days": [
          {"name": "元旦", "date": "2027-01-01", "isOffDay": true},
          {"name": "春节", "date": "2027-02-06", "isOffDay": true},
          {"name": "春节", "date": "2027-02-07", "isOffDay": true},
          {"name": "春节", "date": "2027-02-08", "isOffDay": true},
          {"name": "春节", "date": "2027-02-13", "isOffDay": false}
        ]}
        """

    @Test func aPublishersHistory() throws {
        let fixture = try Fixture()
        // 1. The first build.
        var site = try SmallSite.get()
        var report = site.report
        var m = try manifest(site)
        #expect(m.version == 1 && report.version == 1)
        #expect(m.changes.added.count == m.artifacts.count && m.artifacts.allSatisfy { $0.version == 1 })
        #expect(m.news?.map(\.kind) == ["published"])
        let v1Feeds = try personal(site)

        // 2. A rebuild with nothing changed: same version, and no file written or changed.
        let v1 = site.files
        site = try fixture.buildInMemory(previous: site.output)
        report = site.report
        #expect(report.version == 1 && report.filesWritten == 0)
        #expect(Fixture.differences(v1, site.files).isEmpty)

        // 3. One note edited: version 2, and exactly the pages and feeds that show it.
        let note = "Content/notes/2026/year-end-party.md"
        try fixture.write(note, fixture.read(note)!.replacingOccurrences(of: "一楼大厅", with: "二楼大厅"))
        site = try fixture.buildInMemory(previous: site.output)
        report = site.report
        m = try manifest(site)
        #expect(m.changes.added.isEmpty && m.changes.removed.isEmpty)
        Self.expectTheYearEndPartyEdited(m, changes: site.read("changes.xml"))
        #expect(report.filesWritten < 20, "\(report.filesWritten) files written for one note")
        var feeds = try personal(site)
        #expect(feeds["zhang-san"]!.manifest.version == 2)
        #expect(feeds["zhang-san"]!.manifest.changes.changed == ["zhang-san.note-year-end-party@calendar.example.com"])
        #expect(feeds["zhang-san"]!.manifest.events.first { $0.uid.hasPrefix("zhang-san.note-year-end-party") }?.sequence == 1)
        #expect(feeds["li-si"]!.manifest.version == 1 && feeds["wang-fang"]!.manifest.version == 1)  // not addressed
        let v2 = site.files

        // 4. 2027 announced: the public feed, 2027's pages and API, and every feed with workday reminders.
        let original2027 = fixture.read("Content/holidays/2027.json")!
        try fixture.write("Content/holidays/2027.json", PublisherHistoryTests.announced2027)
        site = try fixture.buildInMemory(previous: site.output)
        m = try manifest(site)
        #expect(m.version == 3)
        for path in [
            "feeds/holidays.ics", "2027/index.html", "2027/01/index.html", "2027/02/index.html", "api/2027.json",
            "api/days/2027-01-01.json",
        ] {
            #expect(m.changes.changed.contains(path), "\(path)")
        }
        #expect(!m.changes.changed.contains("2026/10/index.html"))
        #expect(m.years.first { $0.year == 2027 }?.announced == true)
        #expect(
            m.news?.first == NewsItem(version: 3, date: m.generatedAt, kind: "announced", title: "2027年放假安排已发布", path: "2027/"))
        let atom = site.read("changes.xml") ?? ""
        #expect(atom.contains("<id>https://calendar.example.com/changes.xml#version-3</id>"))
        #expect(atom.contains(#"<link rel="alternate" type="text/html" href="https://calendar.example.com/2027/"/>"#))
        #expect(atom.components(separatedBy: "<entry>").count - 1 == 3)
        let before = v1Feeds.merging(feeds) { $1 }
        feeds = try personal(site)
        for (id, now) in feeds {
            let old = PublisherHistoryTests.events(before[id]!.feed)
            let new = PublisherHistoryTests.events(now.feed)
            let added = Set(new.keys).subtracting(old.keys)
            let removed = Set(old.keys).subtracting(new.keys)
            let changed = Set(new.keys).intersection(old.keys).filter { old[$0] != new[$0] }
            // Every feed says it is now valid through 2027, so every feed changes; wang-fang's events do not.
            #expect(now.manifest.version == 3, "\(id)")
            #expect(now.manifest.validThrough == "2027-12-31")
            #expect(Set(now.manifest.changes.added) == added, "\(id)")
            #expect(Set(now.manifest.changes.removed) == removed, "\(id)")
            #expect(Set(now.manifest.changes.changed) == changed, "\(id)")
        }
        #expect(feeds["zhang-san"]!.manifest.changes.added.contains("zhang-san.clock-in.20270104@calendar.example.com"))
        #expect(!feeds["zhang-san"]!.manifest.changes.added.contains("zhang-san.clock-in.20270101@calendar.example.com"))
        #expect(feeds["zhang-san"]!.manifest.changes.added.contains("zhang-san.makeup-eve.20270212@calendar.example.com"))
        #expect(feeds["li-si"]!.manifest.changes.changed.contains("li-si.standup.rule@calendar.example.com"))
        #expect(feeds["wang-fang"]!.manifest.changes.added.isEmpty && feeds["wang-fang"]!.manifest.changes.changed.isEmpty)

        // 5. Reverted: version 4, and the files are those of version 2 again, except the manifests.
        try fixture.write("Content/holidays/2027.json", original2027)
        site = try fixture.buildInMemory(previous: site.output)
        m = try manifest(site)
        #expect(m.version == 4)
        #expect(m.news?.first?.kind == "corrected" && m.news?.count == 4)
        let v4 = site.files
        let differing = Fixture.differences(v2, v4).filter {
            (!$0.hasSuffix(".json") || $0.hasPrefix("api/")) && $0 != "changes.xml" && $0 != "changes/index.html"
        }
        #expect(differing.filter { !$0.hasPrefix("feeds/") }.isEmpty, "\(differing.prefix(10))")
        feeds = try personal(site)
        #expect(feeds["zhang-san"]!.manifest.changes.removed.contains("zhang-san.clock-in.20270104@calendar.example.com"))
        #expect(feeds["li-si"]!.manifest.events.first { $0.uid == "li-si.standup.rule@calendar.example.com" }?.sequence == 2)
    }
}
