import CalgenCore

/// The static day API: `api/days/YYYY-MM-DD.json`, `api/YYYY.json` and `api/years.json`.
///
/// A public contract, documented in the README; change it only compatibly.
public enum DayAPI {
    /// The API object of one date (the content of `api/days/YYYY-MM-DD.json`), as JSON text.
    public static func json(for date: CivilDate, in calendar: HolidayCalendar) -> String {
        String(decoding: dayObject(calendar.status(of: date)).serialized(), as: UTF8.self)
    }

    /// All API files for every year that has a data file.
    static func files(for calendar: HolidayCalendar) -> [OutputFile] {
        var files = [OutputFile]()
        for year in calendar.years {
            let days = CivilDate.days(ofYear: year).map { dayObject(calendar.status(of: $0)) }
            for (date, object) in zip(CivilDate.days(ofYear: year), days) {
                files.append(OutputFile(path: "api/days/\(date.iso8601).json", bytes: object.serialized(newline: true)))
            }
            files.append(
                OutputFile(
                    path: "api/\(year).json", bytes: yearObject(year, calendar: calendar, days: days).serialized(newline: true)))
        }
        let index = JSON.object([
            (
                "years",
                .array(
                    calendar.years.map { .object([("year", .int($0)), ("announced", .bool(calendar.isAnnounced(year: $0)))]) })
            )
        ])
        files.append(OutputFile(path: "api/years.json", bytes: index.serialized(newline: true)))
        return files
    }

    /// `{"date", "weekday", "isOffDay", "kind", "name", "originalName", "announced", "lunar"}`.
    static func dayObject(_ status: DayStatus) -> JSON {
        .object([
            ("date", .string(status.date.iso8601)),
            ("weekday", .int(status.weekday.rawValue)),
            ("isOffDay", .bool(status.isOffDay)),
            ("kind", .string(status.kind.rawValue)),
            ("name", .optional(status.name)),
            ("originalName", .optional(status.originalName)),
            ("announced", .bool(status.isAnnounced)),
            ("lunar", lunarObject(status.date)),
        ])
    }

    static func lunarObject(_ date: CivilDate) -> JSON {
        guard let lunar = try? LunarCalendar.lunarDate(for: date) else { return .null }
        return .object([
            ("year", .int(lunar.year)),
            ("month", .int(lunar.month)),
            ("day", .int(lunar.day)),
            ("leap", .bool(lunar.isLeapMonth)),
            ("text", .string(lunar.text)),
        ])
    }

    static func yearObject(_ year: Int, calendar: HolidayCalendar, days: [JSON]) -> JSON {
        .object([
            ("year", .int(year)),
            ("announced", .bool(calendar.isAnnounced(year: year))),
            ("papers", .array((calendar.file(forYear: year)?.papers ?? []).map(JSON.string))),
            ("days", .array(days)),
            ("holidays", .array(calendar.holidayPeriods(year: year).map(periodObject))),
        ])
    }

    static func periodObject(_ period: HolidayPeriod) -> JSON {
        .object([
            ("name", .string(period.name)),
            ("noticeName", .string(period.noticeName)),
            ("originalNames", .array(period.originalNames.map(JSON.string))),
            ("start", .string(period.start.iso8601)),
            ("end", .string(period.end.iso8601)),
            ("days", .int(period.length)),
            ("makeupWorkdays", .array(period.makeupWorkdays.map { .string($0.iso8601) })),
        ])
    }
}
