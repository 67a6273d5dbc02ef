import CalgenCore
import CalgenModel

/// The words of the site in its language: one table per language.
struct SiteStrings: Sendable {
    let language: SiteLanguage

    var isChinese: Bool { language == .chinese }

    static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// `10月` / `October`.
    func monthName(_ month: Int) -> String {
        isChinese ? "\(month)月" : SiteStrings.englishMonths[month - 1]
    }

    /// `2026年10月` / `October 2026`.
    func monthTitle(year: Int, month: Int) -> String {
        isChinese ? "\(year)年\(month)月" : "\(SiteStrings.englishMonths[month - 1]) \(year)"
    }

    /// `2026年10月1日 星期四` / `Thursday, 1 October 2026`.
    func longDate(_ date: CivilDate) -> String {
        isChinese
            ? "\(date.year)年\(date.month)月\(date.day)日 \(date.weekday.chineseName)"
            : "\(date.weekday.englishName), \(date.day) \(SiteStrings.englishMonths[date.month - 1]) \(date.year)"
    }

    /// `10月1日（周四）` / `Thu 1 Oct`.
    func shortDate(_ date: CivilDate) -> String {
        isChinese
            ? "\(date.month)月\(date.day)日（周\(date.weekday.chineseShortName)）"
            : "\(weekdayShort(date.weekday)) \(date.day) \(SiteStrings.englishMonths[date.month - 1].prefix(3))"
    }

    /// `shortDate` in the pieces a line may break between: `["10月1日", "（周四）"]` / `["Thu 1 Oct"]`.
    func shortDateParts(_ date: CivilDate) -> [String] {
        isChinese ? ["\(date.month)月\(date.day)日", "（周\(date.weekday.chineseShortName)）"] : [shortDate(date)]
    }

    /// `一` / `Mon`.
    func weekdayShort(_ weekday: Weekday) -> String {
        isChinese ? weekday.chineseShortName : String(weekday.englishName.prefix(3))
    }

    /// `星期一` / `Monday`.
    func weekdayLong(_ weekday: Weekday) -> String {
        isChinese ? weekday.chineseName : weekday.englishName
    }

    /// A holiday's display name in the site's language.
    func holidayName(_ displayName: String) -> String {
        isChinese ? displayName : HolidayNames.englishName(for: displayName)
    }

    /// A festival's name in the site's language.
    func festivalName(_ name: String) -> String {
        isChinese ? name : SiteStrings.englishFestivals[name] ?? name
    }

    /// A solar term's name in the site's language.
    func solarTermName(_ term: SolarTerm) -> String {
        isChinese ? term.name : SiteStrings.englishSolarTerms[term.rawValue]
    }

    static let englishFestivals: [String: String] = [
        "春节": "Spring Festival", "元宵节": "Lantern Festival", "龙抬头": "Dragon Raises Its Head",
        "端午节": "Dragon Boat Festival", "七夕节": "Qixi Festival", "中元节": "Zhongyuan Festival",
        "中秋节": "Mid-Autumn Festival", "重阳节": "Double Ninth Festival", "寒衣节": "Winter Clothing Day",
        "下元节": "Xiayuan Festival", "腊八节": "Laba Festival", "北方小年": "Little New Year (north)",
        "南方小年": "Little New Year (south)", "除夕": "New Year's Eve", "清明节": "Qingming Festival",
        "元旦": "New Year's Day", "妇女节": "Women's Day", "植树节": "Tree Planting Day", "劳动节": "Labour Day",
        "青年节": "Youth Day", "儿童节": "Children's Day", "建党节": "Party Founding Day", "建军节": "Army Day",
        "教师节": "Teachers' Day", "国庆节": "National Day",
    ]

    static let englishSolarTerms = [
        "Minor Cold", "Major Cold", "Start of Spring", "Rain Water", "Awakening of Insects", "Spring Equinox",
        "Pure Brightness", "Grain Rain", "Start of Summer", "Grain Buds", "Grain in Ear", "Summer Solstice",
        "Minor Heat", "Major Heat", "Start of Autumn", "End of Heat", "White Dew", "Autumn Equinox", "Cold Dew",
        "Frost's Descent", "Start of Winter", "Minor Snow", "Major Snow", "Winter Solstice",
    ]

