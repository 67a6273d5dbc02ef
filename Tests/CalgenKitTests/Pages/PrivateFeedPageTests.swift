import CalgenCore
import CalgenKit
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// The page beside a personal feed says what that feed holds, as the subscriber's file says,
/// and nothing the subscriber does not have.
@Suite struct PrivateFeedPageTests {
    static func page(of name: String) throws -> String {
        let site = try BundledSite.get()
        let pages = site.files.keys.filter { $0.hasPrefix("feeds/") && $0.hasSuffix("/index.html") }
        return try #require(pages.compactMap { site.read($0) }.first { $0.contains("<h1>\(name)的个人日历</h1>") })
    }

    @Test func listsTheSubscribersOwnRemindersInPlainWords() throws {
        let wang = try Self.page(of: "王芳")
        #expect(wang.contains("<li><strong>除夕，回家吃年夜饭</strong>：每年农历腊月三十（小月为廿九）；全天；提前1天响铃</li>"))
        #expect(wang.contains("<li><strong>运维周会</strong>：每周二、周四，节假日照常；14:00，30分钟；不响铃；2026年1月1日 星期四至2027年6月30日 星期三</li>"))
        // She has no clock-in or make-up reminders, and her feed holds no holidays: no warning.
        #expect(!wang.contains("每个工作日") && !wang.contains("补班日的前一天"))
        #expect(!wang.contains("上班提醒") && !wang.contains("不要再订阅公共的节假日日历"))
        #expect(wang.contains(#"<li><a href="../../notes/national-day-duty/">国庆值班安排</a></li>"#))
        #expect(wang.contains("时间按 Asia/Shanghai 时区。"))
    }

    /// The advice about Apple's built-in holidays follows what the feed holds: with the
    /// holidays, keep one of the two; without, keep Apple's or add the holiday feed.
    @Test func theAppleAdviceFollowsWhatTheFeedHolds() throws {
        let zhang = try Self.page(of: "张三")
        #expect(zhang.contains(#"data-advice="keep-one""#) && !zhang.contains(#"data-advice="keep-apple""#))
        for name in ["王芳", "赵六", "钱七"] {
            let page = try Self.page(of: name)
            #expect(page.contains(#"data-advice="keep-apple""#) && !page.contains(#"data-advice="keep-one""#), "\(name)")
            #expect(page.contains("请保留苹果自带的“中国大陆节假日”"), "\(name)")
            #expect(!page.contains("请关掉苹果"), "\(name)")
        }
    }

    /// Reminders that follow a work schedule are said in its words, with its shifts and the
    /// leave, and the schedule's page is linked; a weekly reminder says whether it rings on
    /// holidays.
    @Test func scheduleRemindersAreSaidAsTheFeedRingsThem() throws {
        let zhao = try Self.page(of: "赵六")
        #expect(zhao.contains("按排班「大小周」上班的每一天（含大周的周六和补班日，节假日不提醒，请假日不提醒）"))
        #expect(!zhao.contains("每个工作日（含补班日"))
        #expect(zhao.contains("<li>2026年7月6日（周一）至7月11日（周六）：年假</li>"))
        #expect(zhao.contains(#"<a href="../../schedules/big-small-week/2026/">大小周工作日历</a>"#))
        let qian = try Self.page(of: "钱七")
        #expect(qian.contains("按排班「单休门店」上班的每一天（含每周六，节假日不提醒，补班日按排班）"))
        let site = try BundledSite.get()
        let pages = site.files.keys.filter { $0.hasPrefix("feeds/") && $0.hasSuffix("/index.html") }
        let texts = pages.compactMap { site.read($0) }
        let sun = try #require(texts.first { $0.contains("<h1>Sun Li&#39;s personal calendar</h1>") })
        #expect(sun.contains("白班 08:00–16:00, 中班 16:00–00:00 (next day), 夜班 00:00–08:00"))
        #expect(sun.contains("<li>Mon 30 Nov – Sun 6 Dec 2026: annual leave</li>"))
        // Li Si's Saturdays ring only on make-up Saturdays; 王芳's meeting through the holidays.
        #expect(try Self.page(of: "Li Si").contains("每周六，休息日不提醒（周六只在补班时）；全天"))
        #expect(try Self.page(of: "王芳").contains("每周二、周四，节假日照常"))
    }

