import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// The pages of whole builds of an edited small site: a hostile note title in the embedded data,
/// and a site in English.
@Suite(.endToEnd) struct HTMLBuildTests {
    /// A note's title goes into the home page's embedded data, where no `</script>` may come out of it;
    /// and no page loads anything over http, whatever its links say.
    @Test func embeddedDataCannotEndItsScriptAndNothingLoadsOverHTTP() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Content/notes/2026/script.md", "---\ntitle: \"</script><script>alert(1)</script>\"\ndate: 2026-12-20\n---\nText.\n")
        let home = try fixture.buildInMemory().read("index.html") ?? ""
        #expect(home.contains(#""title":"\u003c/script>\u003cscript>alert(1)\u003c/script>""#))
        #expect(home.components(separatedBy: "</script>").count - 1 == 3)  // the data, the home and the layout scripts
        let site = try BundledSite.get()
        for (path, _) in site.files where path.hasSuffix(".html") {
            let page = site.read(path) ?? ""
            #expect(!page.contains(#"src="http:"#) && !page.contains(#"rel="stylesheet" href="http:"#), "\(path)")
        }
    }

    @Test func englishSite() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Content/site.yml",
            "title: China Workday Calendar\nbase-url: https://example.org/cal/\nlanguage: en\nweek-start: sunday\n")
        let site = try fixture.buildInMemory()
        let month = site.read("2026/10/index.html") ?? ""
        #expect(month.contains(#"<html lang="en">"#))
        #expect(month.contains("<h1>October 2026</h1>"))
        #expect(month.contains("Thursday, 1 October 2026, day off, statutory holiday, National Day, lunar 8th month, day 21"))
        #expect(month.contains(#"<span class="l" aria-hidden="true">L8-21</span>"#))
        #expect(month.contains("Saturday, 10 October 2026, make-up workday for National Day"))
        #expect(month.contains(#"<tr><th scope="col" abbr="Sunday" class="we">Sun</th>"#))
        let year = site.read("2026/index.html") ?? ""
        #expect(year.contains("<h1>2026 public holidays</h1>"))
        #expect(year.contains(#"<p class="lunar-year">Year of the Horse (丙午) from Tue 17 Feb</p>"#))
        #expect(site.read("2026/01/index.html")?.contains("Thu 8 Jan</time> 3rd Nine of winter (三九)</li>") == true)
        #expect(year.contains("Spring Festival"))
        #expect(year.contains(#"Work on <span class="nw">Sat 14 Feb</span>, <span class="nw">Sat 28 Feb</span>"#))
        // The home page's answers read as English, in the site's time zone.
        let home = site.read("index.html") ?? ""
        #expect(
            home.contains(#"<p class="today-line" id="today-line">Today Sat 21 Nov (lunar 10th month, day 13) · Weekend</p>"#))
        #expect(home.contains("The 2027 arrangement is not announced yet; New Year&#39;s Day (Fri 1 Jan) is off by law"))
        #expect(home.contains("As of the day this page was built (Saturday, 21 November 2026, Beijing time)."))
        #expect(
            home.contains(
                #"<span class="sw stat pending" aria-hidden="true"></span>Statutory holiday (arrangement not announced)"#))
        // The stylesheet by its content-hashed name, from the site's path (404.html is served anywhere).
        let hashed = try #require(site.files.keys.first { $0.hasPrefix("static/") && $0.hasSuffix("/style.css") })
        #expect(site.read("404.html")?.contains("href=\"/cal/\(hashed)\"") == true)
        #expect(site.read("sitemap.xml")?.contains("<loc>https://example.org/cal/2026/</loc>") == true)
    }
}