    /// `4月5日` / `5 Apr`: a date in a list of the year's days.
    func dayOfYear(_ date: CivilDate) -> String {
        isChinese ? "\(date.month)月\(date.day)日" : "\(date.day) \(SiteStrings.englishMonths[date.month - 1].prefix(3))"
    }

    /// The statutory days of a year as one sentence: `共13天：元旦 1月1日；春节 2月16日至2月19日；…`.
    func statutorySummary(_ days: [StatutoryDay]) -> String {
        var groups = [(holiday: String, dates: [CivilDate])]()
        for day in days {
            if let last = groups.indices.last, groups[last].holiday == day.holiday {
                groups[last].dates.append(day.date)
            } else {
                groups.append((day.holiday, [day.date]))
            }
        }
        let parts = groups.map { group -> String in
            let name = holidayName(group.holiday)
            let first = dayOfYear(group.dates.first!)
            let dates = group.dates.count == 1 ? first : first + (isChinese ? "至" : "–") + dayOfYear(group.dates.last!)
            return "\(name) \(dates)"
        }
        return isChinese
            ? "共\(days.count)天：" + parts.joined(separator: "；") + "。"
            : "\(days.count) days: " + parts.joined(separator: "; ") + "."
    }

    /// `依照《全国年节及纪念日放假办法》（国务院令第795号），2026年的法定节假日共13天：…`.
    func statutorySentence(year: Int, decree: String, summary: String) -> String {
        isChinese
            ? "依照《全国年节及纪念日放假办法》（\(decree)），\(year)年的法定节假日" + summary
            : "Under the national rules on public holidays (\(decree)), \(year) has " + summary
    }

    /// The badge of a day: 休 on holidays, 班 on make-up workdays.
    func badge(_ kind: DayKind) -> String? {
        switch kind {
        case .holiday: return isChinese ? "休" : "Off"
        case .makeupWorkday: return isChinese ? "班" : "Work"
        case .workday, .weekend: return nil
        }
    }

    /// The status spoken after the date to a screen reader.
    func spokenStatus(_ kind: DayKind) -> String {
        switch kind {
        case .holiday: return isChinese ? "休" : "day off"
        case .makeupWorkday: return isChinese ? "补班" : "make-up workday"
        case .weekend: return isChinese ? "周末" : "weekend"
        case .workday: return isChinese ? "工作日" : "workday"
        }
    }

    /// `1月1日（周四）至1月3日（周六）` / `Thu 1 Jan – Sat 3 Jan`.
    func range(_ start: CivilDate, _ end: CivilDate) -> String {
        if start == end { return shortDate(start) }
        return isChinese ? "\(shortDate(start))至\(shortDate(end))" : "\(shortDate(start)) – \(shortDate(end))"
    }

    /// `共3天` / `3 days`.
    func dayCount(_ n: Int) -> String {
        isChinese ? "共\(n)天" : (n == 1 ? "1 day" : "\(n) days")
    }

    /// `1月4日（周日）上班` / `Work on Sun 4 Jan`.
    func makeupLine(_ dates: [CivilDate]) -> String? {
        guard !dates.isEmpty else { return nil }
        let list = dates.map(shortDate)
        return isChinese ? list.joined(separator: "、") + "上班" : "Work on " + list.joined(separator: ", ")
    }

    /// When a note happens: `2026年10月1日（周四）至10月7日（周三） 每天 09:00–18:00`.
    func noteWhen(_ note: Note) -> String {
        var text =
            isChinese ? "\(note.start.year)年" + range(note.start, note.end) : range(note.start, note.end) + " \(note.end.year)"
        guard let time = note.time else { return text }
        if note.start != note.end { text += isChinese ? " 每天" : ", daily" }
        text += " " + time.description
        if let duration = note.duration, duration.minutes > 0 {
            let endMinutes = time.minutes + duration.minutes
            let end = TimeOfDay(hour: endMinutes % 1440 / 60, minute: endMinutes % 60)!
            text += "–" + end.description
            if endMinutes >= 1440 { text += isChinese ? "（次日）" : " (next day)" }
        }
        return text
    }

