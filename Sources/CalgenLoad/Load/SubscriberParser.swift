import CalgenCore
import Foundation
import Yams

/// Parses `Content/users/<id>.yml` into a `Subscriber`, reporting every problem with line
/// and column.
enum SubscriberParser {
    static let keys = [
        "name", "calendar", "color", "timezone", "language", "holidays", "festivals", "solar-terms", "notes", "encoding",
        "reminders", "years-before", "years-after", "token-epoch", "schedule", "leave",
    ]
    static let leaveKeys = ["date", "from", "to", "reason"]
    /// The reason of leave that gives none.
    static let leaveReason = "请假"
    static let commonReminderKeys = [
        "id", "kind", "title", "location", "description", "from", "until", "time", "duration", "all-day", "alarms",
    ]
    /// How one kind of reminder is read from its entry: the keys of its own, and the function
    /// that reads them (reporting problems in the entry).
    struct KindReader {
        let keys: [String]
        let read: (inout YAMLFields) -> ReminderKind?
    }

    /// The reader of each kind. The switch is exhaustive, so a new `ReminderKind.Name` cannot
    /// be forgotten here; the list of kinds and of each kind's keys come from it.
    static func reader(of name: ReminderKind.Name) -> KindReader {
        switch name {
        case .workdays: KindReader(keys: []) { _ in .workdays }
        case .makeupEve: KindReader(keys: ["weekends"]) { .makeupEve(weekends: $0.bool("weekends") ?? false) }
        case .shiftStart: KindReader(keys: []) { _ in .shiftStart }
        case .weekly: KindReader(keys: ["on", "skip-off-days"], read: readWeekly)
        case .monthly: KindReader(keys: ["day", "adjust"], read: readMonthly)
        case .yearly: KindReader(keys: ["month", "day", "feb29"], read: readYearly)
        case .lunarYearly: KindReader(keys: ["month", "day", "leap", "missing-day", "missing-leap"], read: readLunarYearly)
        case .once: KindReader(keys: ["date"], read: readOnce)
        case .sequence: KindReader(keys: ["start", "every", "count", "intervals"], read: readSequence)
        }
    }

    /// Every kind's name, as subscriber files write it.
    static let kinds = ReminderKind.Name.allCases.map(\.rawValue)

