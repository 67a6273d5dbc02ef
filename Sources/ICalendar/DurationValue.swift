/// A DURATION value (RFC 5545 §3.3.6) of whole minutes: `PT10M`, `PT1H30M`, `P1D`, `PT0S`.
public enum DurationValue {
    /// The value of a length of `minutes` (at least 0), without a sign.
    public static func text(minutes: Int) -> String {
        if minutes == 0 { return "PT0S" }
        var text = "P"
        let days = minutes / 1440
        let hours = minutes % 1440 / 60
        let rest = minutes % 60
        if days > 0 { text += "\(days)D" }
        if hours > 0 || rest > 0 {
            text += "T"
            if hours > 0 { text += "\(hours)H" }
            if rest > 0 { text += "\(rest)M" }
        }
        return text
    }
}
