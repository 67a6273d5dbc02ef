import CCurl
import CalgenModel
import Foundation

/// The HTTP requests of one `calgen sync` on libcurl: a deadline per request and one for the
/// whole command, http(s) only, an answer size limit, no redirect followed by libcurl (a caller
/// that allows one checks where it leads), Basic or Digest authentication as the server asks
/// when credentials are given (Digest only over plain http to another host than the loopback),
/// the retries ``SyncRetry`` decides, and a count of the requests sent. Connections are kept
/// alive and reused: each request takes an idle libcurl handle (with its connections) and gives
/// it back, so that requests sent from several threads each reuse one; HTTP/2 is used where an
/// https server offers it. The password is kept in memory only and never appears in a message.
package struct SyncHTTP: Sendable {
    /// The user name sent with Basic authentication; `nil` for none.
    package let user: String?
    private let password: String?
    /// The seconds one request may take.
    package var timeout: TimeInterval
    /// The largest answer accepted, in bytes.
    package var maxBytes: Int
    /// The moment after which no request starts: the whole command's limit.
    package var deadline: ContinuousClock.Instant
    package var retry = SyncRetry()
    /// The requests sent so far, retries included.
    package let counter: SyncRequestCounter
    /// The idle libcurl handles, whose connections the next requests reuse.
    let handles = CurlHandles()
    /// The authentication scheme the server took, once known.
    let auth = AuthChoice()
    /// How many writes may be in flight: any number the caller sends, until the server answers
    /// one 423 (it stores one write at a time), then one.
    let writeGate = WriteGate()

    package init(
        user: String?, password: String?, timeout: TimeInterval = 20, maxBytes: Int = 32 << 20,
        deadline: ContinuousClock.Instant, counter: SyncRequestCounter = SyncRequestCounter()
    ) {
        self.user = user
        self.password = password
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.deadline = deadline
        self.counter = counter
    }

    /// What one request gave.
    package struct Answer: Sendable {
        package var status = 0
        /// The headers, names in lower case, in the order they came (of the last answer only).
        package var headers: [(name: String, value: String)] = []
        package var body = [UInt8]()

        package func header(_ name: String) -> String? { headers.last { $0.name == name }?.value }
        package var etag: String? { header("etag") }
    }

    /// Sends one request, again as ``retry`` decides for a 429, 503 or other 5xx; throws when
    /// there is no answer, the answer is too large, the server refused the credentials (401,
    /// 403), or the time ran out. Any other answer, a redirect included, is returned.
    package func send(_ method: String, url: String, headers: [String] = [], body: [UInt8]? = nil) throws(CalDAVError)
        -> Answer
    {
        let shownURL = HTTPFetcher.display(url)
        var attempt = 1
        let isWrite = method == "PUT" || method == "DELETE"
        while true {
            if isWrite { writeGate.enter() }
            let sent = Result { () throws(CalDAVError) in try once(method, url: url, headers: headers, body: body) }
            if isWrite { writeGate.leave() }
            let answer = try sent.get()
            if answer.status == 423 { writeGate.narrow() }
            if answer.status == 401 || answer.status == 403, let user {
                let offered = answer.headers.filter { $0.name == "www-authenticate" }.map(\.value)
                if answer.status == 401, auth.switchToDigest(offered: offered) { continue }
                throw CalDAVError(
                    SyncHTTP.refusal(
                        shownURL: shownURL, user: user, status: answer.status, method: method, offered: offered,
                        plainHTTP: SyncHTTP.isPlainRemote(url)),
                    isRefusal: true)
            }
            switch retry.decide(
                status: answer.status, retryAfter: answer.header("retry-after"), attempt: attempt, secondsLeft: secondsLeft())
            {
            case nil: return answer
            case .giveUp(let why): throw CalDAVError("\(shownURL): \(method) answered \(why)")
            case .retry(let wait):
                Thread.sleep(forTimeInterval: wait)
                attempt += 1
            }
        }
    }

    /// What a refusal of the credentials says: the schemes the server asked for when calgen
    /// speaks none of them, Basic refused over plain http, or else to check the password.
    static func refusal(
        shownURL: String, user: String, status: Int, method: String, offered: [String], plainHTTP: Bool
    ) -> String {
        let schemes = offered.compactMap { $0.split(separator: " ").first.map { $0.lowercased() } }
        let names = offered.compactMap { $0.split(separator: " ").first.map(String.init) }
        let head = "\(shownURL) refused user \"\(user)\" (HTTP \(status) to \(method))"
        if status == 401, !schemes.isEmpty, !schemes.contains("digest") {
            if schemes.contains("basic") && plainHTTP {
                return head
                    + ": it asks for Basic authentication, which would send the password in clear over http; calgen sends it only over https (or to 127.0.0.1): give the https URL"
            }
            if !schemes.contains("basic") {
                return head
                    + ": it asks for \(names.joined(separator: ", ")) authentication, and calgen speaks Basic and Digest only; use an app password or the server's Basic or Digest login"
            }
        }
        return head
            + ": check --user, the password and that this user may write this calendar; nothing more was sent"
    }

    /// Whether `url` is plain http to another host than the loopback.
    static func isPlainRemote(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "http" else { return false }
        let host = (components.host ?? "").lowercased()
        return !(host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]")
    }

    func secondsLeft() -> TimeInterval {
        let left = ContinuousClock.now.duration(to: deadline)
        return Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18
    }

    private static let curlReady: Bool = calgen_curl_global_init() == CURLE_OK

    private func once(_ method: String, url: String, headers: [String], body: [UInt8]?) throws(CalDAVError) -> Answer {
        let shownURL = HTTPFetcher.display(url)
        guard SyncHTTP.curlReady else { throw CalDAVError("libcurl could not be initialised") }
        guard HTTPFetcher.isHTTP(url) else { throw CalDAVError("\(shownURL) is not an http(s) URL") }
        let left = ContinuousClock.now.duration(
            to: min(deadline, .now + .milliseconds(Int64(min(max(timeout, 0), 86_400) * 1000))))
        let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
        guard milliseconds > 0 else {
            throw CalDAVError("\(shownURL): the command's time limit ran out before \(method)", isTimeLimit: true)
        }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        guard let handle = handles.take() else { throw CalDAVError("libcurl could not start a request") }
        // Given back for the next request, its connection kept alive; reset of every option but
        // the connections, the TLS sessions and the DNS cache.
        defer { handles.giveBack(handle) }
        var list: UnsafeMutablePointer<curl_slist>?
        // No `Expect: 100-continue` pause before a body.
        for header in headers + ["Expect:"] { list = curl_slist_append(list, header) }
        defer { curl_slist_free_all(list) }
        let sink = CurlSink(limit: maxBytes)
        // The head, within 1 MiB.
        let head = CurlSink(limit: 1 << 20)
        var setup = [
            calgen_curl_set_string(handle, CURLOPT_URL, url),
            calgen_curl_set_long(handle, CURLOPT_NOSIGNAL, 1),
            calgen_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            calgen_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            calgen_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(milliseconds)),
            calgen_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(milliseconds)),
            calgen_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, method),
            calgen_curl_set_string(handle, CURLOPT_USERAGENT, Calgen.generator),
            calgen_curl_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(list)),
            calgen_curl_set_data_callback(handle, CURLOPT_WRITEFUNCTION, CurlSink.write),
            calgen_curl_set_pointer(handle, CURLOPT_WRITEDATA, sink.context),
            calgen_curl_set_data_callback(handle, CURLOPT_HEADERFUNCTION, CurlSink.write),
            calgen_curl_set_pointer(handle, CURLOPT_HEADERDATA, head.context),
            calgen_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer),
            // CURL_HTTP_VERSION_2TLS: HTTP/2 where an https server offers it, HTTP/1.1 (kept alive) else.
            calgen_curl_set_long(handle, CURLOPT_HTTP_VERSION, 4),
        ]
        if let user, let password {
            // CURLAUTH_BASIC (1) or CURLAUTH_DIGEST (2), which Swift does not import (macros with
            // a cast), as ``AuthChoice`` says: over plain http to another host, Digest only, as
            // Basic would send the password in clear.
            setup.append(calgen_curl_set_long(handle, CURLOPT_HTTPAUTH, auth.mask(plainRemote: SyncHTTP.isPlainRemote(url))))
            setup.append(calgen_curl_set_string(handle, CURLOPT_USERNAME, user))
            setup.append(calgen_curl_set_string(handle, CURLOPT_PASSWORD, password))
        }
        if let body {
            setup.append(calgen_curl_set_long(handle, CURLOPT_POSTFIELDSIZE, body.count))
            // Copied by libcurl, so that the bytes need not outlive this call.
            setup.append(
                body.withUnsafeBytes {
                    calgen_curl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0.baseAddress))
                })
        } else if method == "GET" {
            setup.append(calgen_curl_set_long(handle, CURLOPT_HTTPGET, 1))
        }
        setup.removeAll { $0 == CURLE_OK }
        if let problem = setup.first {
            throw CalDAVError("libcurl refused an option: " + String(cString: curl_easy_strerror(problem)))
        }
        counter.add()
        let code = withExtendedLifetime((sink, head)) { curl_easy_perform(handle) }
        // Headers past 1 MiB, or past libcurl's own limit (300 KiB in libcurl 8), which it ends
        // with an error of its own.
        if head.tooLarge || String(cString: errorBuffer).lowercased().contains("too large response headers") {
            throw CalDAVError("\(shownURL): the headers of the answer to \(method) are too large; refused")
        }
        if sink.tooLarge { throw CalDAVError("\(shownURL): the answer to \(method) is larger than \(maxBytes) bytes; refused") }
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            let limit = code == CURLE_OPERATION_TIMEDOUT && left < .seconds(timeout)
            let reason =
                code == CURLE_OPERATION_TIMEDOUT
                ? (limit
                    ? "the command's time limit ran out before a complete answer came"
                    : "no complete answer within \(SyncRetry.shown(timeout)) s (--timeout)")
                : detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            throw CalDAVError("\(shownURL): \(method) failed: \(reason)", isTimeLimit: limit)
        }
        var status = 0
        _ = calgen_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)

        var answer = Answer(status: status, body: sink.bytes)
        for line in String(decoding: head.bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            // Each answer's head (a 100 Continue's, a retry's) starts with its status line.
            if line.hasPrefix("HTTP/") {
                answer.headers = []
                continue
            }
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 {
                answer.headers.append((parts[0].lowercased(), parts[1].trimmingCharacters(in: .whitespaces)))
            }
        }
        return answer
    }
}

