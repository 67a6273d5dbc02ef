import CalgenCore
import CalgenModel
import CalgenSupport

/// The static day API: `api/days/YYYY-MM-DD.json`, `api/YYYY.json`, `api/lunar/YYYY.json` and
/// `api/years.json`.
///
/// A public contract, documented in the README; change it only compatibly.
public enum DayAPI {
    /// The API object of one date (the content of `api/days/YYYY-MM-DD.json`), as JSON text.
    /// Any date of 1901–2100 has one; outside the data its arrangement fields say unknown.
    public static func json(for date: CivilDate, in almanac: Almanac) -> String {
        var json = JSONBytes(capacity: 768)
        writeDay(almanac.day(date), to: &json)
        return String(decoding: json.out, as: UTF8.self)
    }

    /// The same object on several lines, as `jq .` prints it: the API page's example.
    static func prettyJSON(for date: CivilDate, in almanac: Almanac) -> String {
        dayObject(almanac.day(date)).pretty()
    }

    /// All API files for every year that has a data file. Each day's object is written once, as
    /// bytes, for its own file and for its year's `days`. The years are made on all cores.
    package static func files(for almanac: Almanac) -> [OutputFile] {
        let calendar = almanac.calendar
        var files = [OutputFile]()
        files.reserveCapacity(calendar.years.count * 368 + 1)
        let years = ParallelMap.map(calendar.years) { DayAPI.files(ofYear: $0, almanac: almanac) }
        for yearFiles in years { files += yearFiles }
        let index = JSON.object([
            (
                "years",
                .array(
                    calendar.years.map { .object([("year", .int($0)), ("announced", .bool(calendar.isAnnounced(year: $0)))]) })
            )
        ])
        files.append(OutputFile(path: PagePath.apiYears, bytes: index.serialized(newline: true)))
        return files
    }

    /// The files of one year: each day's, the year's and its lunar year's.
    static func files(ofYear year: Int, almanac: Almanac) -> [OutputFile] {
        let dates = CivilDate.days(ofYear: year)
        var files = [OutputFile]()
        files.reserveCapacity(dates.count + 2)
        var days = [[UInt8]]()
        days.reserveCapacity(dates.count)
        for date in dates {
            var json = JSONBytes(capacity: 768)
            writeDay(almanac.day(date), to: &json)
            days.append(json.out)
            json.out.append(0x0A)
            files.append(OutputFile(path: PagePath.apiDay(date.iso8601), bytes: json.out))
        }
        files.append(OutputFile(path: PagePath.apiYear(year), bytes: yearBytes(year, almanac: almanac, days: days)))
        if let lunar = lunarYearObject(year) {
            files.append(OutputFile(path: PagePath.apiLunarYear(year), bytes: lunar.serialized(newline: true)))
        }
        return files
    }

