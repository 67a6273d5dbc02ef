import CalgenCore
import CalgenModel

/// What the home page answers on one day: do I work today, tomorrow, this weekend?
///
/// - `today`: the day's status, and tomorrow's when it breaks the usual week (a weekend day
///   worked, a weekday off): `今天 9月19日 周六 农历八月初九 · 休息日；明天 9月20日 周日 要上班：补班（国庆节）`;
/// - `holiday`: the break under way and the day work resumes (and the next break when it starts
///   within two weeks), else the next break, else (its
///   year not announced) the next statutory days known by law: `国庆假期第2天（共7天），10月8日（周四）上班`,
///   `2027年放假安排尚未公布；元旦 1月1日（周五）依法放假`;
/// - `makeup`: the next make-up workday in the coming 14 days that `today` does not name already:
///   `下周六 10月10日 补班（国庆节）`.
///
/// Pure: made from the almanac and a date. The home page says the build day's answer and embeds
/// every day's for its script, so that the page read later and the page as built cannot disagree.
struct HomeAnswer: Hashable, Sendable {
    let today: String
    let holiday: String
    let makeup: String?

    /// How far ahead a make-up workday is announced: two weeks.
    static let makeupHorizon = 14
    /// How far ahead the next break is named during a break: two weeks.
    static let nextBreakHorizon = 14

    init(on date: CivilDate, almanac: Almanac, strings: SiteStrings) {
        let facts = Facts(almanac: almanac, strings: strings)
        let tomorrow = facts.tomorrow(after: date)
        today = facts.todayLine(date) + (tomorrow?.text ?? "")
        holiday = facts.holidayLine(on: date)
        makeup = facts.makeupLine(after: date, skipping: tomorrow?.makeup)
    }

    /// The words for one date, from the almanac.
    private struct Facts {
        let almanac: Almanac
        let strings: SiteStrings

        var calendar: HolidayCalendar { almanac.calendar }
        var home: HomeLines { strings.home }

        /// The statutory day on `date` when its year is not announced: off by law, moved days unknown.
        func byLaw(_ date: CivilDate) -> StatutoryDay? {
            calendar.isAnnounced(year: date.year) ? nil : almanac.statutoryDay(on: date)
        }

        /// `今天 11月22日 周日 农历十月初四 · 休息日`.
        func todayLine(_ date: CivilDate) -> String {
            let status = calendar.status(of: date)
            // 农历八月廿一 / lunar 8th month, day 21.
            let lunar = (try? LunarCalendar.lunarDate(for: date)).map { strings.lunarSpoken($0) } ?? ""
            let word =
                byLaw(date).map { strings.fill(home.statusByLaw, ["name": strings.holidayName($0.holiday)]) }
                ?? strings.dayStatusWord(
                    status.kind, name: status.name.map(strings.holidayName), announced: status.isAnnounced,
                    statutory: almanac.statutoryDay(on: date) != nil)
            return strings.todayLine(
                date: strings.dayOfYear(date), weekday: strings.weekdayShortName(date.weekday), lunar: lunar, status: word)
        }

        /// What is said of tomorrow when it breaks the usual week, and the make-up day it names.
        func tomorrow(after date: CivilDate) -> (text: String, makeup: CivilDate?)? {
            let day = date.next
            let status = calendar.status(of: day)
            let values = ["date": strings.dayOfYear(day), "weekday": strings.weekdayShortName(day.weekday)]
            func line(_ pattern: String, _ name: String?) -> String {
                strings.fill(pattern, values.merging(["name": name.map(strings.holidayName) ?? ""]) { $1 })
            }
            switch status.kind {
            case .makeupWorkday: return (line(home.tomorrowMakeup, status.name), day)
            case .holiday where !day.isWeekend: return (line(home.tomorrowOff, status.name), nil)
            case .workday:
                if let statutory = byLaw(day) { return (line(home.tomorrowByLaw, statutory.holiday), nil) }
                return nil
            case .holiday, .weekend: return nil
            }
        }