    /// A year page's summary for search results: its holiday breaks, or that they are not announced.
    func yearDescription(year: Int, periods: [HolidayPeriod]) -> String {
        if periods.isEmpty {
            return isChinese
                ? "\(year)年日历：法定节假日、农历、二十四节气与节日；放假调休安排尚未公布。"
                : "\(year) calendar: statutory holidays, lunar dates, solar terms and festivals; the holiday arrangement is not announced yet."
        }
        let breaks = periods.map { "\(holidayName($0.noticeName)) \(range($0.start, $0.end))" }
        return isChinese
            ? "\(year)年放假安排与调休上班日期：" + breaks.joined(separator: "；") + "。"
            : "\(year) public holidays and make-up workdays: " + breaks.joined(separator: "; ") + "."
    }

    /// A month page's summary: its holiday breaks and make-up days, and what else the grid shows.
    func monthDescription(year: Int, month: Int, periods: [HolidayPeriod], feasts: [String]) -> String {
        let title = monthTitle(year: year, month: month)
        var parts = periods.map { period -> String in
            var text = "\(holidayName(period.noticeName)) \(range(period.start, period.end))"
            if let makeup = makeupLine(period.makeupWorkdays) { text += isChinese ? "，" + makeup : "; " + makeup }
            return text
        }
        // A festival that names a break of the month is said once, as the break.
        let names = Set(periods.map { holidayName($0.noticeName) })
        let others = feasts.filter { !names.contains($0) }
        if !others.isEmpty { parts.append(others.joined(separator: isChinese ? "、" : ", ")) }
        return isChinese
            ? "\(title)日历，含农历与调休：" + (parts.isEmpty ? "本月没有放假安排。" : parts.joined(separator: "；") + "。")
            : "\(title) calendar with lunar dates and make-up workdays: "
                + (parts.isEmpty ? "no public holidays this month." : parts.joined(separator: "; ") + ".")
    }

    /// A note page's summary: when, then the start of its text.
    func noteDescription(_ note: Note) -> String {
        let text = note.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let excerpt = text.count > 120 ? text.prefix(119) + "…" : Substring(text)
        return noteWhen(note) + (excerpt.isEmpty ? "" : (isChinese ? "：" : ": ") + excerpt)
    }

    /// `周日` / `Sun`.
    func weekdayShortName(_ weekday: Weekday) -> String {
        (isChinese ? "周" : "") + weekdayShort(weekday)
    }

    /// What a day is, in a word or two: `休息日（国庆节）`, `补班（国庆节）`, `工作日`.
    func dayStatusWord(_ kind: DayKind, name: String?, announced: Bool) -> String {
        let named = name.map { isChinese ? "（\($0)）" : " (\($0))" } ?? ""
        let word: String
        switch kind {
        case .holiday: word = (isChinese ? "休息日" : "Day off") + named
        case .makeupWorkday: word = (isChinese ? "补班" : "Make-up workday") + named
        case .weekend: word = isChinese ? "休息日" : "Weekend"
        case .workday: word = isChinese ? "工作日" : "Workday"
        }
        return announced ? word : word + (isChinese ? "（该年调休安排未公布）" : " (arrangement not announced)")
    }

    /// `今天 11月22日 周日 农历十月初四 · 休息日`.
    func todayLine(date: String, weekday: String, lunar: String, status: String) -> String {
        fill(homeWords["today"]!, ["date": date, "weekday": weekday, "lunar": lunar, "status": status])
            .replacingOccurrences(of: "  ", with: " ")
    }

    /// `正在放假：国庆节（10月1日（周四）至10月8日（周四），共8天），还剩 3 天`.
    func currentHolidayLine(name: String, range: String, days: Int, left: Int) -> String {
        fill(homeWords["current"]!, ["name": name, "range": range, "days": "\(days)", "left": "\(left)"])
    }

    /// `下一个假期：元旦，还有 40 天（1月1日（周五）至1月3日（周日），共3天）`.
    func nextHolidayLine(name: String, range: String, days: Int, until: Int) -> String {
        fill(homeWords["next"]!, ["name": name, "range": range, "days": "\(days)", "until": "\(until)"])
    }

    /// `下一个假期：2028年放假安排尚未公布`.
    func nextHolidayUnknown(year: Int) -> String {
        fill(homeWords["unknown"]!, ["year": "\(year)"])
    }

