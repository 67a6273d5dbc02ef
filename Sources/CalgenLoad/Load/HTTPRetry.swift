import Foundation

/// How calgen answers a server that is busy or failing, the one rule of every command that talks
/// HTTP (`calgen sync`, `calgen holidays update`, `--previous-site`), decided without a network:
/// a 429 or 503 waits what its `Retry-After` asks (seconds or an HTTP date, at most ``maxWait``
/// each time) and tries again while the command's time lasts, giving up at once when it asks for
/// more than the time left; a 423 (a server that stores one write at a time, with others in
/// flight) is tried again soon at a jittered moment; another 5xx, or no answer at all (no
/// connection, a timeout), is tried again a few times, waiting longer each time. Anything else is
/// not retried. Each command sets how many tries it allows.
package struct HTTPRetry: Equatable, Sendable {
    /// The longest wait before one retry, whatever `Retry-After` says.
    package var maxWait: TimeInterval = 60
    /// How many times a request answered 429 or 503 is sent in all.
    package var busyAttempts = 8
    /// How many times a request answered 423 (locked by a write in flight) is sent in all.
    package var lockedAttempts = 12
    /// How many times a request answered another 5xx, or not answered, is sent in all.
    package var failingAttempts = 3
    /// The wait before the second try when no `Retry-After` is given; doubled before each further one.
    package var backoff: TimeInterval = 1

    /// The rule of `calgen sync`: a CalDAV server that is busy is waited for, eight tries.
    package init() {}

    /// A rule with `attempts` tries for every failure that may pass, busy or not, and `backoff`
    /// seconds before the second (downloads, which a CI job waits for).
    package init(attempts: Int, backoff: TimeInterval) {
        (busyAttempts, failingAttempts, self.backoff) = (max(1, attempts), max(1, attempts), backoff)
    }

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
        guard attempt < limit else { return .giveUp(attempt == 1 ? what : "\(what) \(attempt) times; gave up") }
        let fallback = wait(before: attempt + 1)
        let asked = busy ? retryAfter.flatMap { HTTPRetry.seconds(retryAfter: $0, now: now) } : nil
        if let asked, asked >= secondsLeft {
            // No point waiting part of it: the server would answer the same.
            return .giveUp(
                "\(what) and asks to wait \(HTTPRetry.shown(asked)) s (Retry-After), more than the \(HTTPRetry.shown(max(0, secondsLeft.rounded(.down)))) s left of the time limit; gave up at once, run again later"
            )
        }
        let wait = min(asked ?? fallback, maxWait)
        guard wait < secondsLeft else {
            return .giveUp("\(what); waiting \(HTTPRetry.shown(wait)) s more would pass the command's time limit")
        }
        return .retry(after: wait)
    }

    /// What to do after try number `attempt` got no answer at all (`what`: no connection, a
    /// timeout): tried again as another 5xx is.
    package func decide(noAnswer what: String, attempt: Int, secondsLeft: TimeInterval) -> Decision {
        guard attempt < failingAttempts else { return .giveUp(attempt == 1 ? what : "\(what) (\(attempt) times; gave up)") }
        let wait = min(wait(before: attempt + 1), maxWait)
        guard wait < secondsLeft else { return .giveUp("\(what); no time left to try again") }
        return .retry(after: wait)
    }

    /// The wait before try number `attempt` (2 or more) when the server asks for none.
    private func wait(before attempt: Int) -> TimeInterval {
        backoff * Double(1 << min(max(attempt - 2, 0), 10))
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

    package static func shown(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
