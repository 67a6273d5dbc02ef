import CalgenCore
import CalgenModel
import TemplateEngine

/// Builds the template context of one month grid (`GridContext`): weekday headers and weeks of day cells,
/// with the neighbouring months' days filling the first and last week.
struct MonthGrid {
    let almanac: Almanac
    let strings: SiteStrings
    let weekStart: Weekday
    let today: CivilDate
    /// The notes covering each day.
    let notesByDay: [CivilDate: [Note]]
    /// On a work schedule's pages: the schedule, whose answer each cell shows beside the
    /// national marks.
    var work: ScheduleEvaluator? = nil
    /// What cells show of each date, worked out once for all the grids of these `strings`
    /// (`HTMLPages.faces`); dates without one are worked out for each cell.
    var faces: DayFaces? = nil

    var calendar: HolidayCalendar { almanac.calendar }

    /// The weekdays in column order.
    var columns: [Weekday] {
        (0..<7).map { Weekday(rawValue: (weekStart.rawValue - 1 + $0) % 7 + 1)! }
    }

    /// - Parameters:
    ///   - large: a month page's grid (the lunar date, each feast, and the statutory holiday, break
    ///     or make-up day on lines of their own) rather than a year page's (one label, by the
    ///     precedence of `DayLabel.single`).
    ///   - fullWeeks: always six weeks, so that the twelve grids of a year page line up.
    ///   - noteHref: where a day's note marker links to, from the page the grid is on.
    ///   - linkFrom: the first day of the page's calendar: a note's marker is in the tab order on the
    ///     note's first day from then on, and only there (one tab stop per note and page).
    func context(
        year: Int, month: Int, large: Bool, fullWeeks: Bool, href: String?, linkFrom: CivilDate? = nil,
        noteHref: (Note) -> String
    ) -> GridContext {
        let first = CivilDate(year: year, month: month, day: 1)!
        let last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))!
        let linkFrom = linkFrom ?? first
        let lead = (first.weekday.rawValue - weekStart.rawValue + 7) % 7
        let start = first.adding(days: -lead)
        let needed = (lead + last.day + 6) / 7
        let weeks = fullWeeks ? 6 : needed
        let rows = (0..<weeks).map { w in
            GridContext.Week(
                days: (0..<7).map { d in
                    cell(
                        start.adding(days: w * 7 + d), inMonth: month, large: large, linkFrom: linkFrom,
                        noteHref: noteHref)
                })
        }
        return GridContext(
            id: "m" + first.iso8601.prefix(7),
            caption: large ? strings.monthTitle(year: year, month: month) : strings.monthName(month),
            weekdays: columns.map { w in
                GridContext.WeekdayHeader(short: strings.weekdayShort(w), long: strings.weekdayLong(w), weekend: w.isWeekend)
            },
            weeks: rows, large: large, hideCaption: false, href: href)
    }

    func cell(
        _ date: CivilDate, inMonth month: Int, large: Bool, linkFrom: CivilDate, noteHref: (Note) -> String
    ) -> GridContext.Cell {
        let face = faces?[date] ?? self.face(of: date)
        let outside = date.month != month
        let isToday = !outside && date == today

        // What a screen reader hears: the date, what the day is, its feasts and its lunar date.
        var label = face.label
        let scheduled = work.map { $0.day(date) }
        if let scheduled, let work {
            // Named, so that the schedule's answer is not heard as the national one.
            let answer =
                work.schedule.name + (strings.isChinese ? "：" : ": ") + strings.scheduleLine(scheduled, schedule: work.schedule)
            label = (face.spokenHead + [answer] + face.spokenTail).joined(separator: strings.isChinese ? " " : ", ")
        }

        var cell = GridContext.Cell(
            date: date.iso8601, day: date.day, label: label, lunar: face.lunar, outside: outside, today: isToday,
            // Here as well as on the grid: a key found in the innermost context is found at once.
            large: large, badge: face.badge,
            sched: scheduled.flatMap { day in work.map { schedMark(day, schedule: $0.schedule, large: large) } },
            // One line per feast, so that two names never run together.
            feasts: face.feasts)
        // Notes are marked in the month they belong to, not on the neighbours' filler days.
        let notes = outside ? [] : notesByDay[date] ?? []
        cell.hasNotes = !notes.isEmpty
        cell.notes = notes.map { note in
            // Later days of a note repeat its marker for the eye and the mouse, not for the keyboard.
            GridContext.NoteMark(
                title: note.title, href: noteHref(note), large: large, repeat: date != max(note.start, linkFrom))
        }
        cell.classes =
            "d" + (outside ? " out" : "") + face.classes + (isToday ? " is-today" : "") + (notes.isEmpty ? "" : " has-notes")
        if large {
            cell.name = face.line
            cell.nameClass = face.lineClass
        } else {
            cell.sub = face.sub
            cell.subClass = face.subClass
        }
        return cell
    }

    /// What a cell shows of `date` in any grid of these `strings`.
    func face(of date: CivilDate) -> DayFace {
        let status = calendar.status(of: date)
        // What the cell names, by the one rule of `DayLabel`.
        let names = almanac.label(on: date)
        let statutory = almanac.statutoryDay(on: date) != nil
        var feasts = names.festivals.map { strings.festivalName($0.name) }
        if let term = names.solarTerm { feasts.append(strings.solarTermName(term)) }
        // The line under the feasts: the statutory holiday, the break, or the make-up day.
        var line: (text: String, kind: String)?
        if let holiday = names.statutoryHoliday {
            line = (strings.holidayName(holiday), "h")
        } else if let holiday = names.breakOf {
            line = (strings.breakDay(holiday), "h brk")
        } else if let holiday = names.makeupFor {
            line = (strings.makeupDay(holiday), "h mk")
        }
        var classes = ""
        if status.date.isWeekend { classes += " we" }
        switch status.kind {
        case .holiday: classes += " off"
        case .makeupWorkday: classes += " work"
        case .workday, .weekend: break
        }
        if statutory { classes += status.isAnnounced ? " stat" : " stat pending" }
        if !feasts.isEmpty { classes += " fest" }
        if names.lunar?.day == 1 { classes += " lunar-first" }

        var head = [strings.longDate(date)]
        if let holiday = names.makeupFor {
            head.append(strings.makeupDaySpoken(holiday))
        } else {
            if let line { head.append(line.text) }
            // A statutory day of an unannounced year is no 工作日: the words after it say it is off by law.
            if !statutory || status.isAnnounced { head.append(strings.spokenStatus(status.kind)) }
        }
        if statutory { head.append(status.isAnnounced ? strings.ui.statutory : strings.ui.statutoryPending) }
        var tail = feasts
        if let lunar = names.lunar { tail.append(strings.lunarSpoken(lunar)) }

        let subClass: String? =
            switch names.single {
            case .festival, .solarTerm: "f"
            case .statutoryHoliday: "h"
            case .lunarMonth, .lunarDay: "lun"
            case .none: nil
            }
        return DayFace(
            classes: classes, label: (head + tail).joined(separator: strings.isChinese ? " " : ", "), spokenHead: head,
            spokenTail: tail, lunar: names.lunar.map(strings.lunarCell) ?? "", badge: strings.badge(status.kind),
            feasts: feasts.map(cellHTML), line: line.map { cellHTML($0.text) }, lineClass: line?.kind,
            sub: cellHTML(strings.single(names)), subClass: subClass)
    }

    /// A cell's words as HTML (`SiteStrings.cellText`), escaped: in English each word that
    /// carries soft hyphens is an inline block (`<span class="w">`), so that it moves to the next
    /// line whole and breaks at its hyphens only where it alone is wider than the cell (never
    /// `work-` / `day` in a cell wide enough for `workday`).
    func cellHTML(_ text: String) -> String {
        func escaped(_ text: some StringProtocol) -> String { HTMLEscape.escaped(String(text)) }
        let words = strings.cellText(text)
        // A soft hyphen is a character of its own (a control, never part of a cluster).
        guard words.unicodeScalars.contains("\u{AD}") else { return HTMLEscape.escaped(words) }
        return words.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.contains("\u{AD}") ? #"<span class="w">"# + escaped(word) + "</span>" : escaped(word)
        }.joined(separator: " ")
    }

    /// A schedule's answer in a cell: `{text, hours, cls}`. The text is the shift's name (a
    /// rotation's; on a month page any schedule's) or the mark (班, 休, 半天, ?) and, on a month
    /// page, the schedule's or the person's own reason; `hours` the shift's hours (a month page;
    /// hidden on narrow screens).
    func schedMark(_ day: ScheduleDay, schedule: WorkSchedule, large: Bool) -> GridContext.ScheduleMark {
        let kind: String
        switch day.work {
        case .worked: kind = day.isHalfDay ? "half" : "on"
        case .off: kind = "rest"
        case .unknown: kind = "unknown"
        }
        // A rotation's shifts differ from day to day: named on every grid; another schedule's
        // one shift only on a month page, where there is room.
        var text = [strings.scheduleMark(day)]
        let rotation = if case .rotation = schedule.pattern { true } else { false }
        if rotation || large, day.work == .worked, !day.isHalfDay, let shift = day.shift {
            text = [shift.name]
        }
        if large, [.scheduleDate, .leave, .personalDate].contains(day.reason) {
            text.append(strings.scheduleReason(day, schedule: schedule))
        }
        var mark = GridContext.ScheduleMark(text: cellHTML(text.joined(separator: " ")), cls: "sch " + kind)
        if large, let hours = day.hours {
            mark.hours = "\(hours.start)–\(hours.start.adding(minutes: hours.minutes).time)"
        }
        return mark
    }
}
