import CalgenCore

/// `calgen day` in words: a block for one date, a line per date for a range.
enum DayText {
    /// The labelled block for one date.
    static func block(_ day: AlmanacDay) -> String {
        let status = day.status
        let date = status.date
        var rows = [(String, String)]()
        rows.append(("date", "\(date.iso8601) \(status.weekday.chineseName) \(status.weekday.englishName)"))
        rows.append(("kind", kindText(status)))
        rows.append(("off day", status.isOffDay ? "yes" : "no"))
        var holiday = "—"
        if let name = status.name {
            holiday = name + (status.originalName.map { $0 != name ? " (listed as \($0))" : "" } ?? "")
        }
        rows.append(("name", holiday))
        let law = HolidayLaw.inForce(year: date.year)
        rows.append(
            (
                "statutory",
                day.statutory.map { "yes, \($0.holiday) (法定节假日 under \(law.decree))" } ?? "no"
            ))
        if let partial = day.partialHoliday {
            rows.append(("partial", "\(partial.name): \(partial.summary)"))
        }
        rows.append(("lunar", day.lunar.map { "\($0.year)年\($0.text)" } ?? "— (outside 1901–2100)"))
        rows.append(("solar term", day.solarTerm?.name ?? "—"))
        rows.append(("festivals", day.festivals.isEmpty ? "—" : day.festivals.map(\.name).joined(separator: "、")))
        if let ganZhi = day.ganZhi {
            let byLichun = ganZhi.yearByLichun == ganZhi.year ? "" : " (by 立春 \(ganZhi.yearByLichun.name)年)"
            rows.append(
                ("ganzhi", "\(ganZhi.year.name)年\(byLichun) \(ganZhi.month.name)月 \(ganZhi.day.name)日, \(ganZhi.zodiac)年"))
        }
        if let count = day.shuJiu ?? day.sanFu { rows.append((day.shuJiu != nil ? "shujiu" : "sanfu", count.text)) }
        let unknown = "unknown (not announced)"
        if status.isAnnounced {
            rows.append(("workday no.", day.workdayOfYear.map { "\($0) of \(date.year)" } ?? "— (not a workday)"))
        }
        rows.append(("previous", day.previousWorkday.map(dated) ?? unknown))
        rows.append(("next", day.nextWorkday.map(dated) ?? unknown))
        if let period = day.nextHoliday {
            let until = period.start.dayNumber - date.dayNumber
            rows.append(
                (
                    "next break",
                    "\(period.name) \(period.start.iso8601)…\(period.end.iso8601), \(period.length) days, in \(until) \(until == 1 ? "day" : "days")"
                ))
        } else {
            rows.append(("next break", unknown))
        }
        let announced =
            status.isAnnounced
            ? "yes, the \(date.year) arrangement is published"
            : "no, the \(date.year) arrangement is not published yet: only weekdays and weekends are known"
        rows.append(("announced", announced))
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
    }

    /// One line per date: `2026-10-01 周四 holiday 国庆节 法定 八月廿一 …`.
    static func line(_ day: AlmanacDay) -> String {
        let status = day.status
        var fields = [
            status.date.iso8601, status.weekday.chineseName,
            status.isAnnounced ? status.kind.rawValue : "\(status.kind.rawValue)?",
        ]
        if let name = status.name { fields.append(name) }
        if day.statutory != nil { fields.append("法定") }
        if let lunar = day.lunar { fields.append(lunar.text) }
        if let term = day.solarTerm { fields.append(term.name) }
        fields += day.festivals.map(\.name)
        return fields.joined(separator: " ")
    }

    /// `2026-01-01..2026-12-31: 365 days, 250 workdays (6 make-up), 115 days off; 13 statutory`.
    static func tally(_ tally: DayTally, from first: CivilDate, through last: CivilDate) -> String {
        var text =
            "\(first.iso8601)..\(last.iso8601): \(tally.days) days, \(tally.workdays) workdays "
            + "(\(tally.makeupWorkdays) make-up), \(tally.offDays) days off; \(tally.statutoryDays) statutory"
        if tally.unknown > 0 { text += "; \(tally.unknown) in years not announced yet, workday or not unknown" }
        return text
    }

    private static func dated(_ date: CivilDate) -> String { "\(date.iso8601) \(date.weekday.chineseName)" }

    private static func kindText(_ status: DayStatus) -> String {
        switch status.kind {
        case .workday: return "workday (工作日)"
        case .weekend: return "weekend (周末)"
        case .holiday: return "holiday (休)"
        case .makeupWorkday: return "makeupWorkday (补班, a weekend day worked)"
        }
    }
}