        /// The break under way and when work resumes, the next break, or the statutory days by law.
        func holidayLine(on date: CivilDate) -> String {
            if let current = almanac.announcedPeriods.first(where: { $0.contains(date) }) {
                var values = [
                    // 国庆假期, as the break's days say in the grids (a combined break by its first holiday).
                    "break": strings.breakDay(current.name),
                    "day": "\(date.dayNumber - current.start.dayNumber + 1)", "days": "\(current.length)",
                ]
                guard let resume = calendar.settledNextWorkday(after: current.end) else {
                    values["end"] = strings.shortDate(current.end)
                    return strings.fill(home.currentOpen, values)
                }
                values["resume"] = strings.shortDate(resume)
                // The next break too when it starts within two weeks: 国庆 four days after 中秋 ends.
                let then = almanac.nextHoliday(after: current.end).flatMap { next in
                    next.start.dayNumber - date.dayNumber <= HomeAnswer.nextBreakHorizon ? nextLine(next, from: date) : nil
                }
                return strings.fill(home.current, values) + (then.map { (strings.isChinese ? "；" : ". ") + $0 } ?? "")
            }
            if let next = almanac.nextHoliday(after: date) { return nextLine(next, from: date) }
            let year = calendar.firstUnannouncedYear(from: date.year)
            guard let days = nextStatutoryRun(from: date, year: year) else {
                return strings.fill(home.unknown, ["year": "\(year)"])
            }
            return strings.fill(
                home.byLaw,
                [
                    "year": "\(year)",
                    "name": days.holidays.map(strings.holidayName).joined(separator: strings.isChinese ? "、" : " and "),
                    "dates": strings.range(days.days[0], days.days[days.days.count - 1]),
                ])
        }

        /// `下一个假期：国庆节，还有 4 天（10月1日（周四）至10月7日（周三），共7天）`.
        func nextLine(_ next: HolidayPeriod, from date: CivilDate) -> String {
            strings.fill(
                home.next,
                [
                    "name": strings.holidayName(next.noticeName), "range": strings.range(next.start, next.end),
                    "days": "\(next.length)", "until": "\(next.start.dayNumber - date.dayNumber)",
                ])
        }

        /// The first run of statutory days of one holiday, in `year` or the one after, that ends
        /// on or after `date`: 元旦, or the four days of 春节. A day two holidays share (中秋节 on
        /// 国庆节 10-01) joins the runs of both: 中秋节、国庆节 10-01…10-03.
        func nextStatutoryRun(from date: CivilDate, year: Int) -> (holidays: [String], days: [CivilDate])? {
            // Each statutory date with every holiday the law gives it, in the law's order.
            var byDate = [(date: CivilDate, holidays: [String])]()
            for day in (year...year + 1).flatMap({ StatutoryDay.all(inYear: $0) }) {
                if let last = byDate.indices.last, byDate[last].date == day.date {
                    byDate[last].holidays.append(day.holiday)
                } else {
                    byDate.append((day.date, [day.holiday]))
                }
            }
            guard let first = byDate.firstIndex(where: { $0.date >= date }) else { return nil }
            func joins(_ a: Int, _ b: Int) -> Bool {
                byDate[a].date.next == byDate[b].date
                    && !Set(byDate[a].holidays).isDisjoint(with: byDate[b].holidays)
            }
            var start = first
            while start > 0, joins(start - 1, start) { start -= 1 }
            var end = first
            while end + 1 < byDate.count, joins(end, end + 1) { end += 1 }
            let run = byDate[start...end]
            var holidays = [String]()
            for name in run.flatMap(\.holidays) where !holidays.contains(name) { holidays.append(name) }
            return (holidays, run.map(\.date))
        }

        /// The next make-up workday in the coming `makeupHorizon` days but `skipping`:
        /// `本周日 9月20日 补班（国庆节）`.
        func makeupLine(after date: CivilDate, skipping: CivilDate?) -> String? {
            let horizon = date.dayNumber + HomeAnswer.makeupHorizon
            var day = date.next
            while day.dayNumber <= horizon {
                let status = calendar.status(of: day)
                if status.kind == .makeupWorkday, day != skipping {
                    return strings.fill(
                        home.makeup, ["day": when(day, from: date), "name": status.name.map(strings.holidayName) ?? ""])
                }
                day = day.next
            }
            return nil
        }

        /// `本周日 9月20日`, `下周六 10月10日` or `10月17日 周六`, in weeks from Monday to Sunday.
        func when(_ day: CivilDate, from date: CivilDate) -> String {
            func monday(_ d: CivilDate) -> Int { d.dayNumber - (d.weekday.rawValue - 1) }
            let weeks = (monday(day) - monday(date)) / 7
            let pattern = weeks == 0 ? home.makeupThisWeek : weeks == 1 ? home.makeupNextWeek : home.makeupLater
            return strings.fill(
                pattern, ["weekday": strings.weekdayShortName(day.weekday), "date": strings.dayOfYear(day)])
        }
    }
}
