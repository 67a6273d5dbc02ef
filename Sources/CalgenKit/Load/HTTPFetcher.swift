import CCurl
import CalgenModel
import Foundation

/// Downloads small files over HTTP(S) the way a scheduled CI job needs, trusting nothing the
/// server says: a deadline for each whole request (connect, headers and body, redirects
/// included) and one for the fetcher's whole life, a few retries of failures that may pass (no
/// connection, a timeout, a 5xx answer), a size limit counted on the decoded bytes as they
/// arrive, redirects only to http(s) and at most ``maxRedirects`` of them, and a clear
/// difference between "not there" (404, 410) and "could not tell". Built on libcurl, which
/// waits in `poll` (no busy waiting) and decodes gzip in small pieces.
public struct HTTPFetcher: Sendable {
    /// The seconds one whole request may take: connecting, the headers, the body and redirects.
    public var timeout: TimeInterval
    /// How many times a request is tried.
    public var attempts: Int
    /// Seconds before the second try; doubled before each further one.
    public var backoff: TimeInterval
    /// The largest answer accepted, in decoded bytes.
    public var maxBytes: Int
    /// How many redirects one request may follow.
    public var maxRedirects: Int
    /// The moment after which no request starts or goes on: the whole command's limit.
    public var deadline: ContinuousClock.Instant

