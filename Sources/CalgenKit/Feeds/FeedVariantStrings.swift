import CalgenCore
import CalgenModel

/// The words of the public feed variants (`FeedRenderer.variantFeeds`) in one language.
extension SiteStrings {
    /// `节假日与补班 · <site>` / `Holidays and make-up workdays · <site>`.
    func holidaysVariantName(_ siteTitle: String) -> String {
        isChinese ? "节假日与补班 · \(siteTitle)" : "Holidays and make-up workdays · \(siteTitle)"
    }

    /// `补班日 · <site>` / `Make-up workdays · <site>`.
    func makeupFeedName(_ siteTitle: String) -> String {
        isChinese ? "补班日 · \(siteTitle)" : "Make-up workdays · \(siteTitle)"
    }

    /// The make-up feed's description.
    func makeupFeedDescription(years: [Int]) -> String {
        let span = years.first.map { "\($0)–\(years.last!)" } ?? ""
        return isChinese
            ? "只有调休上班日（补班），每个前一晚21:00提醒（\(span)年）。放假日可用 iPhone 自带的“中国大陆节假日”日历。"
            : "Make-up workdays only, each with an alert at 21:00 the evening before (\(span)). Apple's built-in Mainland China holidays calendar has the days off."
    }

    /// `法定节假日 · <site>` / `Statutory holidays · <site>`.
    func statutoryFeedName(_ siteTitle: String) -> String {
        isChinese ? "法定节假日 · \(siteTitle)" : "Statutory holidays · \(siteTitle)"
    }

    /// The statutory feed's description.
    func statutoryFeedDescription(years: [Int]) -> String {
        let span = years.first.map { "\($0)–\(years.last!)" } ?? ""
        return isChinese
            ? "《全国年节及纪念日放假办法》规定的全体公民放假的节日（法定节假日，\(span)年），每天一个事件；调休形成的其他休息日不在其中。"
            : "The statutory holidays of the national holiday regulations (\(span)), one event a day; the other days off of each break, made by moving weekends, are not among them."
    }

    /// `国庆节（法定节假日）` / `National Day (statutory holiday)`.
    func statutorySummary(_ day: StatutoryDay) -> String {
        isChinese ? "\(day.holiday)（法定节假日）" : "\(holidayName(day.holiday)) (statutory holiday)"
    }

    /// What a statutory day means for pay.
    func statutoryDescription(_ day: StatutoryDay) -> String {
        isChinese
            ? "\(day.date.year)年\(shortDate(day.date))是法定节假日（\(day.holiday)）。这一天安排工作的，工资不低于平时的300%（《劳动法》第四十四条）。"
            : "\(shortDate(day.date)) \(day.date.year) is a statutory holiday (\(holidayName(day.holiday))). Work on it is paid at least 300% of wages (Labour Law, art. 44)."
    }

    /// `2026年节假日 · <site>` / `Holidays 2026 · <site>`.
    func yearFeedName(_ year: Int, siteTitle: String) -> String {
        isChinese ? "\(year)年节假日 · \(siteTitle)" : "Holidays \(year) · \(siteTitle)"
    }

    /// A year feed's description: what it holds, and that it no longer changes.
    func yearFeedDescription(_ year: Int) -> String {
        isChinese
            ? "\(year)年放假安排与调休上班日，数据来自国务院办公厅通知；公布后内容固定。"
            : "The holidays and make-up workdays of \(year), from the State Council notice; fixed once announced."
    }
}