    /// `fileName` (`zhang-san.yml`) gives the id; `defaultTimeZone` is the site's; `schedules`
    /// are the loaded work schedules, which `schedule:` must name (`nil`: not known, not checked).
    static func parse(
        _ text: String, file: String, fileName: String, defaultTimeZone: String, schedules: [WorkSchedule]? = nil
    ) throws(ContentErrors) -> Subscriber {
        var problems = DiagnosticCollector()
        var (stem, fields) = try YAMLFields.idFile(
            text, file: file, fileName: fileName, kind: "subscriber", example: "zhang-san.yml",
            emptyFix: "add `name:` and a list of `reminders:`", problems: &problems)
        fields.rejectUnknownKeys(allowed: keys)
        let name = fields.string("name") ?? stem
        let calendarName = fields.string("calendar") ?? name
        var color: String?
        if let value = fields.string("color") {
            if value.count == 7, value.hasPrefix("#"), value.dropFirst().allSatisfy(\.isHexDigit) {
                color = value.uppercased()
            } else {
                fields.report(
                    "color", "\"\(value)\" is not a colour written #RRGGBB", fix: "write e.g. `color: \"#D33F49\"` (in quotes)")
            }
        }
        var timeZone = defaultTimeZone
        if let value = fields.string("timezone") {
            if TimeZone(identifier: value) != nil {
                timeZone = value
            } else {
                fields.report(
                    "timezone", "unknown time zone \"\(value)\"",
                    fix: "use an IANA name such as Asia/Shanghai or America/New_York")
            }
        }
        var language: SiteLanguage?
        if let value = fields.string("language") {
            if let chosen = SiteLanguage(rawValue: value) {
                language = chosen
            } else {
                fields.report(
                    "language", "unsupported language \"\(value)\"",
                    fix: "use one of: \(SiteLanguage.allCases.map(\.rawValue).joined(separator: ", ")), as in site.yml, "
                        + "or leave it out for the site's language")
            }
        }
        let holidays = fields.bool("holidays") ?? false
        let festivals = fields.bool("festivals") ?? false
        let solarTerms = fields.bool("solar-terms") ?? false
        var audiences = [String]()
        for audience in fields.strings("notes") ?? [] where !audiences.contains(audience) {
            if Identifier.isValid(audience) {
                audiences.append(audience)
            } else {
                fields.report(
                    "notes", "\"\(audience)\" in \"notes\" is not an audience name", fix: "use e.g. `notes: [public, team-a]`")
            }
        }
        let encoding = fields.choice("encoding", FeedEncoding.self) ?? .expanded
        let yearsBefore = fields.int("years-before", in: 0...Limits.feedYears)
        let yearsAfter = fields.int("years-after", in: 0...Limits.feedYears)
        let epoch = fields.int("token-epoch", in: Limits.tokenEpoch) ?? 0

        let schedule = parseSchedule(&fields, schedules: schedules)
        var reminders = [Reminder]()
        var seen = [String: Int]()
        if fields.has("reminders") {
            if let items = fields.list("reminders"), items.count > Limits.remindersPerSubscriber {
                fields.report(
                    "reminders", "\(items.count) reminders; the limit is \(Limits.remindersPerSubscriber) per subscriber",
                    fix: "remove some, or give them to another subscriber file")
            } else if let items = fields.list("reminders") {
                for item in items {
                    guard
                        var entry = problems.collect({ () throws(ContentErrors) in
                            try YAMLFields(item, file: file, what: "a reminder")
                        })
                    else { continue }
                    if let reminder = parseReminder(&entry) {
                        if reminder.kind == .shiftStart { checkShifts(&entry, schedule) }
                        if let line = seen[reminder.id] {
                            entry.report(
                                "id", "the reminder id \"\(reminder.id)\" is already used on line \(line)",
                                fix: "give every reminder its own id")
                        } else {
                            seen[reminder.id] = entry.line ?? 0
                            reminders.append(reminder)
                        }
                    }
                    problems.add(contentsOf: entry.problems)
                }
            } else {
                fields.report(
                    "reminders", "\"reminders\" must be a list of reminders, each starting with `- id:`",
                    fix: "write `reminders:` then `  - id: …` lines")
            }
        }
        let leave = parseLeave(&fields, &problems)
        problems.add(contentsOf: fields.problems)
        try problems.throwIfAny()
        return Subscriber(
            id: stem, name: name, calendarName: calendarName, color: color, timeZone: timeZone, language: language,
            includesHolidays: holidays, includesFestivals: festivals, includesSolarTerms: solarTerms,
            noteAudiences: audiences, encoding: encoding, reminders: reminders, yearsBefore: yearsBefore,
            yearsAfter: yearsAfter, tokenEpoch: epoch, schedule: schedule?.id, personal: PersonalDays(leave: leave))
    }

    /// `schedule`: the id of a loaded work schedule, and that schedule (`nil` when not known).
    static func parseSchedule(_ fields: inout YAMLFields, schedules: [WorkSchedule]?) -> (
        id: String, schedule: WorkSchedule?
    )? {
        guard let id = fields.string("schedule") else { return nil }
        let chosen = schedules?.first { $0.id == id }
        if let schedules, chosen == nil {
            let known = schedules.map(\.id)
            fields.report(
                "schedule", "no work schedule \"\(id)\" in schedules/",
                fix: known.isEmpty
                    ? "add schedules/\(id).yml, or remove `schedule:` to follow the legal calendar"
                    : (YAMLFields.closest(to: id, in: known).map { "did you mean \"\($0)\"? " } ?? "")
                        + "the schedules are: \(known.joined(separator: ", "))")
        }
        return (id, chosen)
    }

    /// A shift-start reminder needs a schedule with shifts.
    static func checkShifts(_ entry: inout YAMLFields, _ schedule: (id: String, schedule: WorkSchedule?)?) {
        guard let schedule else {
            entry.report(
                "kind", "a shift-start reminder needs a work schedule",
                fix: "add `schedule: <id>` naming a file of schedules/, or use a workdays reminder with a `time`")
            return
        }
        if let chosen = schedule.schedule, chosen.shifts.isEmpty {
            entry.report(
                "kind", "a shift-start reminder needs shifts, and the schedule \"\(chosen.id)\" has none",
                fix: "give the schedule `shifts:` and `shift:`, or use a workdays reminder with a `time`")
        } else if let chosen = schedule.schedule, !chosen.assignsShifts {
            entry.report(
                "kind",
                "a shift-start reminder needs days with a shift, and the schedule \"\(chosen.id)\" gives none: "
                    + "it has `shifts:` but no `shift:`, rotation or date naming one",
                fix: "add `shift: \(chosen.shifts[0].name)` to schedules/\(chosen.id).yml, "
                    + "or use a workdays reminder with a `time`")
        }
    }

