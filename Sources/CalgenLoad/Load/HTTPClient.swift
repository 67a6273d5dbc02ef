import CCurl
import CalgenModel
import Foundation

/// calgen's one HTTP client, on libcurl: what `holidays update` and `--previous-site` download
/// (through ``HTTPFetcher``) and what `calgen sync` sends (through `SyncHTTP`) all go through
/// ``send(_:)``, so that every request keeps the same rules:
///
/// - **Deadlines**: one for each request (connecting, the head, the body, and every redirect of
///   a GET that follows them), however slowly the bytes come, and one for the whole command,
///   after which no request starts or goes on.
/// - **Sizes**: the body counted on the decoded bytes as they arrive (a gzip bomb stops at the
///   limit), a declared `Content-Length` over it refused before the body, the head within 1 MiB.
/// - **Redirects**: none followed by libcurl; a caller that follows one asks ``HTTPRedirect``
///   (at most 3, http(s) only, never from https to http, never to another origin).
/// - **Schemes and TLS**: http and https only, the certificate and the host name always verified,
///   TLS 1.2 at least; HTTP/2 where an https server offers it.
/// - **Credentials**: Basic over https or to the loopback only; over plain http to another host,
///   Digest only (Basic would send the password in clear). Never sent after a redirect, never
///   shown in a message (``HTTPFetcher/display(_:)``).
///
/// Connections are kept alive and reused: a request takes an idle libcurl handle and gives it back.
package struct HTTPClient: Sendable {
    /// The seconds one request may take.
    package var timeout: TimeInterval
    /// The largest body accepted, in decoded bytes.
    package var maxBytes: Int
    /// The moment after which no request starts or goes on: the whole command's limit.
    package var deadline: ContinuousClock.Instant
    /// The largest head of an answer (every header line of it), in bytes.
    package static let maxHeadBytes = 1 << 20
    /// The requests sent so far, retries and redirects included.
    package let counter: HTTPRequestCounter
    /// The idle libcurl handles, whose connections the next requests reuse.
    let handles = CurlHandles()

    package init(
        timeout: TimeInterval, maxBytes: Int, deadline: ContinuousClock.Instant,
        counter: HTTPRequestCounter = HTTPRequestCounter()
    ) {
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.deadline = deadline
        self.counter = counter
    }

    /// A user name and password, and how to send them.
    package struct Credentials: Sendable {
        package var user: String
        package var password: String
        /// Whether Digest is asked for even where Basic could go (after a 401 offering Digest).
        package var digest = false

        package init(user: String, password: String, digest: Bool = false) {
            self.user = user
            self.password = password
            self.digest = digest
        }
    }

    /// One request.
    package struct Request: Sendable {
        package var method = "GET"
        package var url: String
        /// Whole header lines, `Name: value`.
        package var headers: [String] = []
        package var body: [UInt8]?
        package var credentials: Credentials?
        /// Whether to ask for a compressed answer (decoded before the limit counts it). Off where
        /// an `ETag` is kept: some servers give a compressed answer an ETag of its own.
        package var compressed = false
        /// The request's own end, when it began earlier (a redirect of the same GET); else now
        /// plus ``HTTPClient/timeout``.
        package var until: ContinuousClock.Instant?

        package init(
            _ method: String = "GET", url: String, headers: [String] = [], body: [UInt8]? = nil,
            credentials: Credentials? = nil, compressed: Bool = false
        ) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
            self.credentials = credentials
            self.compressed = compressed
        }
    }

    /// What one request gave.
    package struct Answer: Sendable {
        package var status = 0
        /// The headers, names in lower case, in the order they came (of the last answer only).
        package var headers: [(name: String, value: String)] = []
        package var body = [UInt8]()

        package init(status: Int = 0, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        package func header(_ name: String) -> String? { headers.last { $0.name == name }?.value }
        package var etag: String? { header("etag") }
    }

    /// Why a request gave no answer.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package enum Kind: Equatable, Sendable {
            /// Never sent: not an http(s) URL, or libcurl could not start.
            case notSent
            /// The body was larger than ``HTTPClient/maxBytes``.
            case tooLarge
            /// The head was larger than ``HTTPClient/maxHeadBytes`` or libcurl's own limit.
            case headTooLarge
            /// No complete answer within ``HTTPClient/timeout``.
            case timeout
            /// The command's deadline came first.
            case timeLimit
            /// A failure that may pass: no connection, a cut answer.
            case transient
            /// Any other failure of libcurl (a certificate refused, a protocol error).
            case other
        }

        /// The URL as it may be shown: without a user name or password.
        package let url: String
        package let kind: Kind
        /// What went wrong, to be said after the URL.
        package let reason: String
        package var description: String { "\(url): \(reason)" }
    }

    private static let curlReady: Bool = calgen_curl_global_init() == CURLE_OK

    /// `seconds` as whole milliseconds, from 0 to a day (any value, NaN and infinity included).
    package static func milliseconds(_ seconds: TimeInterval) -> Int64 {
        guard seconds > 0 else { return 0 }
        return Int64(min(seconds, 86_400) * 1000)
    }

    /// The seconds left before the command's deadline.
    package func secondsLeft() -> TimeInterval {
        let left = ContinuousClock.now.duration(to: deadline)
        return Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18
    }

    /// The end of a request that starts now.
    package func requestEnd() -> ContinuousClock.Instant {
        min(deadline, .now + .milliseconds(HTTPClient.milliseconds(timeout)))
    }

    /// Sends one request and follows no redirect; any status is an answer.
    package func send(_ request: Request) throws(Failure) -> Answer {
        let shown = HTTPFetcher.display(request.url)
        func failure(_ kind: Failure.Kind, _ reason: String) -> Failure { Failure(url: shown, kind: kind, reason: reason) }
        guard HTTPFetcher.isHTTP(request.url) else { throw failure(.notSent, "is not an http(s) URL") }
        guard HTTPClient.curlReady else { throw failure(.notSent, "libcurl could not be initialised") }
        let end = min(request.until ?? requestEnd(), deadline)
        let left = ContinuousClock.now.duration(to: end)
        let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
        guard milliseconds > 0 else {
            throw end < deadline
                ? failure(.timeout, "no complete answer within \(HTTPClient.seconds(timeout)) s")
                : failure(.timeLimit, "the command's time limit ran out before \(request.method)")
        }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        guard let handle = handles.take() else { throw failure(.notSent, "libcurl could not start a request") }
        // Given back for the next request, its connection kept alive; reset of every option but
        // the connections, the TLS sessions and the DNS cache.
        defer { handles.giveBack(handle) }
        var list: UnsafeMutablePointer<curl_slist>?
        // No `Expect: 100-continue` pause before a body.
        for header in request.headers + ["Expect:"] { list = curl_slist_append(list, header) }
        defer { curl_slist_free_all(list) }
        let sink = CurlSink(limit: maxBytes)
        let head = CurlSink(limit: HTTPClient.maxHeadBytes)
        var setup = options(handle, request, milliseconds: Int(milliseconds), list: list, sink: sink, head: head)
        setup.append(calgen_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
        setup.removeAll { $0 == CURLE_OK }
        if let problem = setup.first {
            throw failure(.notSent, "libcurl refused an option: " + String(cString: curl_easy_strerror(problem)))
        }
        counter.add()
        let code = withExtendedLifetime((sink, head)) { curl_easy_perform(handle) }
        let detail = String(cString: errorBuffer)
        // Headers past 1 MiB, or past libcurl's own limit (300 KiB in libcurl 8), which it ends
        // with an error of its own.
        if head.tooLarge || detail.lowercased().contains("too large response headers") {
            throw failure(.headTooLarge, "the headers of the answer to \(request.method) are too large")
        }
        if sink.tooLarge || code == CURLE_FILESIZE_EXCEEDED {
            throw failure(.tooLarge, "the answer is larger than \(maxBytes) bytes")
        }
        guard code == CURLE_OK else {
            let message = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            switch code {
            case CURLE_OPERATION_TIMEDOUT:
                throw end < deadline
                    ? failure(.timeout, "no complete answer within \(HTTPClient.seconds(timeout)) s")
                    : failure(.timeLimit, "the command's time limit ran out before a complete answer came")
            case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING,
                CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_SSL_CONNECT_ERROR:
                throw failure(.transient, message)
            default: throw failure(.other, message)
            }
        }
        var status = 0
        _ = calgen_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return Answer(status: status, headers: HTTPClient.headers(head.bytes), body: sink.bytes)
    }

    /// Every option of one request.
    private func options(
        _ handle: UnsafeMutableRawPointer, _ request: Request, milliseconds: Int, list: UnsafeMutablePointer<curl_slist>?,
        sink: CurlSink, head: CurlSink
    ) -> [CURLcode] {
        var setup = [
            calgen_curl_set_string(handle, CURLOPT_URL, request.url),
            calgen_curl_set_long(handle, CURLOPT_NOSIGNAL, 1),
            calgen_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            calgen_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            calgen_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds),
            calgen_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds),
            calgen_curl_set_long(handle, CURLOPT_SSL_VERIFYPEER, 1),
            calgen_curl_set_long(handle, CURLOPT_SSL_VERIFYHOST, 2),
            // CURL_SSLVERSION_TLSv1_2, which Swift does not import (an enum constant of a macro).
            calgen_curl_set_long(handle, CURLOPT_SSLVERSION, 6),
            // Refused before the body when the server declares a larger length.
            calgen_curl_set_long(handle, CURLOPT_MAXFILESIZE, maxBytes),
            calgen_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, request.method),
            calgen_curl_set_string(handle, CURLOPT_USERAGENT, Calgen.generator),
            calgen_curl_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(list)),
            calgen_curl_set_data_callback(handle, CURLOPT_WRITEFUNCTION, CurlSink.write),
            calgen_curl_set_pointer(handle, CURLOPT_WRITEDATA, sink.context),
            calgen_curl_set_data_callback(handle, CURLOPT_HEADERFUNCTION, CurlSink.write),
            calgen_curl_set_pointer(handle, CURLOPT_HEADERDATA, head.context),
            // CURL_HTTP_VERSION_2TLS: HTTP/2 where an https server offers it, HTTP/1.1 (kept alive) else.
            calgen_curl_set_long(handle, CURLOPT_HTTP_VERSION, 4),
        ]
        if request.compressed {
            // Every encoding libcurl decodes; the limit applies to the decoded bytes.
            setup.append(calgen_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, ""))
        }
        if let credentials = request.credentials {
            setup.append(
                calgen_curl_set_long(
                    handle, CURLOPT_HTTPAUTH, HTTPClient.authMask(digest: credentials.digest, url: request.url)))
            setup.append(calgen_curl_set_string(handle, CURLOPT_USERNAME, credentials.user))
            setup.append(calgen_curl_set_string(handle, CURLOPT_PASSWORD, credentials.password))
        }
        if let body = request.body {
            setup.append(calgen_curl_set_long(handle, CURLOPT_POSTFIELDSIZE, body.count))
            // Copied by libcurl, so that the bytes need not outlive this call.
            setup.append(
                body.withUnsafeBytes {
                    calgen_curl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0.baseAddress))
                })
        } else if request.method == "GET" {
            setup.append(calgen_curl_set_long(handle, CURLOPT_HTTPGET, 1))
        }
        return setup
    }

    /// The header lines of the last answer in `head`, names in lower case.
    private static func headers(_ head: [UInt8]) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        for line in String(decoding: head, as: UTF8.self).split(whereSeparator: \.isNewline) {
            // Each answer's head (a 100 Continue's, a 401's before Digest) starts with its status line.
            if line.hasPrefix("HTTP/") {
                headers = []
                continue
            }
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 {
                headers.append((parts[0].lowercased(), parts[1].trimmingCharacters(in: .whitespaces)))
            }
        }
        return headers
    }

    /// The authentication offered, as libcurl's `CURLAUTH_BASIC` (1) or `CURLAUTH_DIGEST` (2),
    /// which Swift does not import (macros with a cast): Digest when asked for, and over plain
    /// http to another host than the loopback, where Basic would send the password in clear.
    package static func authMask(digest: Bool, url: String) -> Int {
        digest || isPlainRemote(url) ? 2 : 1
    }

    /// Whether `url` is plain http to another host than the loopback.
    package static func isPlainRemote(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "http" else { return false }
        let host = (components.host ?? "").lowercased()
        return !(host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]")
    }

    /// `value` seconds as a message says them: `20`, `1.5`.
    package static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
