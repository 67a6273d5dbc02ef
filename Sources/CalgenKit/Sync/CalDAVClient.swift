import CCurl
import CalgenModel
import Foundation

/// A CalDAV collection over HTTP(S) with Basic authentication, on libcurl as `HTTPFetcher` uses
/// it: a deadline per request and one for the whole command, http(s) only, an answer size limit,
/// and no redirect followed at all (the credentials go to the URL given and nowhere else). The
/// password is kept in memory only and never appears in a message.
public struct CalDAVClient: CalDAVCollection, Sendable {
    /// The collection's URL, ending in `/`.
    public let collection: String
    public let user: String
    private let password: String
    /// The seconds one request may take.
    public var timeout: TimeInterval
    /// The largest answer accepted, in bytes (a listing of a large calendar included).
    public var maxBytes: Int
    /// The moment after which no request starts: the whole command's limit.
    public var deadline: ContinuousClock.Instant

    public init(
        collection: String, user: String, password: String, timeout: TimeInterval = 20, maxBytes: Int = 32 << 20,
        totalTimeout: TimeInterval = 600
    ) {
        self.collection = collection.hasSuffix("/") ? collection : collection + "/"
        self.user = user
        self.password = password
        self.timeout = timeout
        self.maxBytes = maxBytes
        deadline = .now + .milliseconds(Int64(min(max(totalTimeout, 0), 86_400) * 1000))
    }

    /// The collection's URL as it may be shown.
    public var shown: String { HTTPFetcher.display(collection) }

    public func listing() throws(CalDAVError) -> [String: String] {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>
            """
        let answer = try send(
            "PROPFIND", url: collection, headers: ["Depth: 1", "Content-Type: application/xml; charset=utf-8"],
            body: Array(body.utf8))
        switch answer.status {
        case 207: break
        case 404: throw CalDAVError("\(shown): no collection there (HTTP 404); create the calendar first and give its URL")
        default: throw CalDAVError("\(shown): PROPFIND gave HTTP \(answer.status), not the listing of a collection")
        }
        let base = URLComponents(string: collection)?.percentEncodedPath ?? "/"
        var etags: [String: String] = [:]
        for (href, etag) in Multistatus.etags(String(decoding: answer.body, as: UTF8.self)) {
            // An absolute URL or a path; the collection itself and sub-collections are no resources.
            let path = URLComponents(string: href)?.percentEncodedPath ?? href
            guard path != base, !path.hasSuffix("/"), let last = path.split(separator: "/").last else { continue }
            etags[last.removingPercentEncoding ?? String(last)] = etag
        }
        return etags
    }

    public func put(_ name: String, body: [UInt8], precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer {
        let answer = try send(
            "PUT", url: url(of: name), headers: ["Content-Type: text/calendar; charset=utf-8"] + headers(precondition), body: body
        )
        return CalDAVAnswer(status: answer.status, etag: answer.etag)
    }

    public func delete(_ name: String, precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer {
        let answer = try send("DELETE", url: url(of: name), headers: headers(precondition), body: nil)
        return CalDAVAnswer(status: answer.status, etag: answer.etag)
    }

    public func etag(of name: String) throws(CalDAVError) -> String? {
        let answer = try send("GET", url: url(of: name), headers: [], body: nil)
        switch answer.status {
        case 200: return answer.etag
        case 404, 410: return nil
        default: throw CalDAVError("\(HTTPFetcher.display(url(of: name))): GET gave HTTP \(answer.status)")
        }
    }

    private func url(of name: String) -> String {
        collection + (name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? name)
    }

    private func headers(_ precondition: SyncRequest.Precondition) -> [String] {
        switch precondition {
        case .absent: ["If-None-Match: *"]
        case .matches(let etag): ["If-Match: \(etag)"]
        case .unconditional: []
        }
    }

    /// What one request gave.
    private struct Answer {
        var status = 0
        var etag: String?
        var body = [UInt8]()
    }

    /// The body and the headers gathered by libcurl's callbacks; the body stops at the limit.
    private static let curlReady: Bool = calgen_curl_global_init() == CURLE_OK

    /// Sends one request; throws when there is no answer, the answer is a refusal (401, 403) or
    /// a redirect, or the time ran out.
    private func send(_ method: String, url: String, headers: [String], body: [UInt8]?) throws(CalDAVError) -> Answer {
        let shownURL = HTTPFetcher.display(url)
        guard CalDAVClient.curlReady else { throw CalDAVError("libcurl could not be initialised") }
        let left = ContinuousClock.now.duration(
            to: min(deadline, .now + .milliseconds(Int64(min(max(timeout, 0), 86_400) * 1000))))
        let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
        guard milliseconds > 0 else { throw CalDAVError("\(shownURL): the command's time limit ran out before \(method)") }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        guard let handle = curl_easy_init() else { throw CalDAVError("libcurl could not start a request") }
        defer { curl_easy_cleanup(handle) }
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
            // CURLAUTH_BASIC, which Swift does not import (a macro with a cast).
            calgen_curl_set_long(handle, CURLOPT_HTTPAUTH, 1),
            calgen_curl_set_string(handle, CURLOPT_USERNAME, user),
            calgen_curl_set_string(handle, CURLOPT_PASSWORD, password),
            calgen_curl_set_string(handle, CURLOPT_USERAGENT, Calgen.generator),
            calgen_curl_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(list)),
            calgen_curl_set_data_callback(handle, CURLOPT_WRITEFUNCTION, CurlSink.write),
            calgen_curl_set_pointer(handle, CURLOPT_WRITEDATA, sink.context),
            calgen_curl_set_data_callback(handle, CURLOPT_HEADERFUNCTION, CurlSink.write),
            calgen_curl_set_pointer(handle, CURLOPT_HEADERDATA, head.context),
            calgen_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer),
        ]
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
        let code = withExtendedLifetime((sink, head)) { curl_easy_perform(handle) }
        if sink.tooLarge { throw CalDAVError("\(shownURL): the answer to \(method) is larger than \(maxBytes) bytes") }
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            let reason =
                code == CURLE_OPERATION_TIMEDOUT
                ? "no complete answer within \(Int(timeout)) s"
                : detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            throw CalDAVError("\(shownURL): \(method) failed: \(reason)")
        }
        var status = 0
        _ = calgen_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var answer = Answer(status: status, etag: nil, body: sink.bytes)
        for line in String(decoding: head.bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "etag" {
                answer.etag = parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        switch status {
        case 401, 403:
            throw CalDAVError(
                "\(shown) refused user \"\(user)\" (HTTP \(status) to \(method)): check --user, the password and that this user may write this calendar; nothing more was sent",
                isRefusal: true)
        case 300..<400:
            throw CalDAVError(
                "\(shownURL) answered \(method) with a redirect (HTTP \(status)); calgen sync follows none: give the collection's final URL"
            )
        default:
            return answer
        }
    }
}
