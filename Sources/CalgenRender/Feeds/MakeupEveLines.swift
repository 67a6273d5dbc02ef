import CalgenCore
import Foundation

/// The first line of a make-up eve reminder's description for each eve (`明天10月11日（周日）补班（国庆节）。`),
/// worked out once per build for all subscribers: it depends only on the day, the holiday
/// arrangement and the site's language.
final class MakeupEveLines: @unchecked Sendable {
    private var lines: [Int: String] = [:]
    private let lock = NSLock()

    /// The line for the eve `day`, made by `make` the first time it is asked for.
    func line(eve day: CivilDate, _ make: () -> String) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let line = lines[day.dayNumber] { return line }
        let line = make()
        lines[day.dayNumber] = line
        return line
    }
}
