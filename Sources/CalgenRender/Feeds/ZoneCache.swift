import CalgenCore
import Foundation
import ICalendar

/// `VTIMEZONE` components, made once per zone and range for all feeds of a build.
final class ZoneCache: @unchecked Sendable {
    private var cache: [String: TimeZoneComponent] = [:]
    private let lock = NSLock()

    func component(_ identifier: String, years: ClosedRange<Int>) -> TimeZoneComponent? {
        let key = "\(identifier) \(years.lowerBound) \(years.upperBound)"
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[key] { return cached }
        // From a day before the first year to a day after the last, so every local time is inside.
        let from = Date(
            timeIntervalSince1970: TimeInterval(CivilDate(year: years.lowerBound, month: 1, day: 1)!.dayNumber - 2) * 86_400)
        let to = Date(
            timeIntervalSince1970: TimeInterval(CivilDate(year: years.upperBound, month: 12, day: 31)!.dayNumber + 3) * 86_400)
        let component = TimeZoneComponent(identifier: identifier, from: from, to: to)
        cache[key] = component
        return component
    }
}
