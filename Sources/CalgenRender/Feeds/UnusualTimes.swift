import CalgenCore
import CalgenModel
import ICalendar

/// The days on which one reminder's, note's or shift's wall-clock start is one its zone skips or
/// repeats: what the build warns about.
struct UnusualTimes: Sendable {
    /// `reminder `weekly``, `note `slug``, `shift `N``, and whose.
    var what: String
    var time: TimeOfDay?
    let zone: String
    var skipped = [CivilDate]()
    var repeated = [CivilDate]()

    init(what: String, time: TimeOfDay?, zone: String) {
        self.what = what
        self.time = time
        self.zone = zone
    }

    var isEmpty: Bool { skipped.isEmpty && repeated.isEmpty }

    mutating func add(_ day: CivilDate, _ kind: ResolvedTime.Kind) {
        switch kind {
        case .regular: break
        case .skipped: skipped.append(day)
        case .repeated: repeated.append(day)
        }
    }

    /// The same, with whose it is in `what` (`of subscriber `zhangsan``).
    func naming(_ owner: String) -> UnusualTimes {
        var copy = self
        copy.what += " of " + owner
        return copy
    }

    /// The warning, in the file to change.
    func diagnostic(file: String) -> Diagnostic {
        func list(_ days: [CivilDate]) -> String {
            let sorted = days.sorted()
            let shown = sorted.prefix(6).map(\.iso8601).joined(separator: ", ")
            return sorted.count > 6 ? shown + " and \(sorted.count - 6) more" : shown
        }
        let at = time.map { " at \($0.description)" } ?? ""
        var parts = [String]()
        if !skipped.isEmpty {
            parts.append(
                "does not exist on \(list(skipped)) (the clocks skip it): written in UTC at the instant after the jump, as RFC 5545 reads it"
            )
        }
        if !repeated.isEmpty {
            parts.append("comes twice on \(list(repeated)) (the clocks go back): written in UTC at its first occurrence")
        }
        return Diagnostic(
            .warning, file: file,
            message: "\(what) starts\(at) in \(zone), a time that " + parts.joined(separator: "; it "),
            fix: "choose a time outside the hour the clocks change in \(zone), or keep it: those occurrences are written as said")
    }
}
