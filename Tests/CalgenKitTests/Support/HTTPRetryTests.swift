import CalgenLoad
import Foundation
import Testing

/// What a busy or failing server's answer leads to: a wait and a retry, or a clear stop.
@Suite struct HTTPRetryTests {
    static let now = Date(timeIntervalSince1970: 1_795_132_800)

    @Test func retryAfterIsSecondsOrAnHTTPDate() {
        #expect(HTTPRetry.seconds(retryAfter: "1") == 1)
        #expect(HTTPRetry.seconds(retryAfter: " 120 ") == 120)
        // `now` is 2026-11-20T00:00:00Z.
        #expect(HTTPRetry.seconds(retryAfter: "Fri, 20 Nov 2026 00:00:30 GMT", now: Self.now) == 30)
        #expect(HTTPRetry.seconds(retryAfter: "Friday, 20-Nov-26 00:00:10 GMT", now: Self.now) == 10)
        // A date in the past: no wait.
        #expect(HTTPRetry.seconds(retryAfter: "Thu, 19 Nov 2026 00:00:00 GMT", now: Self.now) == 0)
        #expect(HTTPRetry.seconds(retryAfter: "soon") == nil)
        #expect(HTTPRetry.seconds(retryAfter: "-5") == nil)
        #expect(HTTPRetry.seconds(retryAfter: "") == nil)
    }

    @Test func busyWaitsWhatItAsksCappedAndWithinTheTimeLeft() {
        let retry = HTTPRetry()
        #expect(retry.decide(status: 429, retryAfter: "1", attempt: 1, secondsLeft: 600) == .retry(after: 1))
        #expect(retry.decide(status: 503, retryAfter: "120", attempt: 1, secondsLeft: 600) == .retry(after: 60))
        // Locked by another write in flight: soon, jittered, a bounded number of times.
        guard case .retry(let soon) = retry.decide(status: 423, retryAfter: nil, attempt: 2, secondsLeft: 600) else {
            Issue.record("a 423 must be tried again")
            return
        }
        #expect(soon >= 0.1 && soon <= 0.3)
        #expect(
            retry.decide(status: 423, retryAfter: nil, attempt: 12, secondsLeft: 600)
                == .giveUp("HTTP 423 (locked) 12 times; gave up"))
        // More than the time left: given up at once, not waited for in steps of 60 s.
        guard case .giveUp(let asked) = retry.decide(status: 503, retryAfter: "86400", attempt: 1, secondsLeft: 600) else {
            Issue.record("a Retry-After past the time limit must stop at once")
            return
        }
        #expect(asked.contains("asks to wait 86400 s") && asked.contains("600 s left") && asked.contains("at once"))
        #expect(
            retry.decide(status: 503, retryAfter: "Fri, 20 Nov 2026 00:00:05 GMT", attempt: 2, secondsLeft: 600, now: Self.now)
                == .retry(after: 5))
        // Without Retry-After: 1, 2, 4 s.
        #expect(retry.decide(status: 429, retryAfter: nil, attempt: 3, secondsLeft: 600) == .retry(after: 4))
        guard case .giveUp(let why) = retry.decide(status: 429, retryAfter: "30", attempt: 1, secondsLeft: 10) else {
            Issue.record("a wait past the time limit must stop")
            return
        }
        #expect(why.contains("HTTP 429") && why.contains("time limit"))
        guard case .giveUp(let tired) = retry.decide(status: 503, retryAfter: "1", attempt: 8, secondsLeft: 600) else {
            Issue.record("the attempts are bounded")
            return
        }
        #expect(tired.contains("HTTP 503 (unavailable) 8 times"))
    }

    @Test func otherServerErrorsAreTriedAFewTimesWithBackoff() {
        let retry = HTTPRetry()
        #expect(retry.decide(status: 500, retryAfter: "30", attempt: 1, secondsLeft: 600) == .retry(after: 1))
        #expect(retry.decide(status: 502, retryAfter: nil, attempt: 2, secondsLeft: 600) == .retry(after: 2))
        #expect(retry.decide(status: 504, retryAfter: nil, attempt: 3, secondsLeft: 600) == .giveUp("HTTP 504 3 times; gave up"))
        for status in [200, 201, 204, 207, 301, 404, 409, 412, 501, 505] {
            #expect(retry.decide(status: status, retryAfter: "1", attempt: 1, secondsLeft: 600) == nil)
        }
    }

    /// No answer at all (no connection, a timeout) is tried again as another 5xx is; a
    /// download's rule tries every failure that may pass the same number of times.
    @Test func noAnswerIsTriedAgainAsAFailingServer() {
        let retry = HTTPRetry(attempts: 3, backoff: 0.5)
        #expect(retry.busyAttempts == 3 && retry.failingAttempts == 3)
        #expect(retry.decide(noAnswer: "no connection", attempt: 1, secondsLeft: 600) == .retry(after: 0.5))
        #expect(retry.decide(noAnswer: "no connection", attempt: 2, secondsLeft: 600) == .retry(after: 1))
        #expect(
            retry.decide(noAnswer: "no connection", attempt: 3, secondsLeft: 600)
                == .giveUp("no connection (3 times; gave up)"))
        #expect(
            retry.decide(noAnswer: "no connection", attempt: 1, secondsLeft: 0.2)
                == .giveUp("no connection; no time left to try again"))
        #expect(
            HTTPRetry(attempts: 1, backoff: 1).decide(noAnswer: "timeout", attempt: 1, secondsLeft: 600) == .giveUp("timeout"))
        #expect(
            HTTPRetry(attempts: 1, backoff: 1).decide(status: 503, retryAfter: nil, attempt: 1, secondsLeft: 600)
                == .giveUp("HTTP 503 (unavailable)"))
        #expect(retry.decide(status: 503, retryAfter: "2", attempt: 1, secondsLeft: 600) == .retry(after: 2))
    }
}
