import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenRender

@Suite struct HTMLTests {
    @Test func writesEveryPageAndTheExtraFiles() throws {
        let site = try BundledSite.get()
        let report = site.report
        let files = site.files
        let pages = files.keys.filter { $0.hasSuffix(".html") }
        // 21 years, 252 months, 5 notes, the notes index, index, subscribe, api, changes and 404,
        // 4 public schedules × 3 years × (a year and 12 months), and the schedules' today pages (an
        // index and one each)
        #expect(report.pages == 445)
        // and a private page beside each of the 6 personal feeds, counted as feeds, not pages
        #expect(pages.count == 451)
        #expect(pages.filter { $0.hasPrefix("feeds/") }.count == 6)
        #expect(pages.filter { $0.hasPrefix("schedules/") }.count == 161)
        #expect(pages.filter { $0.range(of: #"^\d{4}/index\.html$"#, options: .regularExpression) != nil }.count == 21)
        #expect(pages.filter { $0.range(of: #"^\d{4}/\d{2}/index\.html$"#, options: .regularExpression) != nil }.count == 252)
        for path in ["index.html", "404.html", "sitemap.xml", "robots.txt", "assets/style.css"] {
            #expect(files[path] != nil, "\(path)")
        }
        let sitemap = site.read("sitemap.xml") ?? ""
        #expect(sitemap.contains("<loc>https://calendar.example.com/2026/10/</loc>"))
        #expect(sitemap.contains("<loc>https://calendar.example.com/notes/national-day-duty/</loc>"))
        #expect(sitemap.components(separatedBy: "<loc>").count - 1 == 444)  // every page but 404
        #expect(sitemap.contains("<loc>https://calendar.example.com/changes/</loc>"))
        #expect(!sitemap.contains("feeds/"))
        #expect(site.read("robots.txt")?.contains("Sitemap: https://calendar.example.com/sitemap.xml") == true)
    }

