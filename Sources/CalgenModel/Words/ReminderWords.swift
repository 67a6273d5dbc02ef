import CalgenCore

/// A reminder in plain words, for the page beside a personal feed: which days, at what time,
/// with which alarms, from when to when. Every kind has its words (an exhaustive switch), so a
/// new kind cannot reach a page unsaid.
extension SiteStrings {
    /// `每个工作日（含补班日，节假日不提醒）` / `Every workday (make-up workdays included, holidays skipped)`:
    /// the days a reminder rings on, as its feed has them. With `schedule`, the work schedule the
    /// subscriber works by, `workdays`, `makeup-eve` and `shift-start` follow it and are said in
    /// its words (大小周: the big weeks' Saturdays); with `leave`, they skip the days of leave.
    package func reminderDays(_ kind: ReminderKind, schedule: WorkSchedule? = nil, leave: Bool = false) -> String {
        let lessLeave = leave ? (isChinese ? "，请假日不提醒" : ", none on leave") : ""
        switch kind {
        case .workdays:
            guard let schedule else {
                return isChinese
                    ? "每个工作日（含补班日，节假日不提醒\(lessLeave)）"
                    : "Every workday (make-up workdays included, holidays skipped\(lessLeave))"
            }
            return isChinese
                ? "按排班「\(schedule.name)」上班的每一天（\(scheduleDays(schedule))\(lessLeave)）"
                : "Every day worked by the “\(schedule.name)” schedule (\(scheduleDays(schedule))\(lessLeave))"
        case .makeupEve(let weekends):
            guard let schedule else {
                guard weekends else { return isChinese ? "每个补班日的前一天" : "The day before each make-up workday" }
                return isChinese
                    ? "每个补班日和每个要上班的周末的前一天" : "The day before each make-up workday and each weekend day worked"
            }
            let usual = scheduleUsualExtras(schedule)
            if weekends {
                return isChinese
                    ? "每个要上班的周末（\(usual.isEmpty ? "" : usual + "、")周末补班）和排班外要上班的日子的前一天\(lessLeave)"
                    : "The day before each weekend day worked (\(usual.isEmpty ? "" : usual + ", ")make-up weekend days) and each day worked outside the schedule's pattern\(lessLeave)"
            }
            return isChinese
                ? "排班「\(schedule.name)」平时休息、这次要上班的日子（如补班日）的前一天\(lessLeave)"
                : "The day before each day the “\(schedule.name)” pattern leaves off but is worked (a make-up workday)\(lessLeave)"
        case .shiftStart:
            guard let schedule else {
                return isChinese ? "每个上班日，按排班的班次" : "Every worked day of the work schedule, by its shift"
            }
            let shifts = schedule.shifts.map { shiftHours($0) }.joined(separator: isChinese ? "、" : ", ")
            return isChinese
                ? "按排班「\(schedule.name)」的每个班次（\(shifts)；\(scheduleDays(schedule))\(lessLeave)）"
                : "Each shift of the “\(schedule.name)” schedule (\(shifts); \(scheduleDays(schedule))\(lessLeave))"
        case .weekly(let days, let skipOffDays):
            let list = days.map { isChinese ? "周" + $0.chineseShortName : $0.englishName }
            let skip: String
            if skipOffDays {
                // Only legal workdays among the chosen days: a Saturday or Sunday only when it is a make-up workday.
                let weekend = days.filter(\.isWeekend)
                let names = weekend.map { isChinese ? "周" + $0.chineseShortName : $0.englishName }
                let only =
                    weekend.isEmpty
                    ? ""
                    : isChinese
                        ? "（\(names.joined(separator: "、"))只在补班时）"
                        : " (\(names.joined(separator: " and ")) only when a make-up workday)"
                skip = isChinese ? "，休息日不提醒\(only)" : ", not on days off\(only)"
            } else {
                skip = isChinese ? "，节假日照常" : ", holidays included"
            }
            return isChinese
                ? "每\(list.joined(separator: "、"))\(skip)" : "Every \(list.joined(separator: ", "))\(skip)"
        case .monthly(let day, let adjust):
            let moved: String
            switch adjust {
            case .none: moved = ""
            case .previousWorkday: moved = isChinese ? "，遇休息日提前到前一个工作日" : ", on the workday before when it is a day off"
            case .nextWorkday: moved = isChinese ? "，遇休息日推后到下一个工作日" : ", on the next workday when it is a day off"
            }
            // A negative day counts from the month's end: -1 is its last day.
            let which: String
            switch day {
            case -1: which = isChinese ? "每月最后一天" : "The last day of every month"
            case ..<0: which = isChinese ? "每月倒数第\(-day)天" : "Day \(-day) from the end of every month"
            default: which = isChinese ? "每月\(day)日" : "Day \(day) of every month"
            }
            return which + moved
        case .yearly(let month, let day, let feb29):
            let date = isChinese ? "每年\(month)月\(day)日" : "Every \(day) \(SiteStrings.englishMonths[month - 1])"
            guard month == 2, day == 29 else { return date }
            switch feb29 {
            case .feb28: return date + (isChinese ? "（平年为2月28日）" : " (28 February in other years)")
            case .mar1: return date + (isChinese ? "（平年为3月1日）" : " (1 March in other years)")
            case .skip: return date + (isChinese ? "（只在闰年）" : " (leap years only)")
            }
        case .lunarYearly(let month, let day, let leap, let missingDay, let missingLeap):
            let name = (leap ? "闰" : "") + LunarDate.monthName(month) + LunarDate.dayName(day)
            var notes = [String]()
            if day == 30 {
                switch missingDay {
                case .last: notes.append(isChinese ? "小月为廿九" : "day 29 in a short month")
                case .skip: notes.append(isChinese ? "小月不提醒" : "none in a short month")
                }
            }
            if leap {
                switch missingLeap {
                case .regular: notes.append(isChinese ? "无闰月的年份用本月" : "the regular month in years without that leap month")
                case .skip: notes.append(isChinese ? "无闰月的年份不提醒" : "none in years without that leap month")
                }
            }
            let joined = notes.joined(separator: isChinese ? "，" : "; ")
            let extra = notes.isEmpty ? "" : (isChinese ? "（\(joined)）" : " (\(joined))")
            // `Every year on lunar 8th month, day 15 (八月十五)`: the form of the cells, with the Chinese date.
            let spoken = lunarSpoken(LunarDate(year: 0, month: month, day: day, isLeapMonth: leap))
            return isChinese ? "每年农历\(name)\(extra)" : "Every year on \(spoken) (\(name))\(extra)"
        case .once(let date):
            return isChinese ? "\(longDate(date))，一次" : "Once, \(longDate(date))"
        case .sequence(let start, let intervals):
            let steps = intervals.map(String.init).joined(separator: isChinese ? "、" : ", ")
            return isChinese
                ? "从\(longDate(start))起，相隔\(steps)天各一次" : "From \(longDate(start)), then after \(steps) days"
        }
    }

