import CalgenLoad
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

    /// Every resource of the collection and the collection's own tags, in one `PROPFIND` of
    /// depth 1: read with ``Multistatus`` and believed as ``CollectionListing`` says.
    package func listingAndTags() throws(CalDAVError) -> CollectionListing {
        let answer = try send(
            "PROPFIND", url: collection, headers: ["Depth: 1", "Content-Type: application/xml; charset=utf-8"],
            body: Array(CalDAVClient.propfind(["d:getetag", "cs:getctag", "d:sync-token"]).utf8))
        switch answer.status {
        case 207: break
        case 404:
            throw CalDAVError(
                "\(shown): no collection there (HTTP 404); create the calendar first and give its URL", isMissing: true)
        default: throw CalDAVError("\(shown): PROPFIND gave HTTP \(answer.status), not the listing of a collection")
        }
        return try CollectionListing.read(multistatus(answer, of: "PROPFIND"), collection: collection)
    }

    /// The responses of a 207 answer; an error naming why when its body is no multistatus.
    func multistatus(_ answer: SyncHTTP.Answer, of method: String) throws(CalDAVError) -> [Multistatus.Response] {
        do {
            return try Multistatus.parse(answer.body)
        } catch {
            let type = answer.header("content-type").map { " (\($0))" } ?? ""
            throw CalDAVError(
                "\(shown): the answer to \(method) (HTTP \(answer.status)\(type), \(answer.body.count) bytes) is no multistatus: \(error.description); nothing was written"
            )
        }
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
        do throws(CalDAVError) {
            return try CollectionListing.read(multistatus(answer, of: "PROPFIND"), collection: collection).tags
        } catch {
            if error.isMissing { return nil }
            throw error
        }
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
        return CalDAVAnswer(status: answer.status, etag: answer.etag, uidConflict: uidConflict(answer))
    }

    /// The resource a refusal of a PUT names as holding the event's UID: CalDAV's
    /// `no-uid-conflict` precondition (Radicale answers 409, Xandikos 412), its href when it is a
    /// resource of this collection, else `""`; `nil` for any other answer.
    func uidConflict(_ answer: SyncHTTP.Answer) -> String? {
        guard [403, 409, 412].contains(answer.status), answer.body.count < 1 << 20,
            String(decoding: answer.body, as: UTF8.self).contains("no-uid-conflict")
        else { return nil }
        guard let root = try? Multistatus.document(answer.body),
            let conflict = root.child("no-uid-conflict", "urn:ietf:params:xml:ns:caldav")
        else { return "" }
        guard let href = conflict.child("href")?.trimmed, let base = CollectionListing.segments(collection),
            case .resource(let name) = CollectionListing.place(of: href, in: collection, base: base)
        else { return "" }
        return name
    }

    /// The UIDs of the collection's events, by resource name: one `REPORT` (calendar-query,
    /// RFC 4791 §7.8) asking for the UID property of every VEVENT; `nil` when the server does not
    /// answer it with a multistatus.
    package func uids() throws(CalDAVError) -> [String: Set<String>]? {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/>\
            <c:calendar-data><c:comp name="VCALENDAR"><c:comp name="VEVENT"><c:prop name="UID"/></c:comp></c:comp>\
            </c:calendar-data></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"/>\
            </c:comp-filter></c:filter></c:calendar-query>
            """
        let answer = try send(
            "REPORT", url: collection, headers: ["Depth: 1", "Content-Type: application/xml; charset=utf-8"],
            body: Array(body.utf8))
        guard answer.status == 207, let responses = try? Multistatus.parse(answer.body),
            let base = CollectionListing.segments(collection)
        else { return nil }
        var uids: [String: Set<String>] = [:]
        for response in responses {
            guard case .resource(let name) = CollectionListing.place(of: response.href, in: collection, base: base),
                let data = response.property("calendar-data")?.text
            else { continue }
            uids[name, default: []].formUnion(CalDAVClient.uids(inCalendar: data))
        }
        return uids
    }

    /// The values of the UID properties of a calendar's text (lines unfolded).
    static func uids(inCalendar text: String) -> Set<String> {
        var lines: [String] = []
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else {
                lines.append(String(line))
            }
        }
        var uids = Set<String>()
        for line in lines where line.uppercased().hasPrefix("UID:") || line.uppercased().hasPrefix("UID;") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            uids.insert(String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        return uids
    }

    package func delete(_ name: String, precondition: SyncRequest.Precondition) throws(CalDAVError) -> CalDAVAnswer {
        let answer = try send("DELETE", url: url(of: name), headers: headers(precondition), body: nil)
        return CalDAVAnswer(status: answer.status, etag: answer.etag)
    }

    package func read(_ name: String) throws(CalDAVError) -> ResourceRead? {
        let answer = try send("GET", url: url(of: name), headers: [], body: nil)
        switch answer.status {
        case 200: return ResourceRead(etag: answer.etag, body: answer.body)
        case 404, 410: return nil
        default: throw CalDAVError("\(HTTPFetcher.display(url(of: name))): GET gave HTTP \(answer.status)")
        }
    }

    /// The resources `names` as GETs read them, up to `inFlight` at once: by name, `nil` for one
    /// that is gone. Throws the first error, once every request begun has ended.
    package func read(_ names: [String], inFlight: Int) throws(CalDAVError) -> [String: ResourceRead?] {
        let results = InFlight.map(names, width: inFlight) { (name) -> Result<ResourceRead?, CalDAVError> in
            do throws(CalDAVError) {
                return .success(try read(name))
            } catch {
                return .failure(error)
            }
        }
        var found: [String: ResourceRead?] = [:]
        for (name, result) in zip(names, results) {
            switch result {
            case .success(let read): found[name] = .some(read)
            case .failure(let error): throw error
            }
        }
        return found
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
            if let location = answer.header("location"), let target = HTTPRedirect.resolve(location, against: url),
                HTTPRedirect.isDowngrade(from: url, to: target)
            {
                throw CalDAVError(
                    "\(HTTPFetcher.display(url)) answered \(method) with a redirect to plain http (HTTP \(answer.status)): a downgrade, which would send the password in clear; refused, and calgen follows no redirect. Keep the https URL"
                )
            }
            throw CalDAVError(
                "\(HTTPFetcher.display(url)) answered \(method) with a redirect (HTTP \(answer.status)); calgen sync follows none: give the collection's final URL"
            )
        }
        return answer
    }
}
