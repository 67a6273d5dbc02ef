import CalgenCore
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