    /// Which days a schedule works, in a few words for a reminder: `含大周的周六和补班日，节假日不提醒`,
    /// `周末和节假日照常，按轮班`.
    package func scheduleDays(_ schedule: WorkSchedule) -> String {
        let usual = scheduleUsualExtras(schedule)
        switch schedule.national {
        case .follow:
            let extras = (usual.isEmpty ? [] : [usual]) + [isChinese ? "补班日" : "make-up workdays"]
            return isChinese
                ? "含\(extras.joined(separator: "和"))，节假日不提醒"
                : "\(extras.joined(separator: " and ")) included, holidays skipped"
        case .holidaysOnly:
            let extras = usual.isEmpty ? "" : (isChinese ? "含\(usual)，" : "\(usual) included, ")
            return isChinese
                ? "\(extras)节假日不提醒，补班日按排班" : "\(extras)holidays skipped, make-up workdays by the pattern"
        case .ignore:
            return isChinese ? "周末和节假日照常，按排班" : "weekends and holidays included, by the rotation"
        }
    }

    /// The days a schedule's pattern works beyond Monday to Friday: `大周的周六` (大小周),
    /// `每周六` (单休), `每月最后一个周六`; `""` when it works none.
    package func scheduleUsualExtras(_ schedule: WorkSchedule) -> String {
        func weekendNames(_ days: [Weekday]) -> String {
            days.filter(\.isWeekend).map { isChinese ? "周" + $0.chineseShortName : $0.englishName }
                .joined(separator: isChinese ? "、" : " and ")
        }
        switch schedule.pattern {
        case .weekly(let days):
            let names = weekendNames(days)
            return names.isEmpty ? "" : (isChinese ? "每\(names)" : "every \(names)")
        case .alternating(_, let weeks):
            let all = Array(Set(weeks.flatMap { $0 })).sorted { $0.rawValue < $1.rawValue }
            let names = weekendNames(all)
            guard !names.isEmpty else { return "" }
            return isChinese ? "大周的\(names)" : "\(names) of the long weeks"
        case .monthly(let weekly, let worked, _):
            var parts = [String]()
            let names = weekendNames(weekly)
            if !names.isEmpty { parts.append(isChinese ? "每\(names)" : "every \(names)") }
            parts += worked.map { isChinese ? "每月" + monthWeekday($0) : "the " + monthWeekday($0) + " of each month" }
            return parts.joined(separator: isChinese ? "、" : ", ")
        case .rotation:
            return isChinese ? "周末按轮班" : "weekends by the rotation"
        }
    }