    /// What the home page says to a reader without JavaScript: the lines are as of the build day.
    func homeAsOf(_ date: String) -> String {
        fill(homeWords["asOf"]!, ["date": date])
    }

    /// `text` with each `{key}` replaced; the home page's script fills the same patterns.
    func fill(_ text: String, _ values: [String: String]) -> String {
        values.reduce(text) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
    }

    /// The patterns of the home page's live lines, shared by the build and the page's script.
    var homeWords: [String: String] {
        isChinese
            ? [
                "today": "今天 {date} {weekday} {lunar} · {status}",
                "current": "正在放假：{name}（{range}，共{days}天），还剩 {left} 天",
                "next": "下一个假期：{name}，还有 {until} 天（{range}，共{days}天）",
                "unknown": "下一个假期：{year}年放假安排尚未公布",
                "asOf": "以上按本页生成日（{date}）计算。",
                "stale": "本页生成于 {date}，已超出本页所含的月份；请打开对应年份的日历。",
            ]
            : [
                "today": "Today {weekday} {date} · {status}",
                "current": "On holiday: {name} ({range}, {days} days), {left} days left",
                "next": "Next holiday: {name}, in {until} days ({range}, {days} days)",
                "unknown": "Next holiday: the {year} arrangement is not announced yet",
                "asOf": "As of the day this page was built ({date}).",
                "stale": "This page was built on {date}, before the months it shows; open the year's calendar.",
            ]
    }

    /// The news of `changes.xml` and the manifest: `2027年放假安排已发布`.
    func newsAnnounced(_ year: Int) -> String {
        isChinese ? "\(year)年放假安排已发布" : "The \(year) holiday arrangement is published"
    }

    /// `2028年日历已加入（放假安排尚未公布）`.
    func newsYearAdded(_ year: Int) -> String {
        isChinese ? "\(year)年日历已加入（放假安排尚未公布）" : "The \(year) calendar is added (arrangement not announced yet)"
    }

    /// `2026年放假数据更正`.
    func newsCorrected(_ year: Int) -> String {
        isChinese ? "\(year)年放假数据更正" : "The \(year) holiday data is corrected"
    }

    /// `新记事：国庆值班安排`.
    func newsNoteAdded(_ title: String) -> String { isChinese ? "新记事：\(title)" : "New note: \(title)" }

    /// `记事更新：国庆值班安排`.
    func newsNoteChanged(_ title: String) -> String { isChinese ? "记事更新：\(title)" : "Note updated: \(title)" }

    /// `记事删除：国庆值班安排`.
    func newsNoteRemoved(_ title: String) -> String { isChinese ? "记事删除：\(title)" : "Note removed: \(title)" }

    /// `网站发布：2007–2027年日历，放假安排已公布至2026年`.
    func newsPublished(first: Int?, last: Int?) -> String {
        let from = first.map(String.init) ?? "?"
        let through = last.map(String.init) ?? "—"
        return isChinese
            ? "网站发布：\(from)年起的日历，放假安排已公布至\(through)年"
            : "Site published: calendars from \(from), holiday arrangements announced through \(through)"
    }

    /// The fixed words templates use, as `{{t.key}}`.
    var ui: [String: String] {
        isChinese ? SiteStrings.chineseUI : SiteStrings.englishUI
    }

