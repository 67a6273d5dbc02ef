import CalgenCore
import CalgenModel

/// How large a feed every client keeps. Google Calendar documents a 1 MB limit for a subscribed
/// calendar (support.google.com/calendar/answer/45654) and is reported to stop after about 1,100
/// events (support.google.com/calendar/thread/1723215); other clients read far more. A feed over
/// either threshold still builds, with a warning that names the file to change.
enum FeedSize {
    /// Bytes above which a feed gets a warning.
    static let warningBytes = 1_000_000
    /// Events above which a feed gets a warning.
    static let warningEvents = 1_000

    /// Who to tell, and how to make a feed smaller.
    struct Owner: Sendable {
        let file: String
        let fix: String
    }

    /// The warnings for a feed of `events` events and `bytes` bytes.
    static func warnings(path: String, events: Int, bytes: Int, owner: Owner?) -> [Diagnostic] {
        guard let owner, events > warningEvents || bytes > warningBytes else { return [] }
        let megabytes = String(format: "%.2f", Double(bytes) / 1_000_000)
        var over = [String]()
        if events > warningEvents { over.append("\(events) events (more than \(warningEvents))") }
        if bytes > warningBytes { over.append("\(megabytes) MB (more than 1 MB)") }
        return [
            Diagnostic(
                .warning, file: owner.file,
                message:
                    "\(FeedSecret.redacting(path)) has \(over.joined(separator: " and ")): Google Calendar may ignore it or drop events",
                fix: owner.fix)
        ]
    }
}
