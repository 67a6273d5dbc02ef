/// A length of time written the way subscribers and note authors write it: `0m`, `10m`, `1h`,
/// `1h30m`, `1d`, `2w`. Stored as whole minutes.
public struct TimeSpan: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let minutes: Int

    public init(minutes: Int) {
        self.minutes = minutes
    }

    /// Parses one or more `<number><unit>` parts with units `w`, `d`, `h`, `m`, largest first
    /// (`1h30m`); `nil` for anything else.
    public init?(_ text: String) {
        var total = 0
        var number: Int?
        var lastUnit = Int.max
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                let (n, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
                guard !overflow, n <= 10_000_000 else { return nil }
                number = n + digit
                continue
            }
            let unit: Int
            switch character {
            case "w": unit = 7 * 24 * 60
            case "d": unit = 24 * 60
            case "h": unit = 60
            case "m": unit = 1
            default: return nil
            }
            guard let n = number, unit < lastUnit else { return nil }
            total += n * unit
            lastUnit = unit
            number = nil
        }
        guard number == nil, lastUnit != Int.max else { return nil }
        self.minutes = total
    }

    /// Whole days, when the span is a multiple of a day.
    public var wholeDays: Int? { minutes % 1440 == 0 ? minutes / 1440 : nil }

    /// The shortest way to write it back: `1h30m`, `1d`, `0m`.
    public var description: String {
        if minutes == 0 { return "0m" }
        var text = ""
        var rest = minutes
        for (unit, size) in [("d", 1440), ("h", 60), ("m", 1)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }

    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.minutes < rhs.minutes }
}