    static let chineseUI: [String: String] = [
        "yearTitleSuffix": "年放假安排",
        "calendar": "日历",
        "holidays": "各节日放假时间",
        "monthIndex": "月份",
        "rangeTo": "至",
        "makeupBefore": "",
        "makeupAfter": "上班",
        "holidayName": "节日",
        "dates": "放假时间",
        "length": "天数",
        "makeup": "调休上班",
        "none": "无",
        "sources": "来源",
        "colon": "：",
        "notAnnounced": "尚未公布",
        "announced": "已公布",
        "notAnnouncedLong": "该年的放假安排尚未公布。法定节假日依法放假，具体调休安排尚未公布：下面的日历标出法定节假日、节气与节日，只区分工作日与周末，没有休/班标记；国务院通知发布、数据更新后，本页会随之更新。",
        "wholeYear": "全年日历",
        "home": "首页",
        "years": "各年份",
        "subscribe": "订阅节假日日历",
        "subscribeText": "在日历应用中订阅，放假与补班安排更新后会自动同步。",
        "subscribeWebcal": "用日历应用订阅（webcal）",
        "subscribeHttps": "订阅地址（https）",
        "subscribeFestivals": "节气与节日日历",
        "subscribeFestivalsText": "二十四节气和除夕、元宵、七夕、重阳等节日，全天事件，不设提醒；与节假日日历分开订阅。",
        "legend": "图例",
        "legendOff": "休息日（含调休）",
        "legendStatutory": "法定节假日",
        "legendPending": "法定节假日（调休安排未公布）",
        "statutory": "法定节假日",
        "statutoryPending": "法定节假日，依法放假，具体调休安排尚未公布",
        "statutoryDays": "法定节假日",
        "statutoryPendingText": "依法放假，具体调休安排尚未公布。",
        "partialHolidays": "部分公民放假的节日",
        "workdaysPerMonth": "每月工作日",
        "workdaysTotal": "全年",
        "feasts": "节气与节日",
        "monthFeasts": "本月节气与节日",
        "solarTerms": "二十四节气",
        "festivals": "节日",
        "legendWork": "调休上班（补班）",
        "legendWeekend": "周末",
        "monthHolidays": "本月安排",
        "noHolidaysThisMonth": "本月没有法定节假日或调休。",
        "notFoundTitle": "页面不存在",
        "notFoundText": "找不到这个页面。可以从首页或下面的年份进入日历。",
        "source": "数据来源",
        "generatedBy": "由 calgen 生成",
        "skip": "跳到正文",
        "notes": "记事",
        "notesTitle": "全部记事",
        "notesByDate": "按日期",
        "notesByTag": "按标签",
        "noNotes": "还没有记事。",
        "monthNotes": "本月记事",
        "upcomingNotes": "近期记事",
        "allNotes": "全部记事",
        "tags": "标签",
        "onTheCalendar": "在日历中查看",
        "notePage": "单独页面",
        "draft": "草稿",
        "siteNav": "网站导航",
        "changesSubtitle": "新一年放假安排的发布、数据更正和记事变化，每个网站版本一条。",
        "apiTitle": "数据接口",
        "apiDescription": "节假日与调休的静态 JSON 接口：按日期查询是否上班、农历、节气和下一个假期，附 curl、iPhone 快捷指令和 Home Assistant 示例。",
        "todayHeading": "今天",
        "monthSteps": "切换月份",
        "subscribeHow": "订阅地址与各日历应用的设置方法",
        "subscribeTitle": "订阅日历",
        "subscribeDescription": "订阅中国法定节假日与调休日历：https 与 webcal 地址，以及 iPhone、Mac、Google 日历、Outlook、Android 和华为、小米手机的设置步骤与提醒说明。",
        "guideHeading": "在日历应用中订阅",
        "addresses": "订阅地址",
        "downloadIcs": "下载 .ics 文件",
        "copy": "复制",
        "copied": "已复制",
        "personalTitle": "{name}的个人日历",
        "personalText": "你的上班提醒、补班前提醒和个人记事。这个地址就是你的钥匙：不要公开分享。",
        "personalNotice": "这是个人日历的专用页面，不会出现在网站的其他页面中。请不要转发本页地址。",
        "notesDescription": "全部记事：按日期与标签列出的值班、活动与提醒。",
        "thisMonth": "本月",
        "subscribeShort": "订阅",
        "jumpLabel": "跳到",
        "jumpGo": "前往",
        "jumpHint": "年-月，例如 2026-10",
        "jumpInvalid": "请输入有数据的年月，例如 2026-10",
        "apiLink": "数据接口",
        "changesFeed": "更新记录",
    ]

