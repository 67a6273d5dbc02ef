import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenRecord

/// The public variants of the holiday feed: make-up workdays only, statutory days only, one
/// feed per announced year and each in English and Chinese, from the bundled site.
@Suite struct FeedVariantTests {
    /// Every variant is public: in the site manifest, with its feed manifest beside it.
    @Test func everyVariantIsListedWithItsManifest() throws {
        let site = try BundledSite.get()
        let manifest = try JSONDecoder().decode(Manifest.self, from: try #require(site.files["manifest.json"]))
        let listed = Set(manifest.artifacts.map(\.path))
        let variants =
            ["feeds/makeup.ics", "feeds/statutory.ics"] + Calgen.languageFeedPaths + (2007...2026).map(FeedPath.year)
        #expect(variants.count == 28)
        for path in variants {
            #expect(listed.contains(path) && listed.contains(FeedPath.manifest(of: path)), "\(path)")
        }
        // 2027 has no arrangement yet: no year feed until it is announced.
        #expect(site.files["feeds/years/2027.ics"] == nil)
        let english = try JSONDecoder().decode(
            FeedManifest.self, from: try #require(site.files["feeds/holidays.en.json"]))
        #expect(english.feed == "holidays.en.ics")
    }

    /// makeup.ics: the make-up workdays of holidays.ics, marked for Apple, each with one alarm
    /// three hours before its floating midnight: 21:00 the evening before.
    @Test func makeupHoldsTheMakeupDaysWithAnEveningAlarm() throws {
        let site = try BundledSite.get()
        let feed = try #require(site.read("feeds/makeup.ics")).replacingOccurrences(of: "\r\n ", with: "")
        let events = SchedulePublicationTests.events(feed, prefix: "makeup/makeup-")
        let holidays = try #require(site.read("feeds/holidays.ics")).replacingOccurrences(of: "\r\n ", with: "")
        #expect(Set(events.keys) == Set(SchedulePublicationTests.events(holidays, prefix: "makeup-").keys))
        #expect(events.count == 132)
        let october = try #require(events["20261010"])
        #expect(october.contains("SUMMARY:补班（国庆节）"))
        #expect(october.contains("X-APPLE-SPECIAL-DAY:ALTERNATE-WORKDAY"))
        #expect(october.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:明天10月10日（周六）补班"))
        #expect(october.contains("TRIGGER:-PT3H\r\nEND:VALARM"))
        #expect(events.values.allSatisfy { $0.components(separatedBy: "BEGIN:VALARM").count == 2 })
        #expect(!feed.contains("holiday-2026"))
        let english = try #require(site.read("feeds/makeup.en.ics")).replacingOccurrences(of: "\r\n ", with: "")
        let englishEvents = SchedulePublicationTests.events(english, prefix: "makeup.en/makeup-")
        #expect(englishEvents["20261010"]?.contains("SUMMARY:Make-up workday (National Day)") == true)
        #expect(englishEvents["20261010"]?.contains("DESCRIPTION:Tomorrow (Sat 10 Oct) is a make-up workday") == true)
    }

    /// statutory.ics: one event a statutory day, as the year API lists them.
    @Test func statutoryHoldsTheStatutoryDays() throws {
        let site = try BundledSite.get()
        let feed = try #require(site.read("feeds/statutory.ics")).replacingOccurrences(of: "\r\n ", with: "")
        let events = SchedulePublicationTests.events(feed, prefix: "statutory/statutory-")
        let year = try #require(site.read("api/2026.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(year.utf8)) as? [String: Any])
        let days = try #require(json["statutoryDays"] as? [String])
        #expect(days.count == 13)
        #expect(
            Set(events.keys.filter { $0.hasPrefix("2026") }) == Set(days.map { $0.replacingOccurrences(of: "-", with: "") }))
        #expect(events["20261001"]?.contains("SUMMARY:国庆节（法定节假日）") == true)
        #expect(events["20261003"]?.contains("SUMMARY:国庆节（法定节假日）") == true)
        #expect(events["20261004"] == nil)  // a day off of the break, not a statutory one
        let english = try #require(site.read("feeds/statutory.en.ics"))
        #expect(english.contains("SUMMARY:National Day (statutory holiday)"))
    }

    /// years/2026.ics: holidays.ics's 2026 events under UIDs of its own; holidays.en.ics and
    /// holidays.zh.ics: the holiday events in one language, without the public notes.
    @Test func yearAndLanguageFeedsRepeatTheHolidayEvents() throws {
        let site = try BundledSite.get()
        let holidays = try #require(site.read("feeds/holidays.ics")).replacingOccurrences(of: "\r\n ", with: "")
        let year = try #require(site.read("feeds/years/2026.ics")).replacingOccurrences(of: "\r\n ", with: "")
        let all = SchedulePublicationTests.events(holidays, prefix: "")
        let own = SchedulePublicationTests.events(year, prefix: "years/2026/")
        #expect(own.count == 13 && own.keys.allSatisfy { all[$0] != nil })
        #expect(own.keys.contains("holiday-2026-national-day") && own.keys.contains("makeup-20260104"))
        let chinese = try #require(site.read("feeds/holidays.zh.ics"))
        let english = try #require(site.read("feeds/holidays.en.ics"))
        #expect(chinese.contains("UID:holidays.zh/holiday-2026-national-day@calendar.example.com"))
        #expect(english.contains("UID:holidays.en/holiday-2026-national-day@calendar.example.com"))
        #expect(english.contains("SUMMARY:National Day (7 days off)"))
        #expect(!english.contains("note-") && !chinese.contains("note-"))
    }

    /// The subscribe page names every variant, who it is for, and both its addresses.
    @Test func theSubscribePageListsEveryVariant() throws {
        let site = try BundledSite.get()
        let page = try #require(site.read("subscribe/index.html"))
        // The make-up days, for iPhones with Apple's holidays on, come first with the holidays.
        #expect(page.contains("<h2 id=\"makeup-h\">只有补班日</h2>\n<p>已开启 iPhone 自带“中国大陆节假日”的人用"))
        #expect(page.contains(#"<section class="chooser" aria-labelledby="chooser-h">"#))
        // The others under one disclosure, each with the controls that subscribe.
        #expect(page.contains(#"<details class="variants" id="variants">"#))
        for path in ["feeds/makeup.ics", "feeds/statutory.ics", "feeds/years/2007.ics", "feeds/years/2026.ics"]
            + Calgen.languageFeedPaths
        {
            #expect(page.contains(#"href="webcal://calendar.example.com/\#(path)""#), "\(path)")
            #expect(page.contains(#"readonly value="https://calendar.example.com/\#(path)""#), "\(path)")
            #expect(!page.contains(#"href="https://calendar.example.com/\#(path)""#), "\(path)")
            let webcal = "webcal%3A%2F%2Fcalendar.example.com%2F" + path.replacingOccurrences(of: "/", with: "%2F")
            #expect(page.contains("https://calendar.google.com/calendar/r?cid=" + webcal), "\(path)")
        }
    }
}
