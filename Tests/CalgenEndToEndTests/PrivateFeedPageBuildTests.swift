import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// The page beside a personal feed in a subscriber's language other than the site's, through whole
/// builds of the mini site. (The pages of the bundled site: `PrivateFeedPageTests`.)
@Suite(.endToEnd) struct PrivateFeedPageBuildTests {
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
}