    /// `dayObject(day)` as compact JSON, written without making the object.
    static func writeDay(_ day: AlmanacDay, to json: inout JSONBytes) {
        let status = day.status
        json.raw("{\"date\":")
        json.date(status.date)
        json.raw(",\"weekday\":")
        json.int(status.weekday.rawValue)
        json.raw(",\"isOffDay\":")
        json.bool(status.isOffDay)
        json.raw(",\"kind\":")
        json.string(status.kind.rawValue)
        json.raw(",\"name\":")
        json.optionalString(status.name)
        json.raw(",\"originalName\":")
        json.optionalString(status.originalName)
        json.raw(",\"announced\":")
        json.bool(status.isAnnounced)
        json.raw(",\"lunar\":")
        if let lunar = day.lunar {
            json.raw("{\"year\":")
            json.int(lunar.year)
            json.raw(",\"month\":")
            json.int(lunar.month)
            json.raw(",\"day\":")
            json.int(lunar.day)
            json.raw(",\"leap\":")
            json.bool(lunar.isLeapMonth)
            json.raw(",\"text\":")
            json.string(lunar.text)
            json.raw("}")
        } else {
            json.null()
        }
        json.raw(",\"solarTerm\":")
        json.optionalString(day.solarTerm?.name)
        json.raw(",\"festivals\":")
        json.strings(day.festivals.lazy.map(\.name))
        json.raw(",\"statutory\":")
        json.bool(day.statutory != nil)
        json.raw(",\"statutoryHoliday\":")
        json.optionalString(day.statutory?.holiday)
        json.raw(",\"previousWorkday\":")
        json.optionalDate(day.previousWorkday)
        json.raw(",\"nextWorkday\":")
        json.optionalDate(day.nextWorkday)
        json.raw(",\"workdayOfYear\":")
        json.optionalInt(day.workdayOfYear)
        json.raw(",\"nextHoliday\":")
        if let period = day.nextHoliday {
            json.raw("{\"name\":")
            json.string(period.name)
            json.raw(",\"start\":")
            json.date(period.start)
            json.raw(",\"end\":")
            json.date(period.end)
            json.raw(",\"days\":")
            json.int(period.length)
            json.raw(",\"daysUntil\":")
            json.int(period.start.dayNumber - day.date.dayNumber)
            json.raw("}")
        } else {
            json.null()
        }
        json.raw(",\"ganzhi\":")
        if let ganZhi = day.ganZhi {
            json.raw("{\"year\":")
            json.string(ganZhi.year.name)
            json.raw(",\"yearByLichun\":")
            json.string(ganZhi.yearByLichun.name)
            json.raw(",\"month\":")
            json.string(ganZhi.month.name)
            json.raw(",\"day\":")
            json.string(ganZhi.day.name)
            json.raw("}")
        } else {
            json.null()
        }
        json.raw(",\"zodiac\":")
        json.optionalString(day.ganZhi?.zodiac)
        json.raw(",\"shujiu\":")
        writeSeasonal(day.shuJiu, to: &json)
        json.raw(",\"sanfu\":")
        writeSeasonal(day.sanFu, to: &json)
        json.raw("}")
    }

    private static func writeSeasonal(_ count: SeasonalCount?, to json: inout JSONBytes) {
        guard let count else { return json.null() }
        json.raw("{\"name\":")
        json.string(count.name)
        json.raw(",\"day\":")
        json.int(count.day)
        json.raw("}")
    }

    /// `yearObject` as compact JSON and a newline, its `days` given as their objects' bytes.
    static func yearBytes(_ year: Int, almanac: Almanac, days: [[UInt8]]) -> [UInt8] {
        let object = yearObject(year, almanac: almanac, days: [])
        guard case .object(let fields) = object else { return object.serialized(newline: true) }
        var json = JSONBytes(capacity: days.reduce(4_096) { $0 + $1.count + 1 })
        json.raw("{")
        for (i, (key, value)) in fields.enumerated() {
            if i > 0 { json.raw(",") }
            JSON.writeString(key, to: &json.out)
            json.raw(":")
            if key == "days" {
                json.raw("[")
                for (j, day) in days.enumerated() {
                    if j > 0 { json.raw(",") }
                    json.raw(day)
                }
                json.raw("]")
            } else {
                value.write(to: &json.out)
            }
        }
        json.raw("}\n")
        return json.out
    }

    /// `{"date", "weekday", "isOffDay", "kind", "name", "originalName", "announced", "lunar",
    /// "solarTerm", "festivals", "statutory", "statutoryHoliday", "previousWorkday", "nextWorkday", "workdayOfYear",
    /// "nextHoliday", "ganzhi", "zodiac", "shujiu", "sanfu"}`.
    static func dayObject(_ day: AlmanacDay) -> JSON {
        let status = day.status
        return .object([
            ("date", .string(status.date.iso8601)),
            ("weekday", .int(status.weekday.rawValue)),
            ("isOffDay", .bool(status.isOffDay)),
            ("kind", .string(status.kind.rawValue)),
            ("name", .optional(status.name)),
            ("originalName", .optional(status.originalName)),
            ("announced", .bool(status.isAnnounced)),
            ("lunar", lunarObject(day.lunar)),
            ("solarTerm", .optional(day.solarTerm?.name)),
            ("festivals", .array(day.festivals.map { .string($0.name) })),
            ("statutory", .bool(day.statutory != nil)),
            ("statutoryHoliday", .optional(day.statutory?.holiday)),
            ("previousWorkday", .optional(day.previousWorkday?.iso8601)),
            ("nextWorkday", .optional(day.nextWorkday?.iso8601)),
            ("workdayOfYear", day.workdayOfYear.map(JSON.int) ?? .null),
            ("nextHoliday", day.nextHoliday.map { nextHolidayObject($0, from: day.date) } ?? .null),
            ("ganzhi", day.ganZhi.map(ganZhiObject) ?? .null),
            ("zodiac", .optional(day.ganZhi?.zodiac)),
            ("shujiu", day.shuJiu.map(seasonalObject) ?? .null),
            ("sanfu", day.sanFu.map(seasonalObject) ?? .null),
        ])
    }