    @Test func dayCellsAnnounceTheirFullDateAndStatus() throws {
        let site = try BundledSite.get()
        let month = site.read("2026/10/index.html") ?? ""
        #expect(month.contains(#"<span class="vh">2026年10月1日 星期四 休 法定节假日 国庆节 农历八月廿一</span>"#))
        #expect(month.contains(#"<span class="vh">2026年10月2日 星期五 国庆节 休 法定节假日 农历八月廿二</span>"#))
        #expect(month.contains(#"<span class="vh">2026年10月4日 星期日 国庆假期 休 农历八月廿四</span>"#))
        #expect(month.contains(#"<span class="vh">2026年10月18日 星期日 周末 重阳节 农历九月初九</span>"#))
        #expect(month.contains(#"<span class="vh">2026年10月10日 星期六 国庆补班 农历九月初一</span>"#))
        #expect(month.contains(#"<th scope="col" abbr="星期一">一</th>"#))
        // A statutory day of an unannounced year is off by law, not a 工作日.
        let february2027 = site.read("2027/02/index.html") ?? ""
        #expect(february2027.contains(#"<span class="vh">2027年2月8日 星期一 春节 法定节假日，依法放假"#))
        let year = site.read("2026/index.html") ?? ""
        #expect(year.contains(#"aria-current="date""#))  // 2026-11-21, from SOURCE_DATE_EPOCH
        // Dates break between day and weekday, never inside "（周日）".
        #expect(
            year.contains(
                #"<span class="nw">2月15日</span><span class="nw">（周日）</span>至<span class="nw">2月23日</span><span class="nw">（周一）</span>"#
            ))
        #expect(
            year.contains(
                #"<span class="nw">2月14日</span><span class="nw">（周六）</span>、<span class="nw">2月28日</span><span class="nw">（周六）</span>上班"#
            ))
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
        // 2025-10-06 is 中秋节, a statutory day of its own inside the 国庆 break: named for its festival alone.
        #expect(
            october.contains(#"<span class="l" aria-hidden="true">十五</span><span class="f" aria-hidden="true">中秋节</span></td>"#))
        #expect(october.contains(#"<span class="h brk" aria-hidden="true">国庆假期</span>"#))
        #expect(october.contains(#"<span class="h mk" aria-hidden="true">国庆补班</span>"#))
        // The month's list marks where each 伏 and each 九 begins; the year page names its lunar year.
        let july = site.read("2026/07/index.html") ?? ""
        #expect(july.contains(#"<time datetime="2026-07-15">7月15日（周三）</time> 初伏</li>"#))
        #expect(july.contains(#"<time datetime="2026-07-25">7月25日（周六）</time> 中伏</li>"#))
        #expect(site.read("2026/01/index.html")?.contains(#"<time datetime="2026-01-08">1月8日（周四）</time> 三九</li>"#) == true)
        #expect(site.read("2026/index.html")?.contains(#"<p class="lunar-year">丙午年 · 马年，2月17日（周二）起</p>"#) == true)
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

    /// The home page is right as of the build day without JavaScript, says so, and carries the
    /// data its script needs for the weeks after (checked in a browser by checks/test_browser.py).
    @Test func theHomePageAnswersTodayAndWhatNext() throws {
        let site = try BundledSite.get()
        let home = site.read("index.html") ?? ""
        // 2026-11-21 (SOURCE_DATE_EPOCH); 2027 is not announced: its days off by law are known.
        #expect(home.contains(#"<p class="today-line" id="today-line">今天 11月21日 周六 农历十月十三 · 休息日</p>"#))
        #expect(
            home.contains(#"<p class="next-holiday" id="next-holiday">2027年放假安排尚未公布；元旦 1月1日（周五）依法放假</p>"#))
        #expect(home.contains(#"<p class="makeup-line" id="makeup-line" hidden></p>"#))
        #expect(home.contains("以上按本页生成日（2026年11月21日 星期六，北京时间）计算。"))
        // Grids for this month and the next three, the later ones hidden until the script shows them.
        #expect(home.contains(#"<div class="home-month" data-month="2026-11" data-table="2026">"#))
        // 2027 is not announced: the right column keeps 2026's table at the year's end.
        #expect(home.contains(#"<div class="home-month" data-month="2027-02" data-table="2027" hidden>"#))
        #expect(home.contains(#"<a rel="next" href="2026/12/" data-month="2026-12">12月 →</a>"#))
        // Each day's answers for the script: [date, today, holiday, make-up, [each schedule's]].
        #expect(
            home.contains(
                #"["2026-12-31","今天 12月31日 周四 农历冬月廿三 · 工作日；明天 1月1日 周五 依法放假：元旦（调休安排未公布）","2027年放假安排尚未公布；元旦 1月1日（周五）依法放假","",["按大小周：今天 12月31日 周四 上半天（下午放假，日班 09:00–13:30）；本周六 1月2日 待定（放假安排未公布）；本周日 1月3日 待定（放假安排未公布）""#
            ))
        #expect(home.contains(#"["2027-01-01","今天 1月1日 周五 农历冬月廿四 · 依法放假（元旦，该年调休安排未公布）","#))
        #expect(home.contains(#""live":"日期按北京时间计算。""#))
        // The legend explains every style the grids draw, the dashed frame of 元旦 2027 too.
        let legend = home.components(separatedBy: #"<ul class="legend""#).last?.components(separatedBy: "</ul>").first ?? ""
        for entry in [
            #"<span class="sw stat pending" aria-hidden="true"></span>法定节假日（调休安排未公布）"#,
            #"<span class="sw we" aria-hidden="true"></span>周末"#, #"<span class="sw now" aria-hidden="true"></span>今天"#,
            #"<span class="sw fest" aria-hidden="true"></span>节日与节气"#,
            #"<span class="sw lunar" aria-hidden="true"></span>农历初一（显示月名）"#,
            #"<span class="sw note" aria-hidden="true"></span>记事"#,
        ] {
            #expect(legend.contains(entry), "\(entry)")
        }
        // Nothing off but by law in Nov 2026 – Feb 2027: no entry for a style not drawn.
        #expect(!legend.contains(#"class="sw work""#) && !legend.contains(#"class="sw off""#))
    }

    @Test func theNextHolidayLineCountsTheDays() throws {
        let pages = HomePage(pages: try BundledModel.pages(today: CivilDate(year: 2026, month: 9, day: 21)!))
        #expect(pages.answer(on: CivilDate(year: 2026, month: 9, day: 21)!).holiday.hasPrefix("下一个假期：中秋节，还有 4 天"))
        #expect(pages.answer(on: CivilDate(year: 2026, month: 10, day: 3)!).holiday.hasPrefix("国庆假期第3天"))
        #expect(pages.answer(on: CivilDate(year: 2026, month: 10, day: 3)!).holiday.hasSuffix("10月8日（周四）上班"))
    }

    @Test func subscribeAPIAndPrivateFeedPages() throws {
        let site = try BundledSite.get()
        let subscribe = site.read("subscribe/index.html") ?? ""
        #expect(subscribe.contains(#"value="https://calendar.example.com/feeds/holidays.ics""#))
        #expect(subscribe.contains(#"href="webcal://calendar.example.com/feeds/holidays.ics""#))
        for client in ["iPhone 和 iPad", "Google 日历（网页版）", "Outlook.com 与 Outlook", "Android（ICSx⁵）", "华为、小米"] {
            #expect(subscribe.contains(client), "\(client)")
        }
        #expect(subscribe.contains("“移除提醒”默认开启"))
        #expect(subscribe.contains("Google 日历会忽略订阅日历里的提醒"))
        // Every page links the subscribe page from its header and the API page from its footer.
        #expect(site.read("2026/10/index.html")?.contains(#"<a href="../../subscribe/">订阅</a>"#) == true)
        #expect(site.read("2026/10/index.html")?.contains(#"<a href="../../api/">数据接口</a>"#) == true)
        let api = site.read("api/index.html") ?? ""
        #expect(api.contains("curl -s https://calendar.example.com/api/days/2026-11-21.json | jq ."))
        // The example on several lines, as `jq .` prints it.
        #expect(api.contains("{\n  &quot;date&quot;: &quot;2026-11-21&quot;,\n  &quot;weekday&quot;: 6,\n"))
        // Beside each personal feed: its own page, noindex, linked from no public page.
        let privatePages = site.files.keys.filter { $0.hasPrefix("feeds/") && $0.hasSuffix("/index.html") }.sorted()
        #expect(privatePages.count == 6)
        let manifest = site.read("manifest.json") ?? ""
        let publicPages = site.files.keys.filter { $0.hasSuffix(".html") && !$0.hasPrefix("feeds/") }.map { site.read($0)! }
        for path in privatePages {
            let page = site.read(path) ?? ""
            let folder = String(path.dropLast("index.html".count))
            #expect(page.contains(#"<meta name="robots" content="noindex">"#))
            // Its links tell no other site the secret path.
            #expect(page.contains(#"<meta name="referrer" content="same-origin">"#))
            #expect(page.contains("value=\"https://calendar.example.com/\(folder)"))
            #expect(!manifest.contains(folder))
            #expect(!publicPages.contains { $0.contains(folder) })
        }
    }

    @Test func everyPageHasItsOwnDescriptionAndChinesePunctuation() throws {
        let site = try BundledSite.get()
        func description(_ path: String) -> String? {
            let html = site.read(path) ?? ""
            guard let start = html.range(of: #"<meta name="description" content=""#) else { return nil }
            return String(html[start.upperBound...].prefix { $0 != "\"" })
        }
        #expect(description("2026/index.html")?.hasPrefix("2026年放假安排与调休上班日期：元旦 1月1日（周四）至1月3日（周六）") == true)
        #expect(
            description("2026/10/index.html")
                == "2026年10月日历，含农历与调休：国庆节 10月1日（周四）至10月7日（周三），9月20日（周日）、10月10日（周六）上班；寒露、重阳节、霜降。")
        let descriptions = site.files.keys.filter { $0.hasSuffix("index.html") && !$0.hasPrefix("feeds/") }.compactMap(
            description)
        #expect(Set(descriptions).count == descriptions.count)
        #expect(site.read("2026/index.html")?.contains("来源：") == true)
        #expect(site.read("index.html")?.contains("数据来源：<a") == true)
        // One tab stop per note: later days of a 7-day note are out of the tab order.
        let october = site.read("2026/10/index.html") ?? ""
        #expect(
            october.components(separatedBy: ##"href="#note-national-day-duty" tabindex="-1" aria-hidden="true""##).count - 1 == 6)
        #expect(october.components(separatedBy: ##"<a class="nm" href="#note-national-day-duty">"##).count - 1 == 1)
        #expect(site.read("index.html")?.contains(#"<link rel="icon" href="static/"#) == true)
    }

    @Test func anUnannouncedYearSaysSoAndInventsNothing() throws {
        let site = try BundledSite.get()
        let year = site.read("2027/index.html") ?? ""
        #expect(year.contains("该年的放假安排尚未公布"))
        #expect(!year.contains(#"class="b""#))
        #expect(!year.contains("d off") && !year.contains("d work"))
        #expect(site.read("index.html")?.contains("尚未公布") == true)
    }

    @Test func templateErrorsNameTheFileAndLine() throws {
        let fixture = try Fixture()
        try fixture.write("Templates/year.mustache", "{{<layout}}\n{{$main}}\n<h1>{{heading}</h1>\n{{/main}}\n{{/layout}}\n")
        let thrown = #expect(throws: ContentErrors.self) { try fixture.buildInMemory() }
        let found = (thrown?.diagnostics ?? []).map(\.formatted)
        #expect(found.contains { $0.contains("Templates/year.mustache:3:") }, "\(found)")
        #expect(found.contains { $0.contains("template error") }, "\(found)")
    }
}
