import CalgenCore

/// The words of work schedules, in feeds, pages and `calgen day`.
extension SiteStrings {
    /// The short mark of a schedule's answer: `班` / `休` / `半天` / `?` (`Work`, `Off`, `Half`).
    package func scheduleMark(_ day: ScheduleDay) -> String {
        switch day.work {
        case .worked where day.isHalfDay: isChinese ? "半天" : "Half"
        case .worked: ui.badgeWork
        case .off: ui.badgeOff
        case .unknown: "?"
        }
    }

    /// Why the schedule says so, in a few words: `国庆补班`, `国庆节`, `公司周年`, `年假`,
    /// `大小周` (the pattern: the schedule's name), `安排未公布`.
    package func scheduleReason(_ day: ScheduleDay, schedule: WorkSchedule) -> String {
        switch day.reason {
        case .scheduleDate, .personalDate: day.detail ?? (isChinese ? "单位安排" : "the employer's date")
        case .leave: day.detail ?? (isChinese ? "休假" : "leave")
        case .nationalHoliday: day.detail.map(holidayName) ?? (isChinese ? "节假日" : "public holiday")
        case .nationalMakeup: day.detail.map(isChinese ? makeupDay : makeupDaySpoken) ?? (isChinese ? "补班" : "make-up workday")
        case .statutoryDay:
            isChinese
                ? "\(day.detail ?? "")（法定节假日）" : "\(day.detail.map(holidayName) ?? "public holiday") (statutory)"
        case .pattern: schedule.name
        case .unannounced: isChinese ? "当年放假安排尚未公布" : "the year's arrangement is not published yet"
        }
    }

    /// A shift's name and hours: `N 20:00–次日08:00` / `N 20:00–08:00 (next day)`.
    package func shiftHours(_ shift: Shift, minutes: Int? = nil) -> String {
        let (days, end) = shift.start.adding(minutes: minutes ?? shift.minutes)
        let nextDay = days > 0
        return isChinese
            ? "\(shift.name) \(shift.start)–\(nextDay ? "次日" : "")\(end)"
            : "\(shift.name) \(shift.start)–\(end)\(nextDay ? " (next day)" : "")"
    }

    /// One line for a date by a schedule: `班 · 国庆补班`, `休 · 国庆节`, `半天 · 下午放假 · 日班 09:00–13:30`,
    /// `班 · 白班 08:00–16:00 · 法定节假日（国庆节）`; the pattern, as the usual reason, is not said.
    package func scheduleLine(_ day: ScheduleDay, schedule: WorkSchedule) -> String {
        var parts = [scheduleMark(day)]
        if day.reason != .pattern { parts.append(scheduleReason(day, schedule: schedule)) }
        if let shift = day.shift, let hours = day.hours { parts.append(shiftHours(shift, minutes: hours.minutes)) }
        if let statutory = day.statutoryDay, day.reason != .statutoryDay, day.reason != .nationalHoliday {
            parts.append(isChinese ? "法定节假日（\(statutory.holiday)）" : "statutory holiday (\(holidayName(statutory.holiday)))")
        }
        return parts.joined(separator: " · ")
    }

    /// `大小周` / `大小周 (work schedule)`: how a schedule is named as a feed or a page.
    package func scheduleTitle(_ schedule: WorkSchedule) -> String {
        isChinese ? "\(schedule.name)工作日历" : "\(schedule.name) work schedule"
    }
}

extension SiteStrings {
    /// How the schedule takes the national arrangement, as a sentence.
    package func nationalSentence(_ policy: NationalPolicy) -> String {
        switch policy {
        case .follow:
            isChinese ? "法定节假日和调休放假，调休补班日上班。" : "Public holidays and their breaks off, make-up workdays worked."
        case .holidaysOnly:
            isChinese
                ? "法定节假日和调休放假，调休补班日不额外上班（按本班表）。"
                : "Public holidays and their breaks off; make-up workdays are not worked on top (the pattern decides)."
        case .ignore:
            isChinese
                ? "不随放假安排调整，节假日照常排班；在法定节假日上班的日子会注明。"
                : "Runs through public holidays; a statutory holiday worked is marked."
        }
    }

    /// The pattern as a sentence: `每周一至周六上班。`, `大小周：…`, `8天一轮：白班、白班、…`.
    package func patternSentence(_ pattern: SchedulePattern) -> String {
        switch pattern {
        case .weekly(let days):
            return isChinese ? "每周\(weekdays(days))上班。" : "Works \(weekdays(days)) every week."
        case .alternating(let anchor, let weeks):
            let turns = weeks.map(weekdays).joined(separator: isChinese ? "；" : "; ")
            return isChinese
                ? "\(weeks.count)周一轮，自\(anchor.year)年\(shortDate(anchor))所在的一周起依次为：\(turns)。"
                : "\(weeks.count) weeks taking turns from the week of \(longDate(anchor)): \(turns)."
        case .monthly(let weekly, let worked, let off):
            var parts = [isChinese ? "每周\(weekdays(weekly))上班" : "Works \(weekdays(weekly)) every week"]
            if !worked.isEmpty {
                let days = worked.map(monthWeekday).joined(separator: isChinese ? "、" : ", ")
                parts.append(isChinese ? "每月\(days)上班" : "and the \(days) of each month")
            }
            if !off.isEmpty {
                let days = off.map(monthWeekday).joined(separator: isChinese ? "、" : ", ")
                parts.append(isChinese ? "每月\(days)休息" : "but not the \(days) of each month")
            }
            return parts.joined(separator: isChinese ? "，" : " ") + (isChinese ? "。" : ".")
        case .rotation(let anchor, let cycle):
            let days = cycle.map { $0 ?? (isChinese ? "休" : "off") }.joined(separator: isChinese ? "、" : ", ")
            return isChinese
                ? "\(cycle.count)天一轮，自\(anchor.year)年\(shortDate(anchor))起：\(days)。"
                : "A \(cycle.count)-day rotation from \(longDate(anchor)): \(days)."
        }
    }

    /// The schedule in two sentences: how it takes the arrangement, and its pattern.
    package func scheduleSummary(_ schedule: WorkSchedule) -> String {
        nationalSentence(schedule.national) + (isChinese ? "" : " ") + patternSentence(schedule.pattern)
    }

    /// `周一至周六`, `周一、周三` / `Mon–Sat`, `Mon, Wed`.
    package func weekdays(_ days: [Weekday]) -> String {
        guard !days.isEmpty else { return isChinese ? "不" : "no day" }
        let numbers = days.map(\.rawValue).sorted()
        if numbers.count > 2, numbers.last! - numbers.first! == numbers.count - 1 {
            let first = Weekday(rawValue: numbers.first!)!
            let last = Weekday(rawValue: numbers.last!)!
            return isChinese
                ? "周\(first.chineseShortName)至周\(last.chineseShortName)" : "\(weekdayShort(first))–\(weekdayShort(last))"
        }
        return numbers.map { weekdayShortName(Weekday(rawValue: $0)!) }.joined(separator: isChinese ? "、" : ", ")
    }

    /// `最后一个周六` / `last Saturday`.
    package func monthWeekday(_ day: MonthWeekday) -> String {
        let chinese = ["", "第一个", "第二个", "第三个", "第四个", "第五个"]
        if isChinese { return (day.ordinal == -1 ? "最后一个" : chinese[day.ordinal]) + "周" + day.weekday.chineseShortName }
        return (day.ordinal == -1 ? "last" : SiteStrings.ordinal(day.ordinal)) + " " + day.weekday.englishName
    }
}
