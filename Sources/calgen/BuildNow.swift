import ArgumentParser
import Foundation

/// Where "now" comes from: `SOURCE_DATE_EPOCH` (reproducible builds), else `--now`, else the clock.
enum BuildNow {
    static func resolve(sourceDateEpoch: String?, option: String?) throws -> Date {
        if let epoch = sourceDateEpoch, !epoch.isEmpty {
            guard let seconds = Int(epoch) else {
                throw ValidationError("SOURCE_DATE_EPOCH must be whole seconds since 1970-01-01 UTC, not \"\(epoch)\"")
            }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        if let option {
            // A bare date means noon in China, so that it is that date in any nearby zone.
            if option.count == 10, let date = try? Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 8 * 3600)!)
                .year().month().day().dateSeparator(.dash).parse(option)
            {
                return date.addingTimeInterval(12 * 3600)
            }
            if let date = try? Date.ISO8601FormatStyle().parse(option) { return date }
            throw ValidationError("--now takes a date (2026-10-01) or an ISO 8601 time (2026-10-01T08:00:00Z), not \"\(option)\"")
        }
        return Date()
    }
}
