import CalgenCore

/// The patterns of the home page's live lines, shared by the build and the page's script (which
/// receives them as `words`): each `{key}` is filled in.
package struct HomeLines: Sendable {
    /// `今天 {date} {weekday} {lunar} · {status}`.
    package let today: String
    /// The break under way: `{name}`, `{range}`, `{days}`, `{left}`.
    package let current: String
    /// The next break: `{name}`, `{until}`, `{range}`, `{days}`.
    package let next: String
    /// No break known: `{year}`, the first year not announced.
    package let unknown: String
    /// Under the lines for a reader without JavaScript: `{date}`, the build day.
    package let asOf: String
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
        current: "正在放假：{name}（{range}，共{days}天），还剩 {left} 天",
        next: "下一个假期：{name}，还有 {until} 天（{range}，共{days}天）",
        unknown: "下一个假期：{year}年放假安排尚未公布",
        asOf: "以上按本页生成日（{date}）计算。",
        stale: "本页生成于 {date}，已超出本页所含的月份；请打开对应年份的日历。"
    )

    package static let english = HomeLines(
        today: "Today {weekday} {date} · {status}",
        current: "On holiday: {name} ({range}, {days} days), {left} days left",
        next: "Next holiday: {name}, in {until} days ({range}, {days} days)",
        unknown: "Next holiday: the {year} arrangement is not announced yet",
        asOf: "As of the day this page was built ({date}).",
        stale: "This page was built on {date}, before the months it shows; open the year's calendar."
    )
}