    /// `leave`: single dates (`- 2026-08-03`) and ranges (`- from: 2026-07-01`, `to:`, `reason:`).
    static func parseLeave(_ fields: inout YAMLFields, _ problems: inout DiagnosticCollector) -> [ScheduleDate] {
        guard fields.has("leave") else { return [] }
        guard let items = fields.list("leave") else {
            fields.report(
                "leave", "\"leave\" must be a list of dates and ranges",
                fix: "write `leave:` then `  - 2026-08-03` or `  - from: 2026-07-01` lines")
            return []
        }
        if items.count > YAMLFields.maxListEntries {
            fields.report(
                "leave", "\(items.count) entries of leave; the limit is \(YAMLFields.maxListEntries)",
                fix: "join runs of days into from/to ranges")
            return []
        }
        var leave = [ScheduleDate]()
        for item in items {
            if case .scalar(let scalar) = item {
                if let date = CivilDate(iso: scalar.string), Limits.contains(date),
                    let entry = ScheduleDate(first: date, status: .off, reason: leaveReason)
                {
                    leave.append(entry)
                } else {
                    fields.report(
                        at: item, "\"\(scalar.string)\" in \"leave\" is not a date written YYYY-MM-DD in the years calgen knows",
                        fix: "write e.g. `- 2026-08-03`, or `- from: 2026-07-01` with `to:`")
                }
                continue
            }
            guard
                var entry = problems.collect({ () throws(ContentErrors) in
                    try YAMLFields(item, file: fields.file, what: "an entry of leave")
                })
            else { continue }
            entry.rejectUnknownKeys(allowed: leaveKeys, what: "an entry of leave")
            var first: CivilDate?
            var last: CivilDate?
            if entry.has("date") {
                if entry.has("from") || entry.has("to") {
                    entry.report("date", "leave has either \"date\" or \"from\" and \"to\"", fix: "keep one of the two ways")
                }
                first = entry.date("date")
                last = first
            } else {
                first = ScheduleParser.requiredDate("from", &entry, example: "2026-07-01")
                last = ScheduleParser.requiredDate("to", &entry, example: "2026-07-10")
            }
            if let from = first, let to = last, to < from {
                entry.report("to", "\"to\" (\(to.iso8601)) is before \"from\" (\(from.iso8601))", fix: "swap them")
            } else if let from = first, let to = last, to.dayNumber - from.dayNumber + 1 > ScheduleParser.rangeDays {
                entry.report(
                    "to", "the leave has \(to.dayNumber - from.dayNumber + 1) days; the limit is \(ScheduleParser.rangeDays)",
                    fix: "split it into entries of at most \(ScheduleParser.rangeDays) days")
            }
            let reason = entry.string("reason") ?? leaveReason
            if let first, let last, entry.problems.isEmpty,
                let range = ScheduleDate(first: first, last: last, status: .off, reason: reason)
            {
                leave.append(range)
            }
            problems.add(contentsOf: entry.problems)
        }
        return leave
    }

