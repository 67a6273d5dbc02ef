import CalgenCore

/// The words of a work schedule's "today" answer (`ScheduleAnswer`): `按大小周：今天 10月14日 周三 上班`,
/// `本周六 10月17日 上班`.
extension SiteStrings {
    /// `上班`, `休息`, `上半天`, `待定` / `work`, `off`, `half day`, `not known yet`.
    package func scheduleWorkWord(_ day: ScheduleDay) -> String {
        switch day.work {
        case .worked where day.isHalfDay: isChinese ? "上半天" : "half day"
        case .worked: isChinese ? "上班" : "work"
        case .off: isChinese ? "休息" : "off"
        case .unknown: isChinese ? "待定（放假安排未公布）" : "not known yet (arrangement not announced)"
        }
    }

    /// One day of a schedule's answer: `本周六 10月17日 上班（国庆补班）`, `今天 10月14日 周三 上班（日班 09:00–18:00）`
    /// / `Sat 17 Oct: work (make-up workday for National Day)`. `when` names the day
    /// (`本周六 10月17日`); the reason is said when something else than the pattern decides the
    /// day, and the shift's hours on a worked day.
    package func scheduleAnswerDay(_ day: ScheduleDay, when: String, schedule: WorkSchedule) -> String {
        var extra = [String]()
        if day.reason != .pattern, day.work != .unknown { extra.append(scheduleReason(day, schedule: schedule)) }
        if day.work == .worked, let shift = day.shift, let hours = day.hours {
            extra.append(shiftHours(shift, minutes: hours.minutes))
        }
        let said = extra.isEmpty ? "" : (isChinese ? "（\(extra.joined(separator: "，"))）" : " (\(extra.joined(separator: ", ")))")
        return isChinese ? "\(when) \(scheduleWorkWord(day))\(said)" : "\(when): \(scheduleWorkWord(day))\(said)"
    }

    /// `按大小周：` / `By 大小周: `, before a schedule's answer.
    package func scheduleAnswerPrefix(_ schedule: WorkSchedule) -> String {
        isChinese ? "按\(schedule.name)：" : "By \(schedule.name): "
    }

    /// `今天 10月14日 周三` / `today, Wed 14 Oct`.
    package func scheduleToday(_ date: CivilDate) -> String {
        isChinese ? "今天 \(dayOfYear(date)) \(weekdayShortName(date.weekday))" : "today, \(shortDate(date))"
    }

    /// `本周六 10月17日`, `下周日 10月25日` / `Sat 17 Oct`: a day of the weekend the answer names.
    package func scheduleWeekendDay(_ date: CivilDate, nextWeek: Bool) -> String {
        guard isChinese else { return shortDate(date) }
        return "\(nextWeek ? "下" : "本")\(weekdayShortName(date.weekday)) \(dayOfYear(date))"
    }
}
