import CalgenCore

/// The patterns of the home page's answers: each `{key}` is filled in at build time, for the
/// build day and for every day the page carries data for (its script only picks a day's lines).
package struct HomeLines: Sendable {
    /// `今天 {date} {weekday} {lunar} · {status}`.
    package let today: String
    /// Added to `today` when tomorrow is a weekend day worked: `{date}`, `{weekday}`, `{name}`.
    package let tomorrowMakeup: String
    /// Added to `today` when tomorrow is a weekday off: `{date}`, `{weekday}`, `{name}`.
    package let tomorrowOff: String
    /// Added to `today` when tomorrow is a weekday off by law in a year not announced:
    /// `{date}`, `{weekday}`, `{name}`.
    package let tomorrowByLaw: String
    /// A day's status when it is a statutory day of a year not announced: `{name}`.
    package let statusByLaw: String
    /// The break under way and the day work resumes: `{break}`, `{day}`, `{days}`, `{resume}`.
    package let current: String
    /// The break under way when the day work resumes is not settled: `{break}`, `{day}`, `{days}`, `{end}`.
    package let currentOpen: String
    /// The next break: `{name}`, `{until}`, `{range}`, `{days}`.
    package let next: String
    /// No break announced, the next statutory days known by law: `{year}` (the first year not
    /// announced), `{name}`, `{dates}`.
    package let byLaw: String
    /// Nothing known: `{year}`, the first year not announced.
    package let unknown: String
    /// The next make-up workday in the coming two weeks: `{day}`, `{name}`.
    package let makeup: String
    /// `{day}` of `makeup` in this week (Monday to Sunday): `{weekday}`, `{date}`.
    package let makeupThisWeek: String
    /// `{day}` of `makeup` in the next week: `{weekday}`, `{date}`.
    package let makeupNextWeek: String
    /// `{day}` of `makeup` later: `{weekday}`, `{date}`.
    package let makeupLater: String
    /// Under the lines for a reader without JavaScript: `{date}`, the build day; `{zone}`, the
    /// site's time zone in words.
    package let asOf: String
    /// Under the lines the script picked for the reader's day: `{zone}`.
    package let live: String
    /// What the script says past the months the page carries: `{date}`, the build day.
    package let stale: String

    /// The lines of a language.
    package static func of(_ language: SiteLanguage) -> HomeLines {
        switch language {
        case .chinese: chinese
        case .english: english
        }
    }

    package static let chinese = HomeLines(
        today: "今天 {date} {weekday} {lunar} · {status}",
        tomorrowMakeup: "；明天 {date} {weekday} 要上班：补班（{name}）",
        tomorrowOff: "；明天 {date} {weekday} 休息：{name}",
        tomorrowByLaw: "；明天 {date} {weekday} 依法放假：{name}（调休安排未公布）",
        statusByLaw: "依法放假（{name}，该年调休安排未公布）",
        current: "{break}第{day}天（共{days}天），{resume}上班",
        currentOpen: "{break}第{day}天（共{days}天，至{end}）",
        next: "下一个假期：{name}，还有 {until} 天（{range}，共{days}天）",
        byLaw: "{year}年放假安排尚未公布；{name} {dates}依法放假",
        unknown: "下一个假期：{year}年放假安排尚未公布",
        makeup: "{day} 补班（{name}）",
        makeupThisWeek: "本{weekday} {date}",
        makeupNextWeek: "下{weekday} {date}",
        makeupLater: "{date} {weekday}",
        asOf: "以上按本页生成日（{date}，{zone}）计算。",
        live: "日期按{zone}计算。",
        stale: "本页生成于 {date}，已超出本页所含的月份；请打开对应年份的日历。"
    )

    package static let english = HomeLines(
        today: "Today {weekday} {date} ({lunar}) · {status}",
        tomorrowMakeup: "; tomorrow ({weekday} {date}) is a make-up workday for {name}",
        tomorrowOff: "; tomorrow ({weekday} {date}) is a day off: {name}",
        tomorrowByLaw: "; tomorrow ({weekday} {date}) is off by law: {name} (arrangement not announced)",
        statusByLaw: "Off by law ({name}; arrangement not announced)",
        current: "{break}, day {day} of {days}; back to work {resume}",
        currentOpen: "{break}, day {day} of {days}, through {end}",
        next: "Next holiday: {name}, in {until} days ({range}, {days} days)",
        byLaw: "The {year} arrangement is not announced yet; {name} ({dates}) is off by law",
        unknown: "Next holiday: the {year} arrangement is not announced yet",
        makeup: "Make-up workday: {day} ({name})",
        // "Next Saturday" is read two ways in English: the date says it once.
        makeupThisWeek: "{weekday} {date}",
        makeupNextWeek: "{weekday} {date}",
        makeupLater: "{weekday} {date}",
        asOf: "As of the day this page was built ({date}, {zone}).",
        live: "Days are counted in {zone}.",
        stale: "This page was built on {date}, before the months it shows; open the year's calendar."
    )
}
