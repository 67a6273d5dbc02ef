import ArgumentParser
import CalgenCore
import Foundation

/// Where "now" comes from: `SOURCE_DATE_EPOCH` (reproducible builds), else `--now`, else the
/// clock. Both are checked whenever they are given, and both must lie within the years calgen
/// knows (`Limits.years`).
enum BuildNow {
    /// The first and last second calgen accepts as "now": 1970-01-01 (the epoch) through the
    /// end of the last year it knows.
    static let seconds = 0...(CivilDate(year: Limits.years.upperBound + 1, month: 1, day: 1)!.dayNumber * 86_400 - 1)

    static func resolve(sourceDateEpoch: String?, option: String?) throws -> Date {
        let fromOption = try option.map(parse)
        if let epoch = sourceDateEpoch, !epoch.isEmpty {
            guard let value = Int(epoch), seconds.contains(value) else {
                throw ValidationError(
                    "SOURCE_DATE_EPOCH must be whole seconds since 1970-01-01 UTC, from 0 to \(seconds.upperBound) "
                        + "(the end of \(Limits.years.upperBound)), not \"\(epoch.prefix(40))\"",
                    fix: "set it to e.g. `$(git log -1 --format=%ct)`, or unset it to use --now or the clock")
            }
            return Date(timeIntervalSince1970: TimeInterval(value))
        }
        return fromOption ?? Date()
    }

    /// `--now`: a bare date means noon in China, so that it is that date in any nearby zone.
    static func parse(_ option: String) throws -> Date {
        var date: Date?
        if option.count == 10,
            let day = try? Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 8 * 3600)!)
                .year().month().day().dateSeparator(.dash).parse(option)
        {
            date = day.addingTimeInterval(12 * 3600)
        } else {
            date = try? Date.ISO8601FormatStyle().parse(option)
        }
        guard let date else {
            throw ValidationError(
                "--now takes a date (2026-10-01) or an ISO 8601 time (2026-10-01T08:00:00Z), not \"\(option.prefix(40))\"",
                fix: "write e.g. `--now 2026-10-01`")
        }
        guard seconds.contains(Int(date.timeIntervalSince1970.rounded(.down))) else {
            throw ValidationError(
                "--now must lie between 1970 and the end of \(Limits.years.upperBound), not \"\(option.prefix(40))\"",
                fix: "give a date within those years")
        }
        return date
    }
}
