import CalgenCore
import CalgenModel

/// Builds the template context of one month grid: weekday headers and weeks of day cells,
/// with the neighbouring months' days filling the first and last week.
struct MonthGrid {
    let almanac: Almanac
    let strings: SiteStrings
    let weekStart: Weekday
    let today: CivilDate
    /// The notes covering each day.
    let notesByDay: [CivilDate: [Note]]

    var calendar: HolidayCalendar { almanac.calendar }

    /// The weekdays in column order.
    var columns: [Weekday] {
        (0..<7).map { Weekday(rawValue: (weekStart.rawValue - 1 + $0) % 7 + 1)! }
    }

    /// - Parameters:
    ///   - large: a month page's grid (lunar date and holiday name on separate lines) rather
    ///     than a year page's (one line: the holiday's name on its first day, else the lunar date).
    ///   - fullWeeks: always six weeks, so that the twelve grids of a year page line up.
    ///   - noteHref: where a day's note marker links to, from the page the grid is on.
    ///   - linkFrom: the first day of the page's calendar: a note's marker is in the tab order on the
    ///     note's first day from then on, and only there (one tab stop per note and page).
    func context(
        year: Int, month: Int, large: Bool, fullWeeks: Bool, href: String?, linkFrom: CivilDate? = nil,
        noteHref: (Note) -> String
    ) -> [String: Any] {
        let first = CivilDate(year: year, month: month, day: 1)!
        let last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))!
        let linkFrom = linkFrom ?? first
        let lead = (first.weekday.rawValue - weekStart.rawValue + 7) % 7
        let start = first.adding(days: -lead)
        let needed = (lead + last.day + 6) / 7
        let weeks = fullWeeks ? 6 : needed
        var rows = [[String: Any]]()
        for w in 0..<weeks {
            let days = (0..<7).map { d -> [String: Any] in
                cell(
                    start.adding(days: w * 7 + d), inMonth: month, large: large, linkFrom: linkFrom, noteHref: noteHref)
            }
            rows.append(["days": days])
        }
        var context: [String: Any] = [
            "id": "m" + first.iso8601.prefix(7),
            "caption": large ? strings.monthTitle(year: year, month: month) : strings.monthName(month),
            "weekdays": columns.map { w -> [String: Any] in
                ["short": strings.weekdayShort(w), "long": strings.weekdayLong(w), "weekend": w.isWeekend]
            },
            "weeks": rows,
            "large": large,
            "hideCaption": false,
        ]
        if let href { context["href"] = href }
        return context
    }

    func cell(
        _ date: CivilDate, inMonth month: Int, large: Bool, linkFrom: CivilDate, noteHref: (Note) -> String
    ) -> [String: Any] {
        let status = calendar.status(of: date)
        let outside = date.month != month
        let lunar = try? LunarCalendar.lunarDate(for: date)
        let lunarText = lunar.map { $0.day == 1 ? $0.monthName : $0.dayName } ?? ""
        let showsName = status.kind == .holiday || status.kind == .makeupWorkday
        let name = showsName ? status.name.map(strings.holidayName) : nil
        let statutory = almanac.statutoryDay(on: date) != nil
        // What the day is known for: its festivals and solar term.
        let observances = almanac.observances(on: date)
        var feasts = observances.festivals.map { strings.festivalName($0.name) }
        if let term = observances.solarTerm { feasts.append(strings.solarTermName(term)) }
        let shown = feasts.filter { $0 != name }
        var classes = ["d"]
        if outside { classes.append("out") }
        if status.date.isWeekend { classes.append("we") }
        switch status.kind {
        case .holiday: classes.append("off")
        case .makeupWorkday: classes.append("work")
        case .workday, .weekend: break
        }
        if statutory { classes.append(status.isAnnounced ? "stat" : "stat pending") }
        if !shown.isEmpty { classes.append("fest") }
        if lunar?.day == 1 { classes.append("lunar-first") }
        let isToday = !outside && date == today
        if isToday { classes.append("is-today") }

        var label = [strings.longDate(date)]
        if let name { label.append(name) }
        label.append(strings.spokenStatus(status.kind))
        if statutory { label.append(status.isAnnounced ? strings.ui.statutory : strings.ui.statutoryPending) }
        label += shown
        if strings.isChinese, let lunar { label.append("农历" + lunar.text) }

        var context: [String: Any] = [
            "date": date.iso8601,
            "day": date.day,
            "label": label.joined(separator: strings.isChinese ? " " : ", "),
            "lunar": lunarText,
            "outside": outside,
            "today": isToday,
            // Here as well as on the grid: a key found in the innermost context is found at once.
            "large": large,
            // Explicit so that a missing key never resolves in an enclosing context.
            "badge": false, "name": false, "sub": false, "subIsName": false, "subIsFeast": false,
            // The cell names a festival once: 春节 on a 春节 holiday is in the holiday's name already.
            "feast": shown.isEmpty ? false as Any : shown.joined(separator: " "),
        ]
        if let badge = strings.badge(status.kind) { context["badge"] = badge }
        // Notes are marked in the month they belong to, not on the neighbours' filler days.
        let notes = outside ? [] : notesByDay[date] ?? []
        context["hasNotes"] = !notes.isEmpty
        context["notes"] = notes.map { note -> [String: Any] in
            // Later days of a note repeat its marker for the eye and the mouse, not for the keyboard.
            ["title": note.title, "href": noteHref(note), "large": large, "repeat": date != max(note.start, linkFrom)]
        }
        if !notes.isEmpty { classes.append("has-notes") }
        context["classes"] = classes.joined(separator: " ")
        if large {
            if let name { context["name"] = name }
        } else {
            // One short line: the holiday's name on the first day of its run in this month.
            let previous = calendar.status(of: date.previous)
            let firstOfRun =
                previous.name != status.name || previous.date.month != date.month
                || previous.kind != status.kind
            if let name, firstOfRun, !outside {
                context["sub"] = name
                context["subIsName"] = true
            } else if let feast = shown.first {
                context["sub"] = feast
                context["subIsFeast"] = true
            } else {
                context["sub"] = lunarText
            }
        }
        return context
    }
}
