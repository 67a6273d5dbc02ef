import Foundation

/// How `calgen sync` answers a server that is busy or failing, decided without a network: a 429
/// or 503 waits what its `Retry-After` asks (seconds or an HTTP date, at most ``maxWait`` each
/// time) and tries again while the command's time lasts, giving up at once when it asks for more
/// than the time left; a 423 (a server that stores one write at a time, with others in flight)
/// is tried again soon at a jittered moment; another 5xx is tried again a few times, waiting
/// longer each time. Anything else is not retried.
package struct SyncRetry: Equatable, Sendable {
    /// The longest wait before one retry, whatever `Retry-After` says.
    package var maxWait: TimeInterval = 60
    /// How many times a request answered 429 or 503 is sent in all.
    package var busyAttempts = 8
    /// How many times a request answered 423 (locked by a write in flight) is sent in all.
    package var lockedAttempts = 12
    /// How many times a request answered another 5xx is sent in all.
    package var failingAttempts = 3
    /// The wait before the second try when no `Retry-After` is given; doubled before each further one.
    package var backoff: TimeInterval = 1

    package init() {}

    /// What to do after an answer.
    package enum Decision: Equatable, Sendable {
        /// Send the request again after that many seconds.
        case retry(after: TimeInterval)
        /// Stop: why, to be said after the URL.
        case giveUp(String)
    }

    /// What to do after answer `status` to try number `attempt` (1 for the first), with the
    /// `Retry-After` header if any and `secondsLeft` of the command's time; `nil` when the status
    /// is not one to try again (success, a client error, 501, 505).
    package func decide(
        status: Int, retryAfter: String?, attempt: Int, secondsLeft: TimeInterval, now: Date = Date()
    ) -> Decision? {
        if status == 423 {
            // Locked: a server that stores one write at a time (Xandikos's git repository)
            // while others are in flight; tried again soon, at a jittered moment.
            guard attempt < lockedAttempts else {
                return .giveUp("HTTP 423 (locked) \(attempt) times; gave up")
            }
            let wait = 0.1 * Double(min(attempt, 20)) * Double.random(in: 0.5...1.5)
            guard wait < secondsLeft else { return .giveUp("HTTP 423 (locked); the command's time limit ran out") }
            return .retry(after: wait)
        }
        let busy = status == 429 || status == 503
        guard busy || ((500...599).contains(status) && status != 501 && status != 505) else { return nil }
        let what = "HTTP \(status)" + (status == 429 ? " (too many requests)" : status == 503 ? " (unavailable)" : "")
        let limit = busy ? busyAttempts : failingAttempts
        guard attempt < limit else {
            return .giveUp("\(what) \(attempt) time\(attempt == 1 ? "" : "s"); gave up")
        }
        let fallback = backoff * Double(1 << min(max(attempt - 1, 0), 10))
        let asked = busy ? retryAfter.flatMap { SyncRetry.seconds(retryAfter: $0, now: now) } : nil
        if let asked, asked >= secondsLeft {
            // No point waiting part of it: the server would answer the same.
            return .giveUp(
                "\(what) and asks to wait \(SyncRetry.shown(asked)) s (Retry-After), more than the \(SyncRetry.shown(max(0, secondsLeft.rounded(.down)))) s left of the time limit; gave up at once, run again later"
            )
        }
        let wait = min(asked ?? fallback, maxWait)
        guard wait < secondsLeft else {
            return .giveUp("\(what); waiting \(SyncRetry.shown(wait)) s more would pass the command's time limit")
        }
        return .retry(after: wait)
    }

    /// The seconds a `Retry-After` value asks for (RFC 9110 §10.2.3): a number of seconds or an
    /// HTTP date; a date in the past is 0; `nil` when the value is neither.
    package static func seconds(retryAfter value: String, now: Date = Date()) -> TimeInterval? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            return Double(text.prefix(9)).map { $0 }
        }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }

    static func shown(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
