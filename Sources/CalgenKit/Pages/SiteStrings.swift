import CalgenCore

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

    /// The fixed words templates use, as `{{t.key}}`.
    var ui: [String: String] {
        isChinese ? SiteStrings.chineseUI : SiteStrings.englishUI
    }

    static let chineseUI: [String: String] = [
        "yearTitleSuffix": "年放假安排",
        "calendar": "日历",
        "holidays": "放假安排",
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
    ]

    static let englishUI: [String: String] = [
        "yearTitleSuffix": " public holidays",
        "calendar": "Calendar",
        "holidays": "Holidays",
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
    ]
}
