import CalgenCore
import CalgenModel
import CalgenSupport

/// The schedule API of the public work schedules: `api/schedules.json` and
/// `api/schedules/<id>/YYYY.json` for each year of the site's feed horizon.
///
/// A public contract, documented in the README (schema:
/// `Schemas/schedule-year.schema.json`); change it only compatibly.
public enum ScheduleAPI {
    /// The schedule API object of one date (an entry of `days` in
    /// `api/schedules/<id>/YYYY.json`), as JSON text.
    public static func json(for day: ScheduleDay) -> String {
        String(decoding: dayObject(day).serialized(), as: UTF8.self)
    }

    /// The files of the schedule API for `site` (none when no schedule is public).
    package static func files(for site: Site, today: CivilDate) -> [OutputFile] {
        let schedules = site.schedules.filter { $0.audience == .public }
        guard !schedules.isEmpty else { return [] }
        let years = site.scheduleYears(today: today)
        var files = [OutputFile]()
        for schedule in schedules {
            let evaluator = ScheduleEvaluator(schedule: schedule, almanac: site.almanac)
            for year in years {
                let object = yearObject(schedule, year: year, days: evaluator.days(ofYear: year), almanac: site.almanac)
                files.append(
                    OutputFile(path: PagePath.apiScheduleYear(schedule.id, year), bytes: object.serialized(newline: true)))
            }
        }
        let index = JSON.object([
            (
                "schedules",
                .array(
                    schedules.map { schedule in
                        .object([
                            ("id", .string(schedule.id)), ("name", .string(schedule.name)),
                            ("national", .string(schedule.national.rawValue)),
                            ("feed", .string(FeedPath.publicSchedule(schedule.id))),
                            ("years", .array(years.map(JSON.int))),
                        ])
                    })
            )
        ])
        files.append(OutputFile(path: PagePath.apiSchedules, bytes: index.serialized(newline: true)))
        return files
    }

    /// `{"schedule", "name", "national", "year", "announced", "days": [...], "worked", "off",
    /// "unknown"}`.
    static func yearObject(_ schedule: WorkSchedule, year: Int, days: [ScheduleDay], almanac: Almanac) -> JSON {
        .object([
            ("schedule", .string(schedule.id)),
            ("name", .string(schedule.name)),
            ("national", .string(schedule.national.rawValue)),
            ("year", .int(year)),
            ("announced", .bool(almanac.calendar.isAnnounced(year: year))),
            ("worked", .int(days.count { $0.work == .worked })),
            ("off", .int(days.count { $0.work == .off })),
            ("unknown", .int(days.count { $0.work == .unknown })),
            ("days", .array(days.map(dayObject))),
        ])
    }

    /// `{"date", "work", "worked", "halfDay", "shift", "start", "end", "reason", "detail",
    /// "statutoryHoliday"}`: `work` is `worked`, `off` or `unknown`; `worked` the same as a
    /// boolean (`null` when unknown); `start` and `end` local date-times of the work when the day
    /// has a shift (the end on the next day for a night shift, half the shift on a half day).
    static func dayObject(_ day: ScheduleDay) -> JSON {
        var start = JSON.null
        var end = JSON.null
        if let hours = day.hours {
            let ends = hours.start.adding(minutes: hours.minutes)
            start = .string(day.date.iso8601 + "T" + hours.start.description)
            end = .string(day.date.adding(days: ends.days).iso8601 + "T" + ends.time.description)
        }
        return .object([
            ("date", .string(day.date.iso8601)),
            ("work", .string(day.work.rawValue)),
            ("worked", day.isWorked.map(JSON.bool) ?? .null),
            ("halfDay", .bool(day.isHalfDay)),
            ("shift", .optional(day.work == .worked ? day.shift?.name : nil)),
            ("start", start),
            ("end", end),
            ("reason", .string(day.reason.apiName)),
            ("detail", .optional(day.detail)),
            ("statutoryHoliday", .optional(day.statutoryDay?.holiday)),
        ])
    }
}

extension ScheduleDay.Reason {
    /// The reason as the schedule API and `calgen day` name it: `schedule-date`, `leave`,
    /// `personal-date`, `national-holiday`, `national-makeup`, `statutory-day`, `pattern`,
    /// `unannounced`.
    var apiName: String {
        switch self {
        case .scheduleDate: "schedule-date"
        case .leave: "leave"
        case .personalDate: "personal-date"
        case .nationalHoliday: "national-holiday"
        case .nationalMakeup: "national-makeup"
        case .statutoryDay: "statutory-day"
        case .pattern: "pattern"
        case .unannounced: "unannounced"
        }
    }
}