    /// One entry of `reminders:`; `nil` with problems recorded in `entry` when it is not valid.
    static func parseReminder(_ entry: inout YAMLFields) -> Reminder? {
        let id = entry.string("id", required: true, example: "clock-in")
        if let id, !Identifier.isValid(id) {
            entry.report(
                "id", "the reminder id \"\(id)\" must be lowercase letters, digits and hyphens", fix: "write e.g. `id: clock-in`")
        }
        let kindName = entry.string("kind", required: true, example: "workdays")
        let reader = kindName.flatMap(ReminderKind.Name.init(rawValue:)).map(reader(of:))
        if let kindName, let reader {
            entry.rejectUnknownKeys(allowed: commonReminderKeys + reader.keys, what: "a \(kindName) reminder")
        } else if let kindName {
            entry.report(
                "kind", "unknown reminder kind \"\(kindName)\"",
                fix: YAMLFields.closest(to: kindName, in: kinds).map { "did you mean \"\($0)\"?" }
                    ?? "use one of: \(kinds.joined(separator: ", "))")
        }
        let title = entry.string("title", required: true, example: "打卡上班")
        let location = entry.string("location")
        let description = entry.string("description", maxLength: Limits.textCharacters, multiline: true)
        let from = entry.date("from")
        let until = entry.date("until")
        if let from, let until, until < from {
            entry.report("until", "\"until\" (\(until.iso8601)) is before \"from\" (\(from.iso8601))", fix: "swap them")
        }
        let timing = parseTiming(&entry)
        var alarms = [TimeSpan]()
        let alarmTexts = entry.strings("alarms") ?? []
        if alarmTexts.count > Limits.alarmsPerReminder {
            entry.report(
                "alarms", "\(alarmTexts.count) alarms; the limit is \(Limits.alarmsPerReminder)",
                fix: "keep the alarms that matter")
        }
        for text in alarmTexts.prefix(Limits.alarmsPerReminder) {
            if let span = TimeSpan(text), span.minutes > Limits.alarmMinutes {
                entry.report("alarms", "the alarm \"\(text)\" is more than 31 days before its event", fix: "use at most 31d")
            } else if let span = TimeSpan(text) {
                if !alarms.contains(span) { alarms.append(span) }
            } else {
                entry.report(
                    "alarms", "\"\(text)\" in \"alarms\" is not a length such as 0m, 10m, 1h or 1d",
                    fix: "write e.g. `alarms: [0m, 1d]`")
            }
        }
        let kind = reader.flatMap { $0.read(&entry) }
        guard let id, Identifier.isValid(id), let kind, let title, let timing, entry.problems.isEmpty else { return nil }
        return Reminder(
            id: id, kind: kind, title: title, location: location, description: description, timing: timing,
            alarms: alarms.sorted(), from: from, until: until)
    }

    static func parseTiming(_ entry: inout YAMLFields) -> ReminderTiming? {
        let allDay = entry.bool("all-day")
        let time = entry.time("time")
        let duration = entry.span("duration")
        if entry.string("kind") == ReminderKind.Name.shiftStart.rawValue {
            if entry.has("time") || entry.has("all-day") || entry.has("duration") {
                entry.report(
                    nil, "a shift-start reminder takes its time and length from the day's shift",
                    fix: "remove \"time\", \"duration\" and \"all-day\"; say how early to alert with `alarms:`")
                return nil
            }
            return .shift
        }
        if allDay == true {
            if entry.has("time") || entry.has("duration") {
                entry.report(
                    "all-day", "an all-day reminder has no \"time\" or \"duration\"", fix: "remove `all-day: true` or the time")
                return nil
            }
            return .allDay
        }
        guard let time else {
            if !entry.has("time") {
                entry.report(
                    nil, "a reminder needs a \"time\" or `all-day: true`", fix: "add `time: \"08:50\"` or `all-day: true`")
            }
            return nil
        }
        if let duration, duration.minutes > Limits.durationMinutes {
            entry.report(
                "duration", "\"duration\" must be at most 31d, found \(duration)",
                fix: "split a longer event, or use `all-day: true`")
            return nil
        }
        return .at(time, duration: duration ?? TimeSpan(minutes: 0))
    }

    /// `on` (weekdays) and `skip-off-days`.
    static func readWeekly(_ entry: inout YAMLFields) -> ReminderKind? {
        var days = [Weekday]()
        guard let names = entry.strings("on") else {
            entry.report(nil, "a weekly reminder needs \"on\"", fix: "add e.g. `on: [mon, wed, fri]`")
            return nil
        }
        for n in names {
            let lower = n.lowercased()
            if let day = Weekday.allCases.first(where: { $0.key == lower || $0.key.prefix(3) == lower }) {
                if !days.contains(day) { days.append(day) }
            } else {
                entry.report("on", "\"\(n)\" is not a weekday", fix: "use mon, tue, wed, thu, fri, sat or sun")
            }
        }
        if days.isEmpty && !names.isEmpty { return nil }
        if names.isEmpty {
            entry.report("on", "\"on\" names no weekday", fix: "write e.g. `on: [mon, wed, fri]`")
            return nil
        }
        return .weekly(days: days.sorted(), skipOffDays: entry.bool("skip-off-days") ?? false)
    }

