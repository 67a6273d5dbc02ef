import CalgenCore
import Yams

/// Parses `Content/schedules/<id>.yml` into a `WorkSchedule`, reporting every problem of the
/// file with line and column.
enum ScheduleParser {
    static let keys = ["name", "national", "pattern", "shift", "shifts", "dates", "audience", "encoding", "token-epoch"]
    /// The kinds of pattern, each a key of `pattern:`; a pattern has exactly one.
    static let patternKinds = ["weekly", "alternate", "monthly", "rotation"]
    static let dateKeys = ["date", "from", "to", "day", "reason", "shift"]
    /// The word of a day off in a rotation's cycle; no shift may be called so.
    static let offWord = "off"
    /// Weeks of an alternating pattern.
    static let alternateWeeks = 2...52
    /// Days of a rotation's cycle.
    static let cycleDays = 1...366
    /// Days of one entry of `dates` (`from` to `to`, both included).
    static let rangeDays = 366
    /// Characters of a shift's name.
    static let shiftNameCharacters = 32
    /// Monday to Friday: the pattern of a schedule that names none.
    static let workweek: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]
    static let ordinals = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1]

    /// `fileName` (`big-small-week.yml`) gives the id.
    static func parse(_ text: String, file: String, fileName: String) throws(ContentErrors) -> WorkSchedule {
        var problems = DiagnosticCollector()
        var (stem, fields) = try YAMLFields.idFile(
            text, file: file, fileName: fileName, kind: "schedule", example: "big-small-week.yml",
            emptyFix: "add `name:` and a `pattern:` such as `weekly: [mon, tue, wed, thu, fri, sat]`", problems: &problems)
        fields.rejectUnknownKeys(allowed: keys)
        let name = fields.string("name") ?? stem
        let national = fields.choice("national", NationalPolicy.self) ?? .follow
        let audience = fields.choice("audience", ScheduleAudience.self) ?? .private
        let encoding = fields.choice("encoding", FeedEncoding.self) ?? .expanded
        let epoch = fields.int("token-epoch", in: Limits.tokenEpoch) ?? 0
        let shifts = parseShifts(&fields, &problems)
        let shiftNames = shifts.map(\.name)
        var defaultShift: String?
        if let value = fields.string("shift") {
            if shiftNames.contains(value) {
                defaultShift = value
            } else {
                fields.report("shift", "\"shift\" names \"\(value)\", which is not under \"shifts\"", fix: shiftFix(shiftNames))
            }
        }
        var pattern: SchedulePattern? = .weekly(workweek)
        if let value = fields.node("pattern") {
            pattern =
                problems.collect { () throws(ContentErrors) -> SchedulePattern? in
                    var entry = try YAMLFields(value, file: file, what: "the pattern")
                    let pattern = parsePattern(&entry, shifts: shiftNames)
                    try entry.throwIfAny()
                    return pattern
                } ?? nil
        }
        var dates = [ScheduleDate]()
        if fields.has("dates") {
            if let items = fields.list("dates"), items.count > YAMLFields.maxListEntries {
                fields.report(
                    "dates", "\(items.count) dates; the limit is \(YAMLFields.maxListEntries)",
                    fix: "join runs into from/to ranges")
            } else if let items = fields.list("dates") {
                var lines = [Int]()
                for item in items {
                    guard
                        var entry = problems.collect({ () throws(ContentErrors) in
                            try YAMLFields(item, file: file, what: "a date")
                        })
                    else { continue }
                    if let date = parseDate(&entry, shifts: shiftNames) {
                        if let i = dates.firstIndex(where: { $0.overlaps(date) }) {
                            entry.report(
                                nil, "these dates overlap those of the entry on line \(lines[i])",
                                fix: "give every date one entry: shorten or split one of the ranges")
                        } else {
                            dates.append(date)
                            lines.append(entry.line ?? 0)
                        }
                    }
                    problems.add(contentsOf: entry.problems)
                }
            } else {
                fields.report(
                    "dates", "\"dates\" must be a list of dates, each starting with `- date:` or `- from:`",
                    fix: "write `dates:` then `  - date: 2026-05-20` lines")
            }
        }
        problems.add(contentsOf: fields.problems)
        try problems.throwIfAny()
        guard let pattern else { throw ContentErrors(problems.diagnostics) }
        return WorkSchedule(
            id: stem, name: name, national: national, pattern: pattern, shifts: shifts, defaultShift: defaultShift,
            dates: dates, audience: audience, encoding: encoding, tokenEpoch: epoch)
    }

    static func shiftFix(_ names: [String]) -> String {
        names.isEmpty
            ? "add it under `shifts:`, e.g. `D: {start: \"08:00\", end: \"20:00\"}`"
            : "use one of: \(names.joined(separator: ", ")), or add it under `shifts:`"
    }

    /// `shifts:`, a mapping of names to `start` and `end`.
    static func parseShifts(_ fields: inout YAMLFields, _ problems: inout DiagnosticCollector) -> [Shift] {
        guard let value = fields.node("shifts") else { return [] }
        guard case .mapping(let mapping) = value else {
            fields.report(
                "shifts", "\"shifts\" must be a mapping of names to times, found \(YAMLFields.describe(value))",
                fix: "write `shifts:` then `  D: {start: \"08:00\", end: \"20:00\"}` lines")
            return []
        }
        var shifts = [Shift]()
        for (key, item) in mapping {
            guard case .scalar(let scalar) = key, !scalar.string.isEmpty, scalar.string.count <= shiftNameCharacters,
                TextRules.firstControlCharacter(in: scalar.string, multiline: false) == nil
            else {
                fields.report(
                    at: key, "a shift's name must be text of 1 to \(shiftNameCharacters) characters",
                    fix: "name it e.g. D, N or early")
                continue
            }
            let name = scalar.string
            if name == offWord {
                fields.report(at: key, "\"off\" is a day off in a rotation, not a shift", fix: "call the shift something else")
            }
            guard
                var entry = problems.collect({ () throws(ContentErrors) in
                    try YAMLFields(item, file: fields.file, what: "the shift \"\(name)\"")
                })
            else { continue }
            entry.rejectUnknownKeys(allowed: ["start", "end"], what: "a shift")
            for key in ["start", "end"] where !entry.has(key) {
                entry.report(nil, "the shift \"\(name)\" needs \"\(key)\"", fix: "add `\(key): \"08:00\"` (24-hour clock)")
            }
            let start = entry.time("start")
            let end = entry.time("end")
            problems.add(contentsOf: entry.problems)
            if let start, let end, name != offWord { shifts.append(Shift(name: name, start: start, end: end)) }
        }
        return shifts
    }

    /// `pattern:`, with exactly one of `weekly`, `alternate`, `monthly` and `rotation`.
    static func parsePattern(_ entry: inout YAMLFields, shifts: [String]) -> SchedulePattern? {
        entry.rejectUnknownKeys(allowed: patternKinds, what: "a pattern")
        let given = patternKinds.filter(entry.has)
        guard given.count == 1, let kind = given.first else {
            entry.report(
                given.dropFirst().first,
                given.isEmpty
                    ? "the pattern names no kind" : "a pattern has one kind, found \(given.joined(separator: " and "))",
                fix: "keep one of: \(patternKinds.joined(separator: ", ")); say exceptions under `dates:`")
            return nil
        }
        guard let value = entry.node(kind) else { return nil }
        switch kind {
        case "weekly":
            return weekdays(value, key: "weekly", &entry, allowEmpty: false).map(SchedulePattern.weekly)
        case "alternate":
            return parseAlternate(value, &entry)
        case "monthly":
            return parseMonthly(value, &entry)
        default:
            return parseRotation(value, &entry, shifts: shifts)
        }
    }

    /// `alternate: {anchor, weeks}`.
    static func parseAlternate(_ value: Node, _ outer: inout YAMLFields) -> SchedulePattern? {
        guard var entry = nested(value, "alternate", &outer) else { return nil }
        defer { outer.add(entry.problems) }
        entry.rejectUnknownKeys(allowed: ["anchor", "weeks"], what: "an alternating pattern")
        let anchor = requiredDate("anchor", &entry, example: "2026-01-05")
        guard let weeksNode = entry.node("weeks") else {
            entry.report(nil, "an alternating pattern needs \"weeks\"", fix: "add e.g. `weeks: [[mon..sat], [mon..fri]]`")
            return nil
        }
        guard case .sequence(let sequence) = weeksNode, alternateWeeks.contains(sequence.count) else {
            entry.report(
                "weeks", "\"weeks\" must be a list of \(alternateWeeks.lowerBound) to \(alternateWeeks.upperBound) weeks",
                fix: "write e.g. `weeks: [[mon..sat], [mon..fri]]`, the anchor's week first")
            return nil
        }
        let weeks = sequence.map { weekdays($0, key: "weeks", &entry, allowEmpty: true) }
        if weeks.allSatisfy({ $0?.isEmpty == true }) {
            entry.report("weeks", "no week of \"weeks\" names a weekday", fix: "name the worked days of each week")
        }
        if let first = weeks.first, weeks.allSatisfy({ $0 != nil && $0 == first }) {
            entry.report(
                "weeks", "every week of \"weeks\" works the same days", fix: "use `weekly:` instead, or make the weeks differ")
        }
        guard let anchor, entry.problems.isEmpty else { return nil }
        return .alternating(anchor: anchor, weeks: weeks.compactMap { $0 })
    }

    /// `monthly: {weekly, worked, off}`.
    static func parseMonthly(_ value: Node, _ outer: inout YAMLFields) -> SchedulePattern? {
        guard var entry = nested(value, "monthly", &outer) else { return nil }
        defer { outer.add(entry.problems) }
        entry.rejectUnknownKeys(allowed: ["weekly", "worked", "off"], what: "a monthly pattern")
        let weekly = entry.node("weekly").map { weekdays($0, key: "weekly", &entry, allowEmpty: true) } ?? workweek
        let worked = monthWeekdays("worked", &entry)
        let off = monthWeekdays("off", &entry)
        if worked.isEmpty && off.isEmpty && entry.problems.isEmpty {
            entry.report(nil, "a monthly pattern needs \"worked\" or \"off\"", fix: "add e.g. `worked: [last-saturday]`")
        }
        for rule in worked {
            if off.contains(where: { $0.value == rule.value }) {
                entry.report("off", "\"\(rule.text)\" is both worked and off", fix: "keep it under one of the two")
            }
            if let weekly, weekly.contains(rule.value.weekday) {
                entry.report(
                    "worked", "\"\(rule.text)\" is worked every week already (\"weekly\")",
                    fix: "remove it, or take \(rule.value.weekday.key) out of \"weekly\"")
            }
        }
        for rule in off {
            if let weekly, !weekly.contains(rule.value.weekday) {
                entry.report(
                    "off", "\"\(rule.text)\" is off every week already (not in \"weekly\")",
                    fix: "remove it, or add \(rule.value.weekday.key) to \"weekly\"")
            }
        }
        guard let weekly, entry.problems.isEmpty else { return nil }
        return .monthly(weekly: weekly, worked: worked.map(\.value), off: off.map(\.value))
    }

    /// `rotation: {anchor, cycle}`.
    static func parseRotation(_ value: Node, _ outer: inout YAMLFields, shifts: [String]) -> SchedulePattern? {
        guard var entry = nested(value, "rotation", &outer) else { return nil }
        defer { outer.add(entry.problems) }
        entry.rejectUnknownKeys(allowed: ["anchor", "cycle"], what: "a rotation")
        let anchor = requiredDate("anchor", &entry, example: "2026-01-01")
        guard let cycleNode = entry.node("cycle") else {
            entry.report(nil, "a rotation needs a \"cycle\"", fix: "add e.g. `cycle: [D, D, N, N, off, off]`")
            return nil
        }
        guard case .sequence(let sequence) = cycleNode, cycleDays.contains(sequence.count) else {
            let count = cycleNode.sequence?.count ?? 0
            entry.report(
                "cycle",
                "\"cycle\" must be a list of \(cycleDays.lowerBound) to \(cycleDays.upperBound) days"
                    + (cycleNode.sequence == nil ? ", found \(YAMLFields.describe(cycleNode))" : ", found \(count)"),
                fix: "write one shift name or `off` a day, e.g. `cycle: [D, D, N, N, off, off]`")
            return nil
        }
        var cycle = [String?]()
        for item in sequence {
            guard case .scalar(let scalar) = item, !scalar.string.isEmpty else {
                entry.report(at: item, "every day of \"cycle\" must be a shift's name or `off`", fix: shiftFix(shifts))
                continue
            }
            if scalar.string == offWord {
                cycle.append(nil)
            } else if shifts.contains(scalar.string) {
                cycle.append(scalar.string)
            } else {
                entry.report(at: item, "\"\(scalar.string)\" in \"cycle\" is not a shift under \"shifts\"", fix: shiftFix(shifts))
            }
        }
        if entry.problems.isEmpty, cycle.allSatisfy({ $0 == nil }) {
            entry.report("cycle", "\"cycle\" has no worked day", fix: "name a shift on at least one day")
        }
        guard let anchor, entry.problems.isEmpty else { return nil }
        return .rotation(anchor: anchor, cycle: cycle)
    }

    /// One entry of `dates:`.
    static func parseDate(_ entry: inout YAMLFields, shifts: [String]) -> ScheduleDate? {
        entry.rejectUnknownKeys(allowed: dateKeys, what: "a date")
        var first: CivilDate?
        var last: CivilDate?
        if entry.has("date") {
            if entry.has("from") || entry.has("to") {
                entry.report("date", "a date has either \"date\" or \"from\" and \"to\"", fix: "keep one of the two ways")
            }
            first = entry.date("date")
            last = first
        } else if entry.has("from") || entry.has("to") {
            first = requiredDate("from", &entry, example: "2026-07-01")
            last = requiredDate("to", &entry, example: "2026-07-05")
        } else {
            entry.report(nil, "a date needs \"date\", or \"from\" and \"to\"", fix: "add e.g. `date: 2026-05-20`")
        }
        if let from = first, let to = last, to < from {
            entry.report("to", "\"to\" (\(to.iso8601)) is before \"from\" (\(from.iso8601))", fix: "swap them")
        } else if let from = first, let to = last, to.dayNumber - from.dayNumber + 1 > rangeDays {
            entry.report(
                "to", "the range has \(to.dayNumber - from.dayNumber + 1) days; the limit is \(rangeDays)",
                fix: "split it into entries of at most \(rangeDays) days")
        }
        if !entry.has("day") {
            entry.report(nil, "a date needs \"day\"", fix: "add `day: off`, `day: worked` or `day: half`")
        }
        let status = entry.choice("day", ScheduleDate.Status.self)
        let reason = entry.string("reason", required: true, example: "公司周年")
        var shift: String?
        if let value = entry.string("shift") {
            if status == .off {
                entry.report("shift", "a day off has no shift", fix: "remove \"shift\", or make the day worked or half")
            } else if shifts.contains(value) {
                shift = value
            } else {
                entry.report("shift", "\"shift\" names \"\(value)\", which is not under \"shifts\"", fix: shiftFix(shifts))
            }
        }
        guard let first, let last, let status, let reason, entry.problems.isEmpty else { return nil }
        return ScheduleDate(first: first, last: last, status: status, reason: reason, shift: shift)
    }

    /// A date key that must be there.
    static func requiredDate(_ key: String, _ entry: inout YAMLFields, example: String) -> CivilDate? {
        guard entry.has(key) else {
            entry.report(nil, "missing required key \"\(key)\"", fix: "add `\(key): \(example)`")
            return nil
        }
        return entry.date(key)
    }

    /// The mapping under a pattern kind.
    static func nested(_ value: Node, _ key: String, _ outer: inout YAMLFields) -> YAMLFields? {
        do {
            return try YAMLFields(value, file: outer.file, what: "\"\(key)\"", lineOffset: outer.lineOffset)
        } catch {
            outer.add(error.diagnostics)
            return nil
        }
    }

    /// A list of weekdays: `mon` or `monday`, and runs such as `mon..fri`; each day once.
    static func weekdays(_ value: Node, key: String, _ entry: inout YAMLFields, allowEmpty: Bool) -> [Weekday]? {
        guard case .sequence(let sequence) = value else {
            entry.report(
                at: value, "\"\(key)\" must be a list of weekdays, found \(YAMLFields.describe(value))",
                fix: "write e.g. `[mon..fri]` or `[mon, tue, wed, thu, fri, sat]`")
            return nil
        }
        var days = [Weekday]()
        var ok = true
        for item in sequence {
            guard case .scalar(let scalar) = item, let run = weekdayRun(scalar.string) else {
                entry.report(
                    at: item, "\(YAMLFields.describe(item)) in \"\(key)\" is not a weekday or a run of weekdays",
                    fix: "use mon, tue, wed, thu, fri, sat and sun, or a run such as mon..fri")
                ok = false
                continue
            }
            for day in run {
                if days.contains(day) {
                    entry.report(
                        at: item, "\"\(scalar.string)\" names \(day.key) a second time in \"\(key)\"",
                        fix: "name every weekday once")
                    ok = false
                } else {
                    days.append(day)
                }
            }
        }
        if ok, days.isEmpty, !allowEmpty {
            entry.report(at: value, "\"\(key)\" names no weekday", fix: "write e.g. `\(key): [mon..sat]`")
            return nil
        }
        return ok ? days.sorted() : nil
    }

    /// `mon`, `monday`, or `mon..fri` (not wrapping past Sunday).
    static func weekdayRun(_ text: String) -> [Weekday]? {
        let parts = text.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        func day(_ s: Substring) -> Weekday? { Weekday.allCases.first { $0.key == s || $0.key.prefix(3) == s } }
        if parts.count == 1 { return day(parts[0]).map { [$0] } }
        guard parts.count == 3, parts[1].isEmpty, let from = day(parts[0]), let to = day(parts[2]), from <= to else {
            return nil
        }
        return Weekday.allCases.filter { from <= $0 && $0 <= to }
    }

    /// `worked:` or `off:` of a monthly pattern: `last-saturday`, `second-saturday`, …
    static func monthWeekdays(_ key: String, _ entry: inout YAMLFields) -> [(text: String, value: MonthWeekday)] {
        var result = [(text: String, value: MonthWeekday)]()
        for text in entry.strings(key) ?? [] {
            let parts = text.lowercased().split(separator: "-", maxSplits: 1)
            if parts.count == 2, let ordinal = ordinals[String(parts[0])],
                let weekday = Weekday.allCases.first(where: { $0.key == parts[1] || $0.key.prefix(3) == parts[1] }),
                let value = MonthWeekday(ordinal: ordinal, weekday: weekday)
            {
                if result.contains(where: { $0.value == value }) {
                    entry.report(key, "\"\(text)\" is named twice in \"\(key)\"", fix: "name it once")
                } else {
                    result.append((text, value))
                }
            } else {
                entry.report(
                    key, "\"\(text)\" in \"\(key)\" is not a weekday of the month",
                    fix: "write first-, second-, third-, fourth-, fifth- or last- and a weekday, e.g. last-saturday")
            }
        }
        return result
    }
}
