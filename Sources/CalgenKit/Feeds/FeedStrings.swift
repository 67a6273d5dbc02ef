import CalgenCore

/// The words of the feeds in the site's language.
extension SiteStrings {
    /// `国庆节（放假7天）` / `National Day (7 days off)`.
    func holidaySummary(_ period: HolidayPeriod) -> String {
        isChinese
            ? "\(period.noticeName)（放假\(period.length)天）"
            : "\(HolidayNames.englishName(for: period.name)) (\(period.length == 1 ? "1 day" : "\(period.length) days") off)"
    }

    /// `补班（国庆节）` / `Make-up workday (National Day)`.
    func makeupSummary(_ period: HolidayPeriod) -> String {
        isChinese ? "补班（\(period.noticeName)）" : "Make-up workday (\(HolidayNames.englishName(for: period.name)))"
    }

    /// The description of a holiday period's event: dates, make-up days and the source notice.
    func holidayDescription(_ period: HolidayPeriod, papers: [String]) -> String {
        var lines = [
            isChinese
                ? "\(period.start.year)年\(range(period.start, period.end))放假，\(dayCount(period.length))。"
                : "\(range(period.start, period.end)) \(period.start.year): \(dayCount(period.length)) off."
        ]
        if let makeup = makeupLine(period.makeupWorkdays) { lines.append(isChinese ? makeup + "。" : makeup + ".") }
        lines += papers.map { (isChinese ? "来源：" : "Source: ") + $0 }
        return lines.joined(separator: "\n")
    }

    /// The description of a make-up workday's event.
    func makeupDescription(_ date: CivilDate, _ period: HolidayPeriod, papers: [String]) -> String {
        var lines = [
            isChinese
                ? "\(date.year)年\(shortDate(date))调休上班，补\(period.noticeName)假期。"
                : "\(shortDate(date)) \(date.year) is a workday, made up for \(HolidayNames.englishName(for: period.name))."
        ]
        lines += papers.map { (isChinese ? "来源：" : "Source: ") + $0 }
        return lines.joined(separator: "\n")
    }

    /// What the evening-before reminder says about the make-up day.
    func makeupEveDescription(_ date: CivilDate, name: String?) -> String {
        let holiday = name.map(holidayName)
        if isChinese { return "明天\(shortDate(date))补班" + (holiday.map { "（\($0)）" } ?? "") + "。" }
        return "Tomorrow (\(shortDate(date))) is a make-up workday" + (holiday.map { " (\($0))" } ?? "") + "."
    }

    /// How far a feed's reminders are right.
    func validity(_ validThrough: CivilDate?) -> String {
        guard let date = validThrough else {
            return isChinese
                ? "今年的放假安排尚未公布：依赖放假安排的提醒（工作日、补班等）暂不生成，公布后自动补上。"
                : "This year's holiday arrangement is not announced yet: reminders that depend on it (workdays, make-up days) appear once it is."
        }
        return isChinese
            ? "放假安排有效期至\(date.year)年\(date.month)月\(date.day)日；\(date.year + 1)年的安排公布后，本日历自动更新。"
            : "Valid through \(date.iso8601); the feed updates itself once the \(date.year + 1) arrangement is announced."
    }

    /// The public feed's name.
    func publicFeedName(_ siteTitle: String) -> String { siteTitle }

    /// The public feed's description.
    func publicFeedDescription(years: [Int], validThrough: CivilDate?) -> String {
        let span = years.first.map { first in "\(first)–\(years.last!)" } ?? ""
        return
            (isChinese
            ? "中国法定节假日与调休上班安排（\(span)年），数据来自国务院办公厅通知。"
            : "Public holidays and make-up workdays of mainland China (\(span)), from the State Council notices.")
            + (isChinese ? "" : " ") + validity(validThrough)
    }
}