    static let englishUI: [String: String] = [
        "yearTitleSuffix": " public holidays",
        "calendar": "Calendar",
        "holidays": "Holiday breaks",
        "monthIndex": "Months",
        "rangeTo": " – ",
        "makeupBefore": "Work on ",
        "makeupAfter": "",
        "holidayName": "Holiday",
        "dates": "Days off",
        "length": "Length",
        "makeup": "Make-up workdays",
        "none": "none",
        "sources": "Sources",
        "colon": ": ",
        "notAnnounced": "not announced",
        "announced": "announced",
        "notAnnouncedLong":
            "This year's holiday arrangement has not been announced yet. The statutory holidays are off by law, but the swapped days around them are not known: the calendar below marks statutory holidays, solar terms and festivals, and otherwise only workdays and weekends, with no off/work badges; this page will be updated once the State Council notice is published.",
        "wholeYear": "Whole year",
        "home": "Home",
        "years": "Years",
        "subscribe": "Subscribe to the holiday calendar",
        "subscribeText": "Subscribe in your calendar app; holiday and make-up workday changes arrive by themselves.",
        "subscribeWebcal": "Subscribe in a calendar app (webcal)",
        "subscribeHttps": "Feed address (https)",
        "subscribeFestivals": "Solar terms and festivals",
        "subscribeFestivalsText":
            "The 24 solar terms and festivals such as New Year's Eve, Lantern, Qixi and Double Ninth, as all-day events without alarms; a separate subscription from the holiday calendar.",
        "legend": "Legend",
        "legendOff": "Day off (incl. swapped)",
        "legendStatutory": "Statutory holiday",
        "legendPending": "Statutory holiday (arrangement not announced)",
        "statutory": "statutory holiday",
        "statutoryPending": "statutory holiday; the swapped days around it are not announced yet",
        "statutoryDays": "Statutory holidays",
        "statutoryPendingText": "Off by law; the swapped days around them are not announced yet.",
        "partialHolidays": "Holidays for some people",
        "workdaysPerMonth": "Workdays per month",
        "workdaysTotal": "Year",
        "feasts": "Solar terms and festivals",
        "monthFeasts": "Solar terms and festivals this month",
        "solarTerms": "The 24 solar terms",
        "festivals": "Festivals",
        "legendWork": "Make-up workday",
        "legendWeekend": "Weekend",
        "monthHolidays": "This month",
        "noHolidaysThisMonth": "No public holidays or make-up workdays this month.",
        "notFoundTitle": "Page not found",
        "notFoundText": "This page does not exist. Start from the home page or one of the years below.",
        "source": "Data source",
        "generatedBy": "Generated by calgen",
        "skip": "Skip to content",
        "notes": "Notes",
        "notesTitle": "All notes",
        "notesByDate": "By date",
        "notesByTag": "By tag",
        "noNotes": "No notes yet.",
        "monthNotes": "Notes this month",
        "upcomingNotes": "Coming up",
        "allNotes": "All notes",
        "tags": "Tags",
        "onTheCalendar": "On the calendar",
        "notePage": "Note page",
        "draft": "Draft",
        "siteNav": "Site",
        "changesSubtitle": "New holiday arrangements, data corrections and note changes, one entry per site version.",
        "apiTitle": "Data API",
        "apiDescription":
            "A static JSON API of China's holidays and make-up workdays: whether a date is a workday, its lunar date, solar term and the next holiday, with curl, iOS Shortcuts and Home Assistant examples.",
        "todayHeading": "Today",
        "monthSteps": "Other months",
        "subscribeHow": "Feed addresses and how to subscribe in each calendar app",
        "subscribeTitle": "Subscribe",
        "subscribeDescription":
            "Subscribe to China's public holidays and make-up workdays: https and webcal addresses, with steps and alarm notes for iPhone, Mac, Google Calendar, Outlook, Android, Huawei and Xiaomi.",
        "guideHeading": "Subscribing in a calendar app",
        "addresses": "Feed addresses",
        "downloadIcs": "Download the .ics file",
        "copy": "Copy",
        "copied": "Copied",
        "personalTitle": "{name}'s personal calendar",
        "personalText":
            "Your clock-in reminders, make-up day reminders and personal notes. This address is your key: do not share it publicly.",
        "personalNotice":
            "This page belongs to one personal calendar and is linked from nowhere else on the site. Do not pass its address on.",
        "notesDescription": "All notes, by date and by tag: duties, events and reminders.",
        "thisMonth": "This month",
        "subscribeShort": "Subscribe",
        "jumpLabel": "Go to",
        "jumpGo": "Go",
        "jumpHint": "Year-month, e.g. 2026-10",
        "jumpInvalid": "Enter a year and month with data, e.g. 2026-10",
        "apiLink": "Data API",
        "changesFeed": "What changed",
    ]
}