    @Test func warnsWhereTheFeedHoldsThePublicDays() throws {
        let zhang = try Self.page(of: "张三")
        #expect(zhang.contains("<li><strong>打卡上班</strong>：每个工作日（含补班日，节假日不提醒）；08:50，10分钟；准时响铃</li>"))
        #expect(zhang.contains("<li><strong>发薪日</strong>：每月15日，遇休息日提前到前一个工作日；全天；不响铃</li>"))
        #expect(zhang.contains("不要再订阅公共的节假日日历，也请关掉苹果自带的“中国大陆节假日”"))
        #expect(zhang.contains("<li>全国放假与补班安排</li>"))
        #expect(zhang.contains("放假安排有效期至2026年12月31日"))
    }

    /// The mini site (Chinese, one subscriber, 张三) built into memory with `language` set in
    /// 张三's file (and site.yml's `language` when given): 张三's private page and feed, and the
    /// subscribe page.
    static func withLanguage(_ language: String, site siteLanguage: String? = nil) throws -> (
        page: String, feed: String, subscribe: String
    ) {
        let fixture = try Fixture(.mini)
        let edits = [
            ("Content/users/zhang-san.yml", "\ntimezone: Asia/Shanghai\n", "\ntimezone: Asia/Shanghai\nlanguage: \(language)\n"),
            ("Content/site.yml", "\nlanguage: zh-CN\n", siteLanguage.map { "\nlanguage: \($0)\n" }),
        ]
        for case (let path, let line, let replacement?) in edits {
            let read = fixture.read(path)
            let text = try #require(read)
            #expect(text.contains(line), "\(path)")
            try fixture.write(path, text.replacingOccurrences(of: line, with: replacement))
        }
        let built = try fixture.buildInMemory()
        let page = try #require(built.files.keys.first { $0.hasPrefix("feeds/") && $0.hasSuffix("/index.html") })
        let feed = try #require(built.files.keys.first { $0.hasPrefix("feeds/") && $0.hasSuffix("/zhang-san.ics") })
        return (
            try #require(built.read(page)), try #require(built.read(feed)),
            try #require(built.read("subscribe/index.html"))
        )
    }

