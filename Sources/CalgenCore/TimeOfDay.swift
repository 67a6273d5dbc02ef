/// A wall-clock time of day, `HH:MM`, in some time zone given elsewhere.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `H:MM` or `HH:MM` (24-hour clock); `nil` for anything else, such as `25:00`.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let h = Int(parts[0]), let m = Int(parts[1])
        else { return nil }
        self.init(hour: h, minute: m)
    }

    /// Minutes since midnight.
    public var minutes: Int { hour * 60 + minute }

    /// The time `minutes` later (not negative), and how many midnights that passes: a night
    /// shift from 20:00 for 12 hours ends at 08:00 one day later.
    public func adding(minutes: Int) -> (days: Int, time: TimeOfDay) {
        let total = self.minutes + max(0, minutes)
        return (total / 1440, TimeOfDay(hour: total % 1440 / 60, minute: total % 60)!)
    }

    /// `08:50`.
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }
}
