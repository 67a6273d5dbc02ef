/// Maps the many spellings of a holiday in the data to one display name.
///
/// The data writes Labour Day as `“五一”`, `“五一”国际劳动节` and `劳动节`, and the combined
/// autumn break as `国庆节、中秋节` or `中秋节、国庆节`. Pages, feeds and the API show one
/// name per holiday; the original stays available next to it.
public enum HolidayNames {
    /// The display name for a name as the data spells it.
    public static func displayName(for original: String) -> String {
        let trimmed = String(original.trimmingWhitespace)
        return variants[trimmed] ?? trimmed
    }

    /// The English name of a standard holiday, given its display name; the display name otherwise.
    public static func englishName(for displayName: String) -> String {
        english[displayName] ?? displayName
    }

    /// How the State Council notice writes the holiday: `国庆节、中秋节` for a combined break,
    /// whichever order the data uses; otherwise the display name.
    public static func noticeName(for original: String) -> String {
        let trimmed = String(original.trimmingWhitespace)
        if trimmed == "中秋节、国庆节" || trimmed == "国庆节、中秋节" { return "国庆节、中秋节" }
        return displayName(for: trimmed)
    }

    static let variants: [String: String] = [
        "“五一”": "劳动节",
        "\"五一\"": "劳动节",
        "“五一”国际劳动节": "劳动节",
        "\"五一\"国际劳动节": "劳动节",
        "五一": "劳动节",
        "国际劳动节": "劳动节",
        "“十一”": "国庆节",
        "\"十一\"": "国庆节",
        "十一": "国庆节",
        "国庆节、中秋节": "国庆节",
        "中秋节、国庆节": "国庆节",
    ]

    static let english: [String: String] = [
        "元旦": "New Year's Day",
        "春节": "Spring Festival",
        "清明节": "Qingming Festival",
        "劳动节": "Labour Day",
        "端午节": "Dragon Boat Festival",
        "中秋节": "Mid-Autumn Festival",
        "国庆节": "National Day",
        "国庆节、中秋节": "National Day and Mid-Autumn Festival",
        "抗日战争暨世界反法西斯战争胜利70周年纪念日": "70th Anniversary of the Victory of the War of Resistance",
    ]
}
