import CalgenCore
import Foundation

/// Times in manifests: ISO 8601 in UTC, whole seconds (`2026-11-21T04:00:00Z`).
package enum ManifestTime {
    /// The instant, in UTC.
    package static func iso(_ instant: Date) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let (days, rest) = (seconds.floorDivided(by: 86_400), seconds.floorModulo(86_400))
        let date = CivilDate(dayNumber: days)
        return iso(
            year: date.year, month: date.month, day: date.day, hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
    }

    /// The time of those fields, taken as UTC.
    package static func iso(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> String {
        func pad(_ n: Int, _ w: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, w - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))Z"
    }
}

extension Int {
    /// Division rounding towards minus infinity (times before 1970 stay on their day).
    fileprivate func floorDivided(by d: Int) -> Int { self >= 0 ? self / d : -((-self + d - 1) / d) }
    fileprivate func floorModulo(_ d: Int) -> Int { self - floorDivided(by: d) * d }
}