    /// `day` (1 to 31, or -1 for the last) and `adjust`.
    static func readMonthly(_ entry: inout YAMLFields) -> ReminderKind? {
        guard let day = entry.int("day", required: true) else { return nil }
        guard (1...31).contains(day) || day == -1 else {
            entry.report(
                "day", "\"day\" must be from 1 to 31, or -1 for the last day of the month, found \(day)",
                fix: "write e.g. `day: 15`, or `day: -1` for the last day")
            return nil
        }
        return .monthly(day: day, adjust: entry.choice("adjust", WorkdayAdjustment.self) ?? .none)
    }

    /// `month`, `day` and `feb29`.
    static func readYearly(_ entry: inout YAMLFields) -> ReminderKind? {
        guard let month = entry.int("month", in: 1...12, required: true),
            let day = entry.int("day", in: 1...31, required: true)
        else { return nil }
        guard CivilDate(year: 2024, month: month, day: day) != nil else {
            entry.report("day", "month \(month) has no day \(day)", fix: "use a day that month has")
            return nil
        }
        let feb29 = entry.choice("feb29", Feb29Policy.self) ?? .feb28
        return .yearly(month: month, day: day, feb29: feb29)
    }

    /// A lunar `month` and `day`, `leap`, `missing-day` and `missing-leap`.
    static func readLunarYearly(_ entry: inout YAMLFields) -> ReminderKind? {
        let month = entry.int(
            "month", in: 1...12, required: true, fix: "lunar months are 1 (正月) to 12 (腊月); a leap month is `leap: true`")
        let day = entry.int("day", in: 1...30, required: true, fix: "lunar days are 1 (初一) to 30 (三十)")
        guard let month, let day else { return nil }
        return .lunarYearly(
            month: month, day: day, leap: entry.bool("leap") ?? false,
            missingDay: entry.choice("missing-day", MissingLunarDayPolicy.self) ?? .last,
            missingLeap: entry.choice("missing-leap", MissingLeapMonthPolicy.self) ?? .regular)
    }

    /// `date`.
    static func readOnce(_ entry: inout YAMLFields) -> ReminderKind? {
        guard entry.has("date") else {
            entry.report(nil, "a once reminder needs a \"date\"", fix: "add `date: 2026-12-01`")
            return nil
        }
        return entry.date("date").map(ReminderKind.once)
    }

    /// `start`, then `every` and `count` or a list of `intervals`.
    static func readSequence(_ entry: inout YAMLFields) -> ReminderKind? {
        guard entry.has("start") else {
            entry.report(nil, "a sequence needs a \"start\"", fix: "add `start: 2026-03-01`")
            return nil
        }
        let start = entry.date("start")
        var intervals = [Int]()
        if entry.has("intervals") {
            if entry.has("every") || entry.has("count") {
                entry.report(
                    "intervals", "a sequence has either \"intervals\" or \"every\" and \"count\"",
                    fix: "keep one of the two ways")
            }
            for text in entry.strings("intervals") ?? [] {
                if let days = TimeSpan(text)?.wholeDays, days > Limits.sequenceStepDays {
                    entry.report(
                        "intervals", "\"\(text)\" in \"intervals\" is longer than \(Limits.sequenceStepDays) days",
                        fix: "use steps of at most \(Limits.sequenceStepDays)d")
                } else if let days = TimeSpan(text)?.wholeDays, days > 0 {
                    intervals.append(days)
                } else {
                    entry.report(
                        "intervals", "\"\(text)\" in \"intervals\" is not a whole number of days such as 1d or 2w",
                        fix: "write e.g. `intervals: [1d, 2d, 4d]`")
                }
            }
        } else {
            guard let every = entry.span("every"),
                let count = entry.int("count", in: 1...Limits.sequenceCount, required: true)
            else {
                if !entry.has("every") {
                    entry.report(
                        nil, "a sequence needs \"every\" and \"count\", or \"intervals\"",
                        fix: "add e.g. `every: 10d` and `count: 5`")
                }
                return nil
            }
            guard let days = every.wholeDays, (1...Limits.sequenceStepDays).contains(days) else {
                entry.report(
                    "every",
                    "\"every\" must be a whole number of days from 1d to \(Limits.sequenceStepDays)d, such as 10d or 2w",
                    fix: "write e.g. `every: 10d`")
                return nil
            }
            intervals = Array(repeating: days, count: count - 1)
        }
        guard let start else { return nil }
        return .sequence(start: start, intervals: intervals)
    }
}