    /// `{"year": "丙午", "yearByLichun": "丙午", "month": "庚寅", "day": "己酉"}`.
    static func ganZhiObject(_ ganZhi: DayGanZhi) -> JSON {
        .object([
            ("year", .string(ganZhi.year.name)), ("yearByLichun", .string(ganZhi.yearByLichun.name)),
            ("month", .string(ganZhi.month.name)), ("day", .string(ganZhi.day.name)),
        ])
    }

    /// `{"name": "三九", "day": 5}`.
    static func seasonalObject(_ count: SeasonalCount) -> JSON {
        .object([("name", .string(count.name)), ("day", .int(count.day))])
    }

    static func nextHolidayObject(_ period: HolidayPeriod, from date: CivilDate) -> JSON {
        .object([
            ("name", .string(period.name)),
            ("start", .string(period.start.iso8601)),
            ("end", .string(period.end.iso8601)),
            ("days", .int(period.length)),
            ("daysUntil", .int(period.start.dayNumber - date.dayNumber)),
        ])
    }

    static func lunarObject(_ lunar: LunarDate?) -> JSON {
        guard let lunar else { return .null }
        return .object([
            ("year", .int(lunar.year)),
            ("month", .int(lunar.month)),
            ("day", .int(lunar.day)),
            ("leap", .bool(lunar.isLeapMonth)),
            ("text", .string(lunar.text)),
        ])
    }

    static func yearObject(_ year: Int, almanac: Almanac, days: [JSON]) -> JSON {
        let calendar = almanac.calendar
        func named(_ name: String, _ date: CivilDate) -> JSON {
            .object([("name", .string(name)), ("date", .string(date.iso8601))])
        }
        return .object([
            ("year", .int(year)),
            ("announced", .bool(calendar.isAnnounced(year: year))),
            ("papers", .array((calendar.file(forYear: year)?.papers ?? []).map(JSON.string))),
            ("days", .array(days)),
            ("holidays", .array(calendar.holidayPeriods(year: year).map(periodObject))),
            ("solarTerms", .array(almanac.solarTerms(inYear: year).map { named($0.term.name, $0.date) })),
            ("festivals", .array(almanac.festivals(inYear: year).map { named($0.festival.name, $0.date) })),
            ("statutoryDays", .array(almanac.statutoryDays(inYear: year).map { .string($0.date.iso8601) })),
            ("workdays", almanac.workdays(inYear: year).map { .array($0.map { .string($0.iso8601) }) } ?? .null),
            // The lunar year that begins in it, as the year page's heading names it: 丙午, 马.
            ("ganzhi", .string(GanZhi.year(year).name)),
            ("zodiac", .string(GanZhi.year(year).animal)),
        ])
    }

    /// `api/lunar/YYYY.json`: the months of the lunar year whose 正月初一 falls in `year`, in
    /// order, each with its number, whether it is the leap month, its first day and its length, so
    /// that a client can place a lunar birthday itself; `nil` outside 1901–2100.
    static func lunarYearObject(_ year: Int) -> JSON? {
        let leap = LunarCalendar.leapMonth(inYear: year)
        var months = [JSON]()
        for month in 1...12 {
            for isLeap in month == leap ? [false, true] : [false] {
                guard let length = LunarCalendar.monthLength(year: year, month: month, isLeap: isLeap),
                    let first = try? LunarCalendar.gregorianDate(
                        for: LunarDate(year: year, month: month, day: 1, isLeapMonth: isLeap))
                else { return nil }
                months.append(
                    .object([
                        ("month", .int(month)), ("leap", .bool(isLeap)),
                        ("name", .string(LunarDate(year: year, month: month, day: 1, isLeapMonth: isLeap).monthName)),
                        ("start", .string(first.iso8601)), ("days", .int(length)),
                    ]))
            }
        }
        return .object([
            ("year", .int(year)), ("ganzhi", .string(GanZhi.year(year).name)),
            ("zodiac", .string(GanZhi.year(year).animal)), ("leapMonth", leap.map(JSON.int) ?? .null),
            ("months", .array(months)),
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