    /// - Parameters:
    ///   - totalTimeout: the seconds all requests of this fetcher may take together, counted
    ///     from now (a command creates one fetcher).
    public init(
        timeout: TimeInterval = 20, attempts: Int = 3, backoff: TimeInterval = 1, maxBytes: Int = 4 << 20,
        maxRedirects: Int = 5, totalTimeout: TimeInterval = 600
    ) {
        self.timeout = timeout
        self.attempts = attempts
        self.backoff = backoff
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.deadline = .now + .milliseconds(HTTPFetcher.milliseconds(totalTimeout))
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
    /// large, a redirect leads off http(s), or the time ran out.
    public func get(_ url: URL) throws(Failure) -> Answer {
        let shown = HTTPFetcher.display(url.absoluteString)
        guard HTTPFetcher.isHTTP(url.absoluteString) else {
            throw Failure(url: shown, reason: "is not an http(s) URL")
        }
        guard HTTPFetcher.curlReady else { throw Failure(url: shown, reason: "libcurl could not be initialised") }
        var delay = backoff
        var last = Failure(url: shown, reason: "not tried")
        for attempt in 1...max(1, attempts) {
            switch once(url.absoluteString) {
            case .success(let answer): return answer
            case .failure(let failure):
                last = failure.failure
                guard failure.retry, attempt < attempts else { throw last }
                guard secondsLeft() > delay else {
                    throw Failure(url: shown, reason: "\(last.reason); no time left to try again")
                }
                Thread.sleep(forTimeInterval: delay)
                delay *= 2
            }
        }
        throw last
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

    static func isHTTP(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            components.host != nil
        else { return false }
        return scheme == "http" || scheme == "https"
    }

    private static let curlReady: Bool = calgen_curl_global_init() == CURLE_OK

    /// `seconds` as whole milliseconds, from 0 to a day (any value, NaN and infinity included).
    private static func milliseconds(_ seconds: TimeInterval) -> Int64 {
        guard seconds > 0 else { return 0 }
        return Int64(min(seconds, 86_400) * 1000)
    }

    private func secondsLeft() -> TimeInterval {
        let left = ContinuousClock.now.duration(to: deadline)
        return Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18
    }

    private struct AttemptFailure: Error {
        let failure: Failure
        let retry: Bool
    }

    /// One request, following redirects within one deadline.
    private func once(_ start: String) -> Result<Answer, AttemptFailure> {
        let shown = HTTPFetcher.display(start)
        func fail(_ reason: String, retry: Bool, tooLarge: Bool = false) -> Result<Answer, AttemptFailure> {
            .failure(AttemptFailure(failure: Failure(url: shown, reason: reason, isTooLarge: tooLarge), retry: retry))
        }
        let requestDeadline = min(deadline, .now + .milliseconds(HTTPFetcher.milliseconds(timeout)))
        var url = start
        var redirects = 0
        while true {
            let left = ContinuousClock.now.duration(to: requestDeadline)
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
            guard milliseconds > 0 else {
                return fail(timeLimitReason(requestDeadline), retry: requestDeadline < deadline)
            }
            let hop = HTTPFetcher.perform(url, milliseconds: Int(milliseconds), maxBytes: maxBytes)
            if hop.tooLarge {
                return fail("the answer is larger than \(maxBytes) bytes", retry: false, tooLarge: true)
            }
            switch hop.code {
            case CURLE_OK: break
            case CURLE_OPERATION_TIMEDOUT:
                return fail(timeLimitReason(requestDeadline), retry: requestDeadline < deadline)
            case CURLE_FILESIZE_EXCEEDED:
                return fail("the answer is larger than \(maxBytes) bytes", retry: false, tooLarge: true)
            case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING,
                CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_SSL_CONNECT_ERROR:
                return fail(hop.message, retry: true)
            default:
                return fail(hop.message, retry: false)
            }
            switch hop.status {
            case 200: return .success(.body(hop.bytes))
            case 404, 410: return .success(.missing)
            case 301, 302, 303, 307, 308:
                guard let target = hop.location else { return fail("HTTP \(hop.status) without a Location", retry: false) }
                guard HTTPFetcher.isHTTP(target) else {
                    return fail(
                        "redirects to \(HTTPFetcher.display(target)), which is not an http(s) URL; a redirect is followed only to http(s)",
                        retry: false)
                }
                redirects += 1
                guard redirects <= maxRedirects else {
                    return fail("more than \(maxRedirects) redirects (the last to \(HTTPFetcher.display(target)))", retry: false)
                }
                url = target
            case 429, 500...599:
                return fail("HTTP \(hop.status)" + (url == start ? "" : " from \(HTTPFetcher.display(url))"), retry: true)
            default:
                return fail("HTTP \(hop.status)" + (url == start ? "" : " from \(HTTPFetcher.display(url))"), retry: false)
            }
        }
    }

    private func timeLimitReason(_ requestDeadline: ContinuousClock.Instant) -> String {
        requestDeadline < deadline
            ? "no complete answer within \(HTTPFetcher.seconds(timeout)) s"
            : "the command's time limit ran out before a complete answer came"
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// What one request without redirects gave.
    private struct Hop {
        var code = CURLE_OK
        var message = ""
        var status = 0
        var location: String?
        var bytes = [UInt8]()
        var tooLarge = false
    }

    /// The body gathered by libcurl's write callback, which stops the transfer past the limit.
    private static func perform(_ url: String, milliseconds: Int, maxBytes: Int) -> Hop {
        var hop = Hop()
        // Declared before the handle, so that it is freed after `curl_easy_cleanup`, which may
        // still write to it.
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        guard let handle = curl_easy_init() else {
            hop.code = CURLE_FAILED_INIT
            hop.message = "libcurl could not start a request"
            return hop
        }
        defer { curl_easy_cleanup(handle) }
        let sink = CurlSink(limit: maxBytes)
        var setup = [
            calgen_curl_set_string(handle, CURLOPT_URL, url),
            calgen_curl_set_long(handle, CURLOPT_NOSIGNAL, 1),
            calgen_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            calgen_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            calgen_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds),
            calgen_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds),
            // Every encoding libcurl decodes; the limit applies to the decoded bytes.
            calgen_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, ""),
            calgen_curl_set_long(handle, CURLOPT_MAXFILESIZE, maxBytes),
            calgen_curl_set_string(handle, CURLOPT_USERAGENT, Calgen.generator),
            calgen_curl_set_data_callback(handle, CURLOPT_WRITEFUNCTION, CurlSink.write),
            calgen_curl_set_pointer(handle, CURLOPT_WRITEDATA, sink.context),
            calgen_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer),
        ]
        setup.removeAll { $0 == CURLE_OK }
        if let problem = setup.first {
            hop.code = problem
            hop.message = "libcurl refused an option: " + String(cString: curl_easy_strerror(problem))
            return hop
        }
        hop.code = withExtendedLifetime(sink) { curl_easy_perform(handle) }
        hop.tooLarge = sink.tooLarge
        if hop.code != CURLE_OK {
            let detail = String(cString: errorBuffer)
            hop.message = detail.isEmpty ? String(cString: curl_easy_strerror(hop.code)) : detail
            return hop
        }
        var status = 0
        _ = calgen_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        hop.status = status
        var location: UnsafeMutablePointer<CChar>?
        if calgen_curl_get_string(handle, CURLINFO_REDIRECT_URL, &location) == CURLE_OK, let location {
            hop.location = String(cString: location)
        }
        hop.bytes = sink.bytes
        return hop
    }
}
