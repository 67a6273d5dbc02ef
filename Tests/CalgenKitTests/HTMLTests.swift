import Foundation
import Testing

@testable import CalgenKit

@Suite struct HTMLTests {
    @Test func writesEveryPageAndTheExtraFiles() throws {
        let site = try BundledSite.get()
        let report = site.report
        let files = site.files
        let pages = files.keys.filter { $0.hasSuffix(".html") }
        #expect(report.pages == 281)  // 21 years, 252 months, 5 notes, the notes index, index and 404
        #expect(pages.count == 281)
        #expect(pages.filter { $0.range(of: #"^\d{4}/index\.html$"#, options: .regularExpression) != nil }.count == 21)
        #expect(pages.filter { $0.range(of: #"^\d{4}/\d{2}/index\.html$"#, options: .regularExpression) != nil }.count == 252)
        for path in ["index.html", "404.html", "sitemap.xml", "robots.txt", "assets/style.css"] {
            #expect(files[path] != nil, "\(path)")
        }
        let sitemap = site.read("sitemap.xml") ?? ""
        #expect(sitemap.contains("<loc>https://calendar.example.com/2026/10/</loc>"))
        #expect(sitemap.contains("<loc>https://calendar.example.com/notes/national-day-duty/</loc>"))
        #expect(sitemap.components(separatedBy: "<loc>").count - 1 == 280)  // every page but 404
        #expect(site.read("robots.txt")?.contains("Sitemap: https://calendar.example.com/sitemap.xml") == true)
    }

    /// Every internal `href` and `src` of every built page resolves to a file of the output,
    /// and every `#fragment` to an `id` there.
    @Test func everyInternalLinkResolves() throws {
        let files = try BundledSite.get().files.map { OutputFile(path: $0.key, bytes: Array($0.value)) }
        let broken = LinkCheck.problems(in: files, sitePath: "/", sources: [:])
        #expect(files.count > 7900 && broken.isEmpty, "\(broken.prefix(20))")
    }

    @Test func dayCellsAnnounceTheirFullDateAndStatus() throws {
        let site = try BundledSite.get()
        let month = site.read("2026/10/index.html") ?? ""
        #expect(month.contains(#"<span class="vh">2026年10月1日 星期四 国庆节 休 法定节假日 农历八月廿一</span>"#))
        #expect(month.contains(#"<span class="vh">2026年10月4日 星期日 国庆节 休 农历八月廿四</span>"#))
        #expect(month.contains(#"<span class="vh">2026年10月18日 星期日 周末 重阳节 农历九月初九</span>"#))
        #expect(month.contains(#"<span class="vh">2026年10月10日 星期六 国庆节 补班 农历九月初一</span>"#))
        #expect(month.contains(#"<th scope="col" abbr="星期一">一</th>"#))
        let year = site.read("2026/index.html") ?? ""
        #expect(year.contains(#"aria-current="date""#))  // 2026-11-21, from SOURCE_DATE_EPOCH
        #expect(year.contains("2月15日（周日）至2月23日（周一）"))
        #expect(year.contains("2月14日（周六）、2月28日（周六）上班"))
        #expect(year.contains("https://www.gov.cn/zhengce/zhengceku/202511/content_7047091.htm"))
    }

    /// The calendar people live by: festivals and solar terms in the cells, statutory days told
    /// apart from swapped rest days, and an unannounced year's statutory days without 休/班.
    @Test func pagesNameFestivalsSolarTermsAndStatutoryDays() throws {
        let site = try BundledSite.get()
        let february = site.read("2026/02/index.html") ?? ""
        #expect(february.contains(#"<td class="d off stat fest" data-date="2026-02-16">"#))
        #expect(february.contains(#"<span class="f" aria-hidden="true">除夕</span>"#))
        // 2026-02-21 (Sat) is off for 春节 but no statutory day: a swapped or weekend rest day.
        #expect(february.contains(#"<td class="d we off" data-date="2026-02-21">"#))
        let october = site.read("2025/10/index.html") ?? ""
        #expect(october.contains(#"<span class="f" aria-hidden="true">中秋节</span><span class="h" aria-hidden="true">国庆节</span>"#))
        let year2025 = site.read("2025/index.html") ?? ""
        #expect(year2025.contains("2025年的法定节假日共13天：元旦 1月1日；春节 1月28日至1月31日；"))
        #expect(year2025.contains("<caption>每月工作日</caption>"))
        let year2024 = site.read("2024/index.html") ?? ""
        #expect(year2024.contains("2024年的法定节假日共11天："))
        let year2027 = site.read("2027/index.html") ?? ""
        #expect(year2027.contains("依法放假，具体调休安排尚未公布。"))
        #expect(year2027.contains(#"<td class="d off stat"#) == false)
        #expect(year2027.contains(#"<td class="d stat pending fest" data-date="2027-02-05">"#))
        #expect(!year2027.contains(#"<span class="b""#))
        #expect(!year2027.contains("<caption>每月工作日</caption>"))
        #expect(year2027.contains(#"<li><time datetime="2027-04-05">4月5日</time> 清明</li>"#))
    }

