import CCurl
import CalgenModel
import Foundation

/// Downloads small files over HTTP(S) the way a scheduled CI job needs, trusting nothing the
/// server says: a GET through ``HTTPClient`` (its deadlines, size limits on the decoded bytes,
/// TLS rules and ``HTTPRedirect``'s redirects: at most ``maxRedirects``, on the same origin,
/// never from https to http), all within one deadline for the whole request, retries of
/// failures that may pass (no connection, a timeout, a 5xx or 429 answer) by ``HTTPRetry``, the
/// rule `calgen sync` follows too (a `Retry-After` is honoured within the time left), and a clear
/// difference between "not there" (404, 410) and "could not tell". The user name and password
/// of a URL are sent as ``HTTPClient`` sends credentials (Digest only over plain http to another
/// host than the loopback), and to no redirect.
public struct HTTPFetcher: Sendable {
    /// The seconds one whole request may take: connecting, the headers, the body and redirects.
    public var timeout: TimeInterval
    /// When a failure is tried again.
    package var retry: HTTPRetry
    /// The largest answer accepted, in decoded bytes.
    public var maxBytes: Int
    /// How many redirects one request may follow.
    public var maxRedirects: Int
    /// The moment after which no request starts or goes on: the whole command's limit.
    public var deadline: ContinuousClock.Instant
    /// The client, whose connections every request of this fetcher (and its copies) reuses.
    private let client: HTTPClient

    /// - Parameters:
    ///   - attempts: how many times a request that failed in a way that may pass is sent in all.
    ///   - backoff: seconds before the second try when the server asks for no wait; doubled
    ///     before each further one.
    ///   - totalTimeout: the seconds all requests of this fetcher may take together, counted
    ///     from now (a command creates one fetcher).
    public init(
        timeout: TimeInterval = 20, attempts: Int = 3, backoff: TimeInterval = 1, maxBytes: Int = 4 << 20,
        maxRedirects: Int = 3, totalTimeout: TimeInterval = 600
    ) {
        self.timeout = timeout
        self.retry = HTTPRetry(attempts: attempts, backoff: backoff)
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.deadline = .now + .milliseconds(HTTPClient.milliseconds(totalTimeout))
        self.client = HTTPClient(timeout: timeout, maxBytes: maxBytes, deadline: deadline)
    }

    /// What a URL gave.
    public enum Answer: Equatable, Sendable {
        case body([UInt8])
        /// 404 or 410: the file is not there.
        case missing
    }

    /// Why a URL gave nothing usable.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// The URL as it may be shown: without a user name or password.
        public let url: String
        public let reason: String
        /// Whether the answer was larger than ``maxBytes``.
        public var isTooLarge = false
        public var description: String { "\(url): \(reason)" }
    }

    /// The body of `url`, or `.missing`; throws when every attempt failed, the answer is too
    /// large, a redirect is refused, or the time ran out.
    public func get(_ url: URL) throws(Failure) -> Answer {
        let shown = HTTPFetcher.display(url.absoluteString)
        guard HTTPFetcher.isHTTP(url.absoluteString) else {
            throw Failure(url: shown, reason: "is not an http(s) URL")
        }
        var client = self.client
        client.timeout = timeout
        client.maxBytes = maxBytes
        client.deadline = deadline
        var attempt = 1
        while true {
            let failure: AttemptFailure
            switch once(url.absoluteString, client: client) {
            case .success(let answer): return answer
            case .failure(let failed): failure = failed
            }
            let decision: HTTPRetry.Decision?
            switch failure.again {
            case nil: decision = nil
            case .noAnswer:
                decision = retry.decide(noAnswer: failure.failure.reason, attempt: attempt, secondsLeft: client.secondsLeft())
            case .answer(let status, let retryAfter, _):
                decision = retry.decide(
                    status: status, retryAfter: retryAfter, attempt: attempt, secondsLeft: client.secondsLeft())
            }
            switch decision {
            case nil: throw failure.failure
            case .giveUp(let why):
                var redirected = ""
                if case .answer(_, _, let from?) = failure.again { redirected = " (the last answer came from \(from))" }
                throw Failure(url: failure.failure.url, reason: why + redirected)
            case .retry(let wait):
                Thread.sleep(forTimeInterval: wait)
                attempt += 1
            }
        }
    }

    /// `url` without its user name and password, for messages.
    public static func display(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.user != nil || components.password != nil else {
            return url
        }
        components.user = nil
        components.password = nil
        return components.string ?? "(a URL)"
    }

    package static func isHTTP(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            components.host != nil
        else { return false }
        return scheme == "http" || scheme == "https"
    }

    private struct AttemptFailure: Error {
        /// A failure that may pass: no answer, or an answer `HTTPRetry` judges.
        enum Again: Equatable {
            case noAnswer
            /// `from`: the URL a redirect led to, when it is not the one asked for.
            case answer(status: Int, retryAfter: String?, from: String?)
        }

        let failure: Failure
        let again: Again?
    }

    /// The request for `url`: its user name and password taken out as credentials.
    private static func request(_ url: String) -> HTTPClient.Request {
        guard var components = URLComponents(string: url), let user = components.user else {
            return HTTPClient.Request(url: url, compressed: true)
        }
        let password = components.password ?? ""
        components.user = nil
        components.password = nil
        return HTTPClient.Request(
            url: components.string ?? url,
            credentials: HTTPClient.Credentials(
                user: user.removingPercentEncoding ?? user, password: password.removingPercentEncoding ?? password),
            compressed: true)
    }

    /// One request, following redirects within one deadline.
    private func once(_ start: String, client: HTTPClient) -> Result<Answer, AttemptFailure> {
        func fail(_ url: String, _ reason: String, again: AttemptFailure.Again? = nil, tooLarge: Bool = false)
            -> Result<Answer, AttemptFailure>
        {
            .failure(
                AttemptFailure(
                    failure: Failure(url: HTTPFetcher.display(url), reason: reason, isTooLarge: tooLarge), again: again))
        }
        var request = HTTPFetcher.request(start)
        let origin = request.url
        request.until = client.requestEnd()
        var redirects = 0
        while true {
            let answer: HTTPClient.Answer
            do {
                answer = try client.send(request)
            } catch {
                switch error.kind {
                case .tooLarge: return fail(start, error.reason, tooLarge: true)
                case .timeout, .transient: return fail(start, error.reason, again: .noAnswer)
                case .timeLimit:
                    return fail(start, "the command's time limit ran out before a complete answer came")
                case .notSent, .headTooLarge, .other: return fail(start, error.reason)
                }
            }
            let from = request.url == origin ? "" : " from \(HTTPFetcher.display(request.url))"
            switch answer.status {
            case 200: return .success(.body(answer.body))
            case 404, 410: return .success(.missing)
            case let status where HTTPRedirect.isRedirect(status):
                if request.credentials != nil {
                    return fail(
                        start,
                        "HTTP \(status)\(from): a URL with a user name and password follows no redirect; give the final URL")
                }
                switch HTTPRedirect.next(
                    location: answer.header("location"), status: status, at: request.url, start: origin, followed: redirects,
                    limit: maxRedirects)
                {
                case .success(let next):
                    redirects += 1
                    request.url = next
                case .failure(let refusal):
                    return fail(start, refusal.reason)
                }
            case 429, 500...599:
                return fail(
                    start, "HTTP \(answer.status)\(from)",
                    again: .answer(
                        status: answer.status, retryAfter: answer.header("retry-after"),
                        from: request.url == origin ? nil : HTTPFetcher.display(request.url)))
            default: return fail(start, "HTTP \(answer.status)\(from)")
            }
        }
    }
}
