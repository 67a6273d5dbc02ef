import CalgenCore

/// The words of the site in its language: the fixed words (`ui`, typed per language in
/// `UIWords`) and the phrases made from dates, holidays and notes.
package struct SiteStrings: Sendable {
    package let language: SiteLanguage

    package init(language: SiteLanguage) {
        self.language = language
    }

    package var isChinese: Bool { language == .chinese }

    package static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// `10月` / `October`.
    package func monthName(_ month: Int) -> String {
        isChinese ? "\(month)月" : SiteStrings.englishMonths[month - 1]
    }

    /// `2026年10月` / `October 2026`.
    package func monthTitle(year: Int, month: Int) -> String {
        isChinese ? "\(year)年\(month)月" : "\(SiteStrings.englishMonths[month - 1]) \(year)"
    }

    /// `2026年10月1日 星期四` / `Thursday, 1 October 2026`.
    package func longDate(_ date: CivilDate) -> String {
        isChinese
            ? "\(date.year)年\(date.month)月\(date.day)日 \(date.weekday.chineseName)"
            : "\(date.weekday.englishName), \(date.day) \(SiteStrings.englishMonths[date.month - 1]) \(date.year)"
    }

    /// `10月1日（周四）` / `Thu 1 Oct`.
    package func shortDate(_ date: CivilDate) -> String {
        isChinese
            ? "\(date.month)月\(date.day)日（周\(date.weekday.chineseShortName)）"
            : "\(weekdayShort(date.weekday)) \(date.day) \(SiteStrings.englishMonths[date.month - 1].prefix(3))"
    }

    /// `shortDate` in the pieces a line may break between: `["10月1日", "（周四）"]` / `["Thu 1 Oct"]`.
    package func shortDateParts(_ date: CivilDate) -> [String] {
        isChinese ? ["\(date.month)月\(date.day)日", "（周\(date.weekday.chineseShortName)）"] : [shortDate(date)]
    }

    /// `一` / `Mon`.
    package func weekdayShort(_ weekday: Weekday) -> String {
        isChinese ? weekday.chineseShortName : String(weekday.englishName.prefix(3))
    }

    /// `星期一` / `Monday`.
    package func weekdayLong(_ weekday: Weekday) -> String {
        isChinese ? weekday.chineseName : weekday.englishName
    }

    /// A holiday's display name in the site's language.
    package func holidayName(_ displayName: String) -> String {
        isChinese ? displayName : HolidayNames.englishName(for: displayName)
    }

    /// A festival's name in the site's language.
    package func festivalName(_ name: String) -> String {
        isChinese ? name : SiteStrings.englishFestivals[name] ?? name
    }

    /// A solar term's name in the site's language.
    package func solarTermName(_ term: SolarTerm) -> String {
        isChinese ? term.name : SiteStrings.englishSolarTerms[term.rawValue]
    }

    package static let englishFestivals: [String: String] = [
        "春节": "Spring Festival", "元宵节": "Lantern Festival", "龙抬头": "Dragon Raises Its Head",
        "端午节": "Dragon Boat Festival", "七夕节": "Qixi Festival", "中元节": "Zhongyuan Festival",
        "中秋节": "Mid-Autumn Festival", "重阳节": "Double Ninth Festival", "寒衣节": "Winter Clothing Day",
        "下元节": "Xiayuan Festival", "腊八节": "Laba Festival", "北方小年": "Little New Year (north)",
        "南方小年": "Little New Year (south)", "除夕": "New Year's Eve", "清明节": "Qingming Festival",
        "元旦": "New Year's Day", "妇女节": "Women's Day", "植树节": "Tree Planting Day", "劳动节": "Labour Day",
        "青年节": "Youth Day", "儿童节": "Children's Day", "建党节": "Party Founding Day", "建军节": "Army Day",
        "教师节": "Teachers' Day", "国庆节": "National Day", "母亲节": "Mother's Day", "父亲节": "Father's Day",
        "情人节": "Valentine's Day", "平安夜": "Christmas Eve", "圣诞节": "Christmas Day",
    ]

    package static let englishSolarTerms = [
        "Minor Cold", "Major Cold", "Start of Spring", "Rain Water", "Awakening of Insects", "Spring Equinox",
        "Pure Brightness", "Grain Rain", "Start of Summer", "Grain Buds", "Grain in Ear", "Summer Solstice",
        "Minor Heat", "Major Heat", "Start of Autumn", "End of Heat", "White Dew", "Autumn Equinox", "Cold Dew",
        "Frost's Descent", "Start of Winter", "Minor Snow", "Major Snow", "Winter Solstice",
    ]

    /// `4月5日` / `5 Apr`: a date in a list of the year's days.
    package func dayOfYear(_ date: CivilDate) -> String {
        isChinese ? "\(date.month)月\(date.day)日" : "\(date.day) \(SiteStrings.englishMonths[date.month - 1].prefix(3))"
    }

    /// The statutory days of a year as one sentence: `共13天：元旦 1月1日；春节 2月16日至2月19日；…`.
    package func statutorySummary(_ days: [StatutoryDay]) -> String {
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
    package func statutorySentence(year: Int, decree: String, summary: String) -> String {
        isChinese
            ? "依照《全国年节及纪念日放假办法》（\(decree)），\(year)年的法定节假日" + summary
            : "Under the national rules on public holidays (\(decree)), \(year) has " + summary
    }

    /// The badge of a day: 休 on holidays, 班 on make-up workdays.
    package func badge(_ kind: DayKind) -> String? {
        switch kind {
        case .holiday: return ui.badgeOff
        case .makeupWorkday: return ui.badgeWork
        case .workday, .weekend: return nil
        }
    }

    /// The status spoken after the date to a screen reader.
    package func spokenStatus(_ kind: DayKind) -> String {
        switch kind {
        case .holiday: return isChinese ? "休" : "day off"
        case .makeupWorkday: return isChinese ? "补班" : "make-up workday"
        case .weekend: return isChinese ? "周末" : "weekend"
        case .workday: return isChinese ? "工作日" : "workday"
        }
    }

    /// `1月1日（周四）至1月3日（周六）` / `Thu 1 Jan – Sat 3 Jan`.
    package func range(_ start: CivilDate, _ end: CivilDate) -> String {
        if start == end { return shortDate(start) }
        return isChinese ? "\(shortDate(start))至\(shortDate(end))" : "\(shortDate(start)) – \(shortDate(end))"
    }

    /// `共3天` / `3 days`.
    package func dayCount(_ n: Int) -> String {
        isChinese ? "共\(n)天" : (n == 1 ? "1 day" : "\(n) days")
    }

    /// `1月4日（周日）上班` / `Work on Sun 4 Jan`.
    package func makeupLine(_ dates: [CivilDate]) -> String? {
        guard !dates.isEmpty else { return nil }
        let list = dates.map(shortDate)
        return isChinese ? list.joined(separator: "、") + "上班" : "Work on " + list.joined(separator: ", ")
    }

    /// When a note happens: `2026年10月1日（周四）至10月7日（周三） 每天 09:00–18:00`.
    package func noteWhen(_ note: Note) -> String {
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
    package func yearDescription(year: Int, periods: [HolidayPeriod]) -> String {
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
    package func monthDescription(year: Int, month: Int, periods: [HolidayPeriod], feasts: [String]) -> String {
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
    package func noteDescription(_ note: Note) -> String {
        // The text with each run of whitespace as one space, as far as the excerpt needs: 240
        // characters besides the spaces leave more than 120 whatever they join into, and the
        // first 119 are those of the whole text's (a note's text can be long).
        let excerpt = SiteStrings.singleScalarExcerpt(note.text) ?? SiteStrings.excerpt(note.text)
        return noteWhen(note) + (excerpt.isEmpty ? "" : (isChinese ? "：" : ": ") + excerpt)
    }

    /// `noteDescription`'s excerpt of `text`, read character by character.
    package static func excerpt(_ text: String) -> Substring {
        var excerpt = ""
        var space = false
        var taken = 0
        for character in text {
            if character.isWhitespace {
                space = !excerpt.isEmpty
                continue
            }
            if taken == 240 { break }
            if space {
                excerpt.append(" ")
                space = false
            }
            excerpt.append(character)
            taken += 1
        }
        return excerpt.count > 120 ? excerpt.prefix(119) + "…" : Substring(excerpt)
    }

    /// `excerpt(text)` read scalar by scalar, as long as every scalar read is a character of its
    /// own whatever stands beside it (ASCII but a carriage return, Latin-1, common punctuation,
    /// CJK ideographs and punctuation, full-width forms: nothing that joins a neighbour into one
    /// character); nil at the first other scalar, for `excerpt` to read the text.
    package static func singleScalarExcerpt(_ text: String) -> Substring? {
        var bytes = [UInt8]()
        bytes.reserveCapacity(min(text.utf8.count, 1_024))
        var space = false
        var taken = 0
        var count = 0
        // The bytes of the first 119 characters, for an excerpt cut there.
        var cut = 0
        for scalar in text.unicodeScalars {
            guard isCharacterAlone(scalar) else { return nil }
            if isWhitespaceAlone(scalar) {
                space = count > 0
                continue
            }
            if taken == 240 { break }
            if space {
                bytes.append(0x20)
                count += 1
                if count == 119 { cut = bytes.count }
                space = false
            }
            UTF8.encode(scalar) { bytes.append($0) }
            taken += 1
            count += 1
            if count == 119 { cut = bytes.count }
        }
        guard count > 120 else { return Substring(String(decoding: bytes, as: UTF8.self)) }
        return Substring(String(decoding: bytes[..<cut], as: UTF8.self)) + "…"
    }

    /// Whether a scalar of `isCharacterAlone` is white space (`Unicode.Scalar.Properties.isWhitespace`).
    package static func isWhitespaceAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0C, 0x20, 0xA0, 0x3000: true
        default: false
        }
    }

    /// Whether `scalar` is always a character of its own: no grapheme rule joins it to the
    /// scalar before or after it (none is a carriage return, an extending or spacing mark, a
    /// joiner, a prepended mark, Hangul or a regional indicator).
    package static func isCharacterAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x0C, 0x0E...0x7F, 0xA0...0xFF, 0x2010...0x2027, 0x2030...0x205E, 0x3000...0x3029, 0x4E00...0x9FFF,
            0xFF01...0xFF9D:
            return true
        default:
            return false
        }
    }

    /// `周日` / `Sun`.
    package func weekdayShortName(_ weekday: Weekday) -> String {
        (isChinese ? "周" : "") + weekdayShort(weekday)
    }

    /// What a day is, in a word or two: `休息日（国庆节）`, `补班（国庆节）`, `工作日`.
    package func dayStatusWord(_ kind: DayKind, name: String?, announced: Bool, statutory: Bool = false) -> String {
        let named = name.map { isChinese ? "（\($0)）" : " (\($0))" } ?? ""
        let word: String
        switch kind {
        case .holiday where statutory: word = (isChinese ? "法定节假日" : "Public holiday") + named
        case .holiday: word = (isChinese ? "休息日" : "Day off") + named
        case .makeupWorkday: word = (isChinese ? "补班" : "Make-up workday") + named
        case .weekend: word = isChinese ? "休息日" : "Weekend"
        case .workday: word = isChinese ? "工作日" : "Workday"
        }
        return announced ? word : word + (isChinese ? "（该年调休安排未公布）" : " (arrangement not announced)")
    }

    /// `今天 11月22日 周日 农历十月初四 · 休息日`.
    package func todayLine(date: String, weekday: String, lunar: String, status: String) -> String {
        fill(home.today, ["date": date, "weekday": weekday, "lunar": lunar, "status": status])
            .replacingOccurrences(of: " ()", with: "").replacingOccurrences(of: "  ", with: " ")
    }

    /// The site's time zone as a reader says it: `北京时间` / `Beijing time` for Asia/Shanghai
    /// (China's one zone), else the zone's id: `Europe/Berlin 时间` / `Europe/Berlin time`.
    package func zoneName(_ timeZone: String) -> String {
        if timeZone == "Asia/Shanghai" { return isChinese ? "北京时间" : "Beijing time" }
        return isChinese ? "\(timeZone) 时间" : "\(timeZone) time"
    }

    /// What the home page says to a reader without JavaScript: the lines are as of the build day,
    /// in the site's time zone.
    package func homeAsOf(_ date: String, zone: String) -> String {
        fill(home.asOf, ["date": date, "zone": zone])
    }

    /// `text` with each `{key}` replaced; the home page's script fills the same patterns.
    package func fill(_ text: String, _ values: [String: String]) -> String {
        values.reduce(text) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
    }

    /// The news of `changes.xml` and the manifest: `2027年放假安排已发布`.
    package func newsAnnounced(_ year: Int) -> String {
        isChinese ? "\(year)年放假安排已发布" : "The \(year) holiday arrangement is published"
    }

    /// `2028年日历已加入（放假安排尚未公布）`.
    package func newsYearAdded(_ year: Int) -> String {
        isChinese ? "\(year)年日历已加入（放假安排尚未公布）" : "The \(year) calendar is added (arrangement not announced yet)"
    }

    /// `2026年放假数据更正`.
    package func newsCorrected(_ year: Int) -> String {
        isChinese ? "\(year)年放假数据更正" : "The \(year) holiday data is corrected"
    }

    /// `新记事：国庆值班安排`.
    package func newsNoteAdded(_ title: String) -> String { isChinese ? "新记事：\(title)" : "New note: \(title)" }

    /// `记事更新：国庆值班安排`.
    package func newsNoteChanged(_ title: String) -> String { isChinese ? "记事更新：\(title)" : "Note updated: \(title)" }

    /// `记事删除：国庆值班安排`.
    package func newsNoteRemoved(_ title: String) -> String { isChinese ? "记事删除：\(title)" : "Note removed: \(title)" }

    /// `网站发布：2007–2027年日历，放假安排已公布至2026年`.
    package func newsPublished(first: Int?, last: Int?) -> String {
        let from = first.map(String.init) ?? "?"
        let through = last.map(String.init) ?? "—"
        return isChinese
            ? "网站发布：\(from)年起的日历，放假安排已公布至\(through)年"
            : "Site published: calendars from \(from), holiday arrangements announced through \(through)"
    }

    /// The public feed's name, which calendar apps show (and the subscribe page gives them).
    package func publicFeedName(_ siteTitle: String) -> String { siteTitle }

    /// The festivals feed's name.
    package func festivalsFeedName(_ siteTitle: String) -> String {
        isChinese ? "节气与节日 · \(siteTitle)" : "Solar terms and festivals · \(siteTitle)"
    }

    /// `第 3 版` / `Version 3`.
    package func version(_ number: Int) -> String { isChinese ? "第 \(number) 版" : "Version \(number)" }

    /// The fixed words of the pages (`{{t.name}}` in templates).
    package var ui: UIWords { UIWords.of(language) }

    /// The patterns of the home page's answers.
    package var home: HomeLines { HomeLines.of(language) }
}
