import CalgenCore
import CalgenModel

/// What a work schedule answers on one day: do I work today, and this weekend?
///
/// - `today`: `按大小周：今天 10月14日 周三 上班（日班 09:00–18:00）`;
/// - `weekend`: the Saturday and Sunday to come (this week's; from a Sunday, the next week's; on
///   a Saturday, tomorrow only): `本周六 10月17日 上班；本周日 10月18日 休息`.
///
/// Pure: made from the schedule's evaluator and a date. A schedule's page says the build day's
/// answer and embeds every day's for its script, as the home page does (`HomeAnswer`).
struct ScheduleAnswer: Hashable, Sendable {
    let today: String
    let weekend: String

    init(on date: CivilDate, work: ScheduleEvaluator, strings: SiteStrings) {
        let schedule = work.schedule
        today =
            strings.scheduleAnswerPrefix(schedule)
            + strings.scheduleAnswerDay(work.day(date), when: strings.scheduleToday(date), schedule: schedule)
        // Days to this week's Saturday (Monday 1 … Sunday 7); from a Sunday, the next week's.
        let weekday = date.weekday.rawValue
        let nextWeek = weekday == 7
        let saturday = date.adding(days: nextWeek ? 6 : 6 - weekday)
        let days = [saturday, saturday.next].filter { $0 > date }
        weekend = days.map { day in
            strings.scheduleAnswerDay(
                work.day(day), when: strings.scheduleWeekendDay(day, nextWeek: nextWeek), schedule: schedule)
        }.joined(separator: strings.isChinese ? "；" : "; ")
    }

    /// Both lines as one: what the home page says of each schedule.
    func line(_ strings: SiteStrings) -> String { today + (strings.isChinese ? "；" : "; ") + weekend }
}
