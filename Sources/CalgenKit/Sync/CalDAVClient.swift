import Foundation

/// A CalDAV collection over HTTP(S) with Basic authentication, on ``SyncHTTP``: a deadline per
/// request and one for the whole command, http(s) only, an answer size limit, retries of a busy
/// or failing server, and no redirect followed at all (the credentials go to the URL given and
/// nowhere else). The password is kept in memory only and never appears in a message.
package struct CalDAVClient: CalDAVCollection, Sendable {
    /// The collection's URL, ending in `/`.
    package let collection: String
    package let http: SyncHTTP
    package var user: String { http.user ?? "" }

    package init(collection: String, http: SyncHTTP) {
        self.collection = collection.hasSuffix("/") ? collection : collection + "/"
        self.http = http
    }

    /// The collection's URL as it may be shown.
    package var shown: String { HTTPFetcher.display(collection) }

    package func listing() throws(CalDAVError) -> [String: String] { try listingAndTags().etags }

    /// Every resource of the collection (name → ETag) and the collection's own tags, in one
    /// `PROPFIND` of depth 1.
    package func listingAndTags() throws(CalDAVError) -> (etags: [String: String], tags: CollectionTags) {
        let missing = CalDAVError(
            "\(shown): no collection there (HTTP 404); create the calendar first and give its URL", isMissing: true)
        let answer = try send(
            "PROPFIND", url: collection, headers: ["Depth: 1", "Content-Type: application/xml; charset=utf-8"],
            body: Array(CalDAVClient.propfind(["d:getetag", "cs:getctag", "d:sync-token"]).utf8))
        switch answer.status {
        case 207: break
        case 404: throw missing
        default: throw CalDAVError("\(shown): PROPFIND gave HTTP \(answer.status), not the listing of a collection")
        }
        let base = URLComponents(string: collection)?.percentEncodedPath ?? "/"
        var etags: [String: String] = [:]
        var tags = CollectionTags()
        for response in Multistatus.responses(String(decoding: answer.body, as: UTF8.self)) {
            // An absolute URL or a path; the collection itself and sub-collections are no resources.
            let path = URLComponents(string: response.href)?.percentEncodedPath ?? response.href
            if path == base || path + "/" == base {
                if response.status == 404 || response.status == 410 { throw missing }
                tags = CollectionTags(ctag: response.text("getctag"), syncToken: response.text("sync-token"))
                continue
            }
            guard !path.hasSuffix("/"), let last = path.split(separator: "/").last, let etag = response.text("getetag")
            else { continue }
            etags[last.removingPercentEncoding ?? String(last)] = etag
        }
        return (etags, tags)
    }

    /// The collection's `getctag` and `sync-token`: one `PROPFIND` of depth 0, the cheapest way to
    /// tell that nothing in it changed; `nil` when there is no collection at the URL.
    package func tags() throws(CalDAVError) -> CollectionTags? {
        let answer = try send(
            "PROPFIND", url: collection, headers: ["Depth: 0", "Content-Type: application/xml; charset=utf-8"],
            body: Array(CalDAVClient.propfind(["cs:getctag", "d:sync-token"]).utf8))
        switch answer.status {
        case 207: break
        case 404, 410: return nil
        default: throw CalDAVError("\(shown): PROPFIND gave HTTP \(answer.status), not the properties of a collection")
        }
        let response = Multistatus.responses(String(decoding: answer.body, as: UTF8.self)).first
        if response?.status == 404 || response?.status == 410 { return nil }
        return CollectionTags(ctag: response?.text("getctag"), syncToken: response?.text("sync-token"))
    }

    /// A `PROPFIND` body asking for `properties`, each with its prefix: `d` (DAV:), `c` (CalDAV),
    /// `cs` (CalendarServer).
    static func propfind(_ properties: [String]) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">\
        <d:prop>\(properties.map { "<\($0)/>" }.joined())</d:prop></d:propfind>
        """
    }

    package func put(_ name: String, body: [UInt8], precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer {
        let answer = try send(
            "PUT", url: url(of: name), headers: ["Content-Type: text/calendar; charset=utf-8"] + headers(precondition), body: body
        )
        return CalDAVAnswer(status: answer.status, etag: answer.etag)
    }

    package func delete(_ name: String, precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer {
        let answer = try send("DELETE", url: url(of: name), headers: headers(precondition), body: nil)
        return CalDAVAnswer(status: answer.status, etag: answer.etag)
    }

    package func etag(of name: String) throws(CalDAVError) -> String? {
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

    /// Sends one request; throws when there is no answer, the answer is a refusal (401, 403) or
    /// a redirect, or the time ran out.
    private func send(_ method: String, url: String, headers: [String], body: [UInt8]?) throws(CalDAVError)
        -> SyncHTTP.Answer
    {
        let answer = try http.send(method, url: url, headers: headers, body: body)
        if (300..<400).contains(answer.status) {
            throw CalDAVError(
                "\(HTTPFetcher.display(url)) answered \(method) with a redirect (HTTP \(answer.status)); calgen sync follows none: give the collection's final URL"
            )
        }
        return answer
    }
}