    @Test func anUnannouncedYearSaysSoAndInventsNothing() throws {
        let site = try BundledSite.get()
        let year = site.read("2027/index.html") ?? ""
        #expect(year.contains("该年的放假安排尚未公布"))
        #expect(!year.contains(#"class="b""#))
        #expect(!year.contains("d off") && !year.contains("d work"))
        #expect(site.read("index.html")?.contains("尚未公布") == true)
    }

    @Test func englishSite() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Content/site.yml",
            "title: China Workday Calendar\nbase-url: https://example.org/cal/\nlanguage: en\nweek-start: sunday\n")
        _ = try SiteBuilder(options: fixture.options()).build()
        let month = fixture.read("public/2026/10/index.html") ?? ""
        #expect(month.contains(#"<html lang="en">"#))
        #expect(month.contains("<h1>October 2026</h1>"))
        #expect(month.contains("Thursday, 1 October 2026, National Day, day off"))
        #expect(month.contains(#"<tr><th scope="col" abbr="Sunday" class="we">Sun</th>"#))
        let year = fixture.read("public/2026/index.html") ?? ""
        #expect(year.contains("<h1>2026 public holidays</h1>"))
        #expect(year.contains("Spring Festival"))
        #expect(year.contains("Work on Sat 14 Feb, Sat 28 Feb"))
        // The stylesheet by its content-hashed name, from the site's path (404.html is served anywhere).
        let hashed = try #require(
            Fixture.snapshot(fixture.output).keys.first { $0.hasPrefix("static/") && $0.hasSuffix("/style.css") })
        #expect(fixture.read("public/404.html")?.contains("href=\"/cal/\(hashed)\"") == true)
        #expect(fixture.read("public/sitemap.xml")?.contains("<loc>https://example.org/cal/2026/</loc>") == true)
    }

    @Test func templateErrorsNameTheFileAndLine() throws {
        let fixture = try Fixture()
        try fixture.write("Templates/year.mustache", "{{<layout}}\n{{$main}}\n<h1>{{heading}</h1>\n{{/main}}\n{{/layout}}\n")
        let result = try fixture.run(["build"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Templates/year.mustache:3:"), "\(result.stderr)")
        #expect(result.stderr.contains("template error"))
    }

    /// The HTML of a year page, a month page with notes and a note page, reviewed like code. Regenerate with
    /// `CALGEN_UPDATE_GOLDEN=1 swift test --filter HTMLTests` and review the diff.
    @Test(arguments: [
        ("2026/index.html", "year-2026.html"), ("2026/10/index.html", "month-2026-10.html"),
        ("notes/national-day-duty/index.html", "note-national-day-duty.html"),
    ])
    func goldenPages(_ page: String, _ golden: String) throws {
        let actual = try BundledSite.get().read(page) ?? ""
        let goldenURL = Fixture.repositoryRoot.appendingPathComponent("Tests/CalgenKitTests/Golden/" + golden)
        if ProcessInfo.processInfo.environment["CALGEN_UPDATE_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: goldenURL)
        }
        let expected = FileManager.default.contents(atPath: goldenURL.path).map { String(decoding: $0, as: UTF8.self) }
        #expect(actual == expected, "\(page) differs from Golden/\(golden); review and regenerate it")
    }
}
