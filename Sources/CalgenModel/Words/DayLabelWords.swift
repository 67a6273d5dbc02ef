import CalgenCore

/// The words of a day cell (`DayLabel`) in the site's language: what the grids print and what a
/// screen reader hears for the same cell.
extension SiteStrings {
    /// A lunar date as a cell prints it: 廿一, and the month's name on its first day (八月,
    /// 闰四月). In English `L8-21` (the 8th lunar month, day 21); a leap month doubles the L:
    /// `LL4-21`. The first day of a month is day 1: `L8-1`.
    package func lunarCell(_ lunar: LunarDate) -> String {
        if isChinese { return lunar.day == 1 ? lunar.monthName : lunar.dayName }
        return (lunar.isLeapMonth ? "LL" : "L") + "\(lunar.month)-\(lunar.day)"
    }

    /// A lunar date spoken in full: `农历八月廿一` / `lunar 8th month, day 21` (`leap 4th month`),
    /// `Lunar …` to begin a sentence.
    package func lunarSpoken(_ lunar: LunarDate, capitalized: Bool = false) -> String {
        if isChinese { return "农历" + lunar.text }
        let month = "\(lunar.isLeapMonth ? "leap " : "")\(SiteStrings.ordinal(lunar.month)) month, day \(lunar.day)"
        return (capitalized ? "Lunar " : "lunar ") + month
    }

    /// `1st`, `2nd`, `3rd`, `4th` … `11th`, `12th`.
    package static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }

    /// A day of a holiday break that is not a statutory day: `春节假期`, `国庆假期` /
    /// `Spring Festival holiday`.
    package func breakDay(_ holiday: String) -> String {
        isChinese ? SiteStrings.shortHolidayName(holiday) + "假期" : holidayName(holiday) + " holiday"
    }

    /// A make-up workday in a cell: `春节补班`, `国庆补班` / `Make-up workday`.
    package func makeupDay(_ holiday: String) -> String {
        isChinese ? SiteStrings.shortHolidayName(holiday) + "补班" : "Make-up workday"
    }

    /// A make-up workday spoken: `春节补班` / `make-up workday for Spring Festival`.
    package func makeupDaySpoken(_ holiday: String) -> String {
        isChinese ? makeupDay(holiday) : "make-up workday for " + holidayName(holiday)
    }

    /// How people name a holiday before 假期 and 补班: 国庆 for 国庆节, 五一 for 劳动节; the name
    /// itself otherwise (春节, 元旦, a combined break's name).
    static func shortHolidayName(_ holiday: String) -> String {
        let short = ["国庆节": "国庆", "劳动节": "五一", "清明节": "清明", "端午节": "端午", "中秋节": "中秋"]
        return short[holiday] ?? holiday
    }

    /// The one label of a small cell (`DayLabel.single`), empty when there is nothing to say.
    package func single(_ label: DayLabel) -> String {
        switch label.single {
        case .festival(let festival): return festivalName(festival.name)
        case .solarTerm(let term): return solarTermName(term)
        case .lunarMonth(let lunar), .lunarDay(let lunar): return lunarCell(lunar)
        case .statutoryHoliday(let holiday): return holidayName(holiday)
        case .none: return ""
        }
    }
}

extension SiteStrings {
    /// A name as a narrow day cell prints it: in English, the long words of the names a cell can
    /// show carry soft hyphens (U+00AD), so that a browser breaks `Fes-ti-val` with a hyphen in a
    /// cell too narrow for it, and nowhere else; Chinese breaks between any two characters.
    package func cellText(_ text: String) -> String {
        guard !isChinese else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            SiteStrings.syllables[String(word)] ?? String(word)
        }.joined(separator: " ")
    }

    /// The long words of the English festival, solar term and holiday names, by syllable.
    static let syllables: [String: String] = [
        "Autumn": "Au-tumn", "Awakening": "Awak-en-ing", "Brightness": "Bright-ness", "Children's": "Chil-dren's",
        "Clothing": "Cloth-ing", "Descent": "De-scent", "Double": "Dou-ble", "Dragon": "Drag-on",
        "Equinox": "Equi-nox", "Festival": "Fes-ti-val", "Founding": "Found-ing",
        "Insects": "In-sects", "Labour": "La-bour", "Lantern": "Lan-tern", "Little": "Lit-tle",
        "National": "Na-tion-al", "Planting": "Plant-ing", "Qingming": "Qing-ming", "Raises": "Rais-es",
        "Solstice": "Sol-stice", "Summer": "Sum-mer", "Teachers'": "Teach-ers'", "Winter": "Win-ter",
        "Women's": "Wom-en's", "Xiayuan": "Xia-yuan", "Zhongyuan": "Zhong-yuan", "holiday": "hol-i-day",
        "workday": "work-day",
    ].mapValues { $0.replacingOccurrences(of: "-", with: "\u{AD}") }
}

extension SiteStrings {
    /// The lunar year that begins in a Gregorian year, under a year page's heading:
    /// `丙午年 · 马年，2月17日（周二）起` / `Year of the Horse (丙午) from Tue 17 Feb`.
    package func lunarYearLine(_ year: Int, newYear: CivilDate) -> String {
        let cycle = GanZhi.year(year)
        if isChinese { return "\(cycle.name)年 · \(cycle.animal)年，\(shortDate(newYear))起" }
        let animals = [
            "Rat", "Ox", "Tiger", "Rabbit", "Dragon", "Snake", "Horse", "Goat", "Monkey", "Rooster", "Dog", "Pig",
        ]
        return "Year of the \(animals[cycle.branch]) (\(cycle.name)) from \(shortDate(newYear))"
    }
}

extension SiteStrings {
    /// A period of 数九 or 三伏 by name: `三九` / `3rd Nine (三九)`, `初伏` / `Chufu, first dog days (初伏)`.
    package func seasonName(_ name: String) -> String {
        guard !isChinese else { return name }
        let fu = ["初伏": "Chufu, first dog days", "中伏": "Zhongfu, middle dog days", "末伏": "Mofu, last dog days"]
        if let english = fu[name] { return "\(english) (\(name))" }
        let numerals = ["一", "二", "三", "四", "五", "六", "七", "八", "九"]
        let n = (numerals.firstIndex { name.hasPrefix($0) } ?? 0) + 1
        return "\(SiteStrings.ordinal(n)) Nine of winter (\(name))"
    }
}
