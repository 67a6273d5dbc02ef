import CalgenCore
import CalgenModel

/// The words of the events several kinds of feed share, in the site's language (each kind's
/// own words are in its file, `Kinds/`).
extension SiteStrings {
    /// The announced years a feed holds as `2007–2027` (empty when none), for its description.
    func yearSpan(_ years: [Int]) -> String {
        years.first.map { "\($0)–\(years.last!)" } ?? ""
    }

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

    /// `节日` / `Festival`.
    var festivalCategory: String { isChinese ? "节日" : "Festival" }

    /// `节气` / `Solar term`.
    var solarTermCategory: String { isChinese ? "节气" : "Solar term" }

    /// `农历腊月廿九` (lunar festivals) or the rule (Gregorian ones), and the partial holiday of the law.
    func festivalDescription(_ festival: Festival, date: CivilDate) -> String {
        var lines = [String]()
        if let lunar = try? LunarCalendar.lunarDate(for: date) {
            lines.append(isChinese ? lunarSpoken(lunar) : lunarSpoken(lunar, capitalized: true) + " (\(lunar.text))")
        }
        if let partial = PartialHoliday.all(inYear: date.year).first(where: { $0.date == date && $0.name == festival.name }) {
            lines.append(isChinese ? "依法\(partial.summary)。" : "By law, \(partialSummary(partial)).")
        }
        return lines.joined(separator: "\n")
    }

    /// `太阳视黄经15°，北京时间2026年4月5日02:40`.
    func solarTermDescription(_ term: SolarTermDate) -> String {
        let seconds = Int(term.moment.timeIntervalSince1970.rounded()) + 8 * 3600
        let day = CivilDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
        let minuteOfDay = (seconds - day.dayNumber * 86_400) / 60
        let time = TimeOfDay(hour: minuteOfDay / 60, minute: minuteOfDay % 60)!.description
        let longitude = Int(term.term.longitude)
        return isChinese
            ? "太阳视黄经\(longitude)°，北京时间\(day.year)年\(day.month)月\(day.day)日\(time)。"
            : "The Sun reaches apparent longitude \(longitude)° at \(day.iso8601) \(time) Beijing time."
    }
}