/// How many HTTP requests a sync sent: what its summary reports, so that a run with nothing to
/// do can be seen to cost one request.
package final class SyncRequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    package init() {}

    package var count: Int { lock.withLock { value } }

    func add() { lock.withLock { value += 1 } }
}

/// Idle libcurl handles of one sync, each with the connections it keeps alive: a request takes
/// one (or makes one when none is idle) and gives it back when done.
final class CurlHandles: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [UnsafeMutableRawPointer] = []

    func take() -> UnsafeMutableRawPointer? {
        if let handle = lock.withLock({ idle.popLast() }) { return handle }
        return curl_easy_init()
    }

    func giveBack(_ handle: UnsafeMutableRawPointer) {
        curl_easy_reset(handle)
        lock.withLock { idle.append(handle) }
    }

    deinit {
        for handle in idle { curl_easy_cleanup(handle) }
    }
}

/// Bounds the writes in flight: unbounded (the caller's own bound holds) until ``narrow()``, then one.
final class WriteGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var limit = Int.max
    private var inFlight = 0

    func enter() {
        condition.lock()
        while inFlight >= limit { condition.wait() }
        inFlight += 1
        condition.unlock()
    }

    func leave() {
        condition.lock()
        inFlight -= 1
        condition.broadcast()
        condition.unlock()
    }

    func narrow() {
        condition.lock()
        limit = 1
        condition.unlock()
    }
}

/// The authentication sent, as libcurl's `CURLAUTH_*` bits: Basic (1) at once with the first
/// request over https or to the loopback (one request each, no round trip to learn the scheme),
/// Digest (2) alone over plain http to another host; after a 401 that offers Digest to a Basic
/// request, Digest from then on (libcurl answers its challenge).
final class AuthChoice: @unchecked Sendable {
    private let lock = NSLock()
    private var digest = false

    func mask(plainRemote: Bool) -> Int {
        plainRemote || lock.withLock({ digest }) ? 2 : 1
    }

    /// Whether a 401 offering these `WWW-Authenticate` schemes should be answered again with
    /// Digest: it offers Digest, and Basic was sent.
    func switchToDigest(offered: [String]) -> Bool {
        let asks = offered.contains { $0.lowercased().hasPrefix("digest") }
        return lock.withLock {
            guard asks, !digest else { return false }
            digest = true
            return true
        }
    }
}