    /// `2026年7月6日（周一）至7月11日（周六）：年假` / `Mon 6 Jul – Sat 11 Jul 2026: annual leave`: one range of leave.
    package func leaveRange(_ leave: ScheduleDate) -> String {
        let dates = range(leave.first, leave.last)
        let reason = leave.reason.isEmpty ? "" : (isChinese ? "：" : ": ") + leave.reason
        let crosses = leave.first.year != leave.last.year
        return isChinese
            ? "\(leave.first.year)年\(dates)\(crosses ? "（至\(leave.last.year)年）" : "")\(reason)"
            : "\(dates) \(crosses ? "\(leave.first.year)–\(leave.last.year)" : "\(leave.first.year)")\(reason)"
    }

    /// `全天` / `All day`, or `08:50，30分钟` / `08:50 for 30 min`.
    package func reminderTime(_ timing: ReminderTiming) -> String {
        switch timing {
        case .allDay: return isChinese ? "全天" : "All day"
        case .at(let time, let duration):
            guard duration.minutes > 0 else { return time.description }
            return isChinese ? "\(time)，\(duration.minutes)分钟" : "\(time) for \(duration.minutes) min"
        case .shift: return isChinese ? "班次开始到结束" : "From the shift's start to its end"
        }
    }

    /// `上班提醒按排班「大小周」，含请假。`: what the workday reminders of a subscriber with a
    /// work schedule (`nil`: the legal calendar) or leave follow; `nil` with neither.
    package func reminderSchedule(_ name: String?, leave: Bool) -> String? {
        switch (name, leave) {
        case (nil, false): return nil
        case (nil, true):
            return isChinese ? "上班提醒按法定工作日，请假日不提醒。" : "Workday reminders follow the legal calendar, less the days of leave."
        case (let name?, _):
            let less = leave ? (isChinese ? "，请假日不提醒" : ", less the days of leave") : ""
            return isChinese ? "上班提醒按排班「\(name)」\(less)。" : "Workday reminders follow the work schedule “\(name)”\(less)."
        }
    }

    /// `提前1天、15分钟提醒` / `Alarms 1 day and 15 min before`; `不响铃` / `No alarm`.
    package func reminderAlarms(_ alarms: [TimeSpan]) -> String {
        guard !alarms.isEmpty else { return isChinese ? "不响铃" : "No alarm" }
        let spans = alarms.map { span -> String in
            if span.minutes == 0 { return isChinese ? "准时" : "at the time" }
            if let days = span.wholeDays { return isChinese ? "提前\(days)天" : "\(days) day\(days == 1 ? "" : "s") before" }
            return isChinese ? "提前\(span.minutes)分钟" : "\(span.minutes) min before"
        }
        return isChinese ? spans.joined(separator: "、") + "响铃" : "Alarm " + spans.joined(separator: ", ")
    }

    /// `2026年1月1日起，至2027年6月30日` / `From … until …`; `nil` without limits.
    package func reminderRange(from: CivilDate?, until: CivilDate?) -> String? {
        switch (from, until) {
        case (nil, nil): return nil
        case (let from?, nil): return isChinese ? "\(longDate(from))起" : "From \(longDate(from))"
        case (nil, let until?): return isChinese ? "至\(longDate(until))" : "Until \(longDate(until))"
        case (let from?, let until?):
            return isChinese ? "\(longDate(from))至\(longDate(until))" : "\(longDate(from)) to \(longDate(until))"
        }
    }

    /// How far a feed's reminders are right.
    package func validity(_ validThrough: CivilDate?) -> String {
        guard let date = validThrough else {
            return isChinese
                ? "今年的放假安排尚未公布：依赖放假安排的提醒（工作日、补班等）暂不生成，公布后自动补上。"
                : "This year's holiday arrangement is not announced yet: reminders that depend on it (workdays, make-up days) appear once it is."
        }
        return isChinese
            ? "放假安排有效期至\(date.year)年\(date.month)月\(date.day)日；\(date.year + 1)年的安排公布后，本日历自动更新。"
            : "Valid through \(date.iso8601); the feed updates itself once the \(date.year + 1) arrangement is announced."
    }
}