    /// A page without its scripts and without what the content wrote in its own words: what is
    /// left is calgen's.
    static func ownWords(_ html: String, without written: [String]) -> String {
        var text = html.replacingOccurrences(of: #"<script>[\s\S]*?</script>"#, with: "", options: .regularExpression)
        for piece in written { text = text.replacingOccurrences(of: piece, with: "") }
        return text
    }

    /// 张三's file says `language: en` on the Chinese site: his page is in English from
    /// `<html lang>` to the footer; the site's title, his reminders' titles and the notes stay as
    /// written, and his feed is the same bytes (its texts are in the site's language).
    @Test func anEnglishSubscriberOnAChineseSite() throws {
        let english = try Self.withLanguage("en")
        let page = english.page
        #expect(page.contains(#"<html lang="en">"#))
        #expect(page.contains("<h1>张三&#39;s personal calendar</h1>"))
        #expect(page.contains(##"<a class="skip" href="#main">Skip to content</a>"##))
        #expect(page.contains(#"<h2 id="contents-h">What this calendar holds</h2>"#))
        #expect(page.contains(#"<h2 id="guide-h">Subscribing in a calendar app</h2>"#))
        #expect(
            page.contains(
                "<li><strong>打卡上班</strong>: Every workday (make-up workdays included, holidays skipped); 08:50 for 10 min; Alarm at the time</li>"
            ))
        #expect(page.contains("Times are in the Asia/Shanghai time zone."))
        #expect(page.contains(">Subscribe in a calendar app (webcal)</a>"))
        #expect(page.contains("<title>张三&#39;s personal calendar · 中国法定节假日与调休日历</title>"))
        // Left to speak: the site's title and description, his name, his calendar's and his
        // reminders' titles, the notes' titles and the lunar date 八月十五 of a reminder's days.
        let written = [
            "中国法定节假日与调休日历", "每年的法定节假日、调休与补班安排，农历日期，以及可订阅的日历。", "张三的工作日提醒", "张三",
            "打卡上班", "明天补班，记得定闹钟", "发薪日", "妈妈生日", "结婚纪念日", "健身", "复习", "看牙", "八月十五",
        ]
        let notes = page.components(separatedBy: "<h3>Notes for you</h3>").last?.components(separatedBy: "</ul>").first ?? ""
        let noteTitles = notes.matches(of: #/">([^<]+)</a>/#).map { String($0.1) }
        #expect(!noteTitles.isEmpty)
        let left = Self.ownWords(page, without: noteTitles + written)
        let chinese = left.unicodeScalars.filter {
            (0x4E00...0x9FFF).contains($0.value) || (0x3000...0x303F).contains($0.value) || (0xFF00...0xFFEF).contains($0.value)
        }
        #expect(chinese.isEmpty, "\(String(String.UnicodeScalarView(chinese)))")
        let englishWords = Set(UIWords.table(.english).values)
        for word in UIWords.table(.chinese).values where word.count > 1 && !englishWords.contains(word) {
            #expect(!left.contains(word), "\(word)")
        }
        // The rest of the site, and the feed, are as without the key.
        #expect(english.subscribe.contains(#"<html lang="zh-CN">"#))
        let unset = try Self.withLanguage("zh-CN")
        #expect(english.feed == unset.feed)
        #expect(unset.page.contains("<h1>张三的个人日历</h1>") && unset.page.contains(#"<html lang="zh-CN">"#))
    }

    /// `language: zh-CN` on an English site: the page is in Chinese, with none of the
    /// English site's words.
    @Test func aChineseSubscriberOnAnEnglishSite() throws {
        let chinese = try Self.withLanguage("zh-CN", site: "en")
        let page = chinese.page
        #expect(page.contains(#"<html lang="zh-CN">"#))
        #expect(page.contains("<h1>张三的个人日历</h1>"))
        #expect(page.contains("<li><strong>打卡上班</strong>：每个工作日（含补班日，节假日不提醒）；08:50，10分钟；准时响铃</li>"))
        #expect(page.contains("<li><strong>发薪日</strong>：每月15日，遇休息日提前到前一个工作日；全天；不响铃</li>"))
        #expect(page.contains("时间按 Asia/Shanghai 时区。"))
        #expect(page.contains("放假安排有效期至2026年12月31日"))
        for word in UIWords.table(.english).values where word.contains(" ") && word.contains(where: \.isLetter) {
            #expect(!page.contains(word), "\(word)")
        }
        #expect(chinese.subscribe.contains(#"<html lang="en">"#))
        #expect(chinese.subscribe.contains(#"<h2 id="guide-h">Subscribing in a calendar app</h2>"#))
    }

    @Test func everyKindHasItsWords() {
        let zh = SiteStrings(language: .chinese)
        let en = SiteStrings(language: .english)
        #expect(zh.reminderDays(.monthly(day: -1, adjust: .none)) == "每月最后一天")
        #expect(
            en.reminderDays(.monthly(day: -2, adjust: .nextWorkday))
                == "Day 2 from the end of every month, on the next workday when it is a day off")
        #expect(en.reminderDays(.yearly(month: 2, day: 29, feb29: .skip)) == "Every 29 February (leap years only)")
        #expect(zh.reminderAlarms([TimeSpan(minutes: 1440), TimeSpan(minutes: 15)]) == "提前1天、提前15分钟响铃")
        #expect(en.reminderAlarms([TimeSpan(minutes: 0)]) == "Alarm at the time")
        #expect(en.reminderTime(.allDay) == "All day")
    }
}
