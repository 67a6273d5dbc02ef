import CalgenLoad
import CalgenSupport
import Foundation

/// Finds a calendar collection from a server's or a principal's URL (RFC 6764 §6, RFC 4791
/// §6.2.1, RFC 5397): the `current-user-principal` of the URL given, else of
/// `/.well-known/caldav` (one redirect followed, on the same origin only), the principal's
/// `calendar-home-set`, then the calendar of the home with the display name asked for, made
/// with `MKCALENDAR` when `--create` asks for it. Every request goes to the origin of the URL
/// given: an answer that leads elsewhere is an error naming where, never followed with the
/// password.
package struct CalDAVDiscovery: Sendable {
    package let http: SyncHTTP
    /// The URL given (`--to`).
    package let start: String

    package init(start: String, http: SyncHTTP) {
        self.start = start
        self.http = http
    }

    /// Which calendar of the home.
    package enum Choice: Equatable, Sendable {
        /// The calendar with this display name; an error when there is none.
        case named(String)
        /// The calendar with this display name, made when there is none.
        case create(String)

        package var name: String {
            switch self {
            case .named(let name), .create(let name): name
            }
        }
    }

    /// The calendar found: its collection URL, and whether it was made now.
    package struct Found: Equatable, Sendable {
        package let collection: String
        package let created: Bool
        /// A dry run found no calendar to `--create`: ``collection`` is where it would be made,
        /// and nothing was sent to make it.
        package var wouldCreate = false
    }

    /// The calendar `choice` names. With `dryRun`, nothing that writes is sent: a calendar to
    /// create is only said to be (``Found/wouldCreate``).
    package func find(_ choice: Choice, dryRun: Bool = false) throws(CalDAVError) -> Found {
        let home = try calendarHome()
        let listing = try propfind(home, depth: 1, ["d:resourcetype", "d:displayname"])
        guard listing.status == 207 else {
            throw CalDAVError("\(HTTPFetcher.display(home)): the calendar home answered PROPFIND with HTTP \(listing.status)")
        }
        let url: String
        switch try CalDAVDiscovery.pick(choice, in: listing.responses, home: home, start: start) {
        case .found(let found): return Found(collection: found, created: false)
        case .make(let place): url = place
        }
        let name = choice.name
        if dryRun { return Found(collection: url, created: false, wouldCreate: true) }
        let answer = try http.send(
            "MKCALENDAR", url: url, headers: ["Content-Type: application/xml; charset=utf-8"],
            body: Array(CalDAVDiscovery.mkcalendarBody(displayName: name).utf8))
        guard answer.status == 201 || answer.status == 200 else {
            throw CalDAVError(
                "\(HTTPFetcher.display(url)): MKCALENDAR of \"\(name)\" gave HTTP \(answer.status); make the calendar in the server's own app and give its URL as --to"
            )
        }
        return Found(collection: url, created: true)
    }

    /// The principal's calendar home: from the URL given, else from `/.well-known/caldav`.
    func calendarHome() throws(CalDAVError) -> String {
        let properties = ["d:current-user-principal", "c:calendar-home-set", "d:resourcetype"]
        let first = try propfind(start, depth: 0, properties)
        if first.status == 207, let response = first.responses.first {
            if response.isResource("calendar") {
                throw CalDAVError(
                    "\(HTTPFetcher.display(start)) is a calendar already: give it as --to without --calendar or --create")
            }
            if let home = response.href(in: "calendar-home-set") {
                return try sameOrigin(home, from: start, what: "calendar home")
            }
            if let principal = response.href(in: "current-user-principal") {
                return try home(ofPrincipal: principal, from: start)
            }
        }
        // RFC 6764 §5: the well-known URL, which may redirect once within the origin.
        guard let wellKnown = HTTPRedirect.resolve("/.well-known/caldav", against: start) else {
            throw CalDAVError("\(HTTPFetcher.display(start)) is not a URL calgen can read")
        }
        var url = wellKnown
        var answer = try propfind(url, depth: 0, properties)
        if (300..<400).contains(answer.status) {
            guard let location = answer.location else {
                throw CalDAVError("\(HTTPFetcher.display(url)) answered HTTP \(answer.status) without a Location")
            }
            url = try sameOrigin(location, from: url, what: "redirect")
            answer = try propfind(url, depth: 0, properties)
        }
        guard answer.status == 207, let response = answer.responses.first else {
            throw CalDAVError(
                "no CalDAV principal found at \(HTTPFetcher.display(start)) (HTTP \(first.status)) nor at \(HTTPFetcher.display(url)) (HTTP \(answer.status)): give the server's CalDAV URL or the calendar's own URL"
            )
        }
        if let home = response.href(in: "calendar-home-set") { return try sameOrigin(home, from: url, what: "calendar home") }
        guard let principal = response.href(in: "current-user-principal") else {
            throw CalDAVError("\(HTTPFetcher.display(url)) names no current-user-principal: give the calendar's own URL as --to")
        }
        return try home(ofPrincipal: principal, from: url)
    }

    private func home(ofPrincipal href: String, from base: String) throws(CalDAVError) -> String {
        guard let principal = HTTPRedirect.resolve(href, against: base) else {
            throw CalDAVError("\(HTTPFetcher.display(base)) names a principal that is no URL: \(href)")
        }
        // A principal on another host (iCloud's, when --to is the calendar home of pNN-caldav):
        // the URL given is taken as the calendar home itself; the password does not go there.
        guard HTTPRedirect.isSameOrigin(principal, start) else { return start.hasSuffix("/") ? start : start + "/" }
        let answer = try propfind(principal, depth: 0, ["c:calendar-home-set"])
        guard answer.status == 207, let home = answer.responses.first?.href(in: "calendar-home-set") else {
            throw CalDAVError(
                "\(HTTPFetcher.display(principal)): the principal names no calendar-home-set (HTTP \(answer.status)): give the calendar's own URL as --to"
            )
        }
        return try sameOrigin(home, from: principal, what: "calendar home")
    }

    /// `href` resolved against `base`; an error when it is on another origin than the URL given.
    private func sameOrigin(_ href: String, from base: String, what: String) throws(CalDAVError) -> String {
        guard let url = HTTPRedirect.resolve(href, against: base) else {
            throw CalDAVError("\(HTTPFetcher.display(base)) names a \(what) that is no URL: \(href)")
        }
        if HTTPRedirect.isDowngrade(from: start, to: url) {
            throw CalDAVError(
                "the \(what) of \(HTTPFetcher.display(start)) is \(HTTPFetcher.display(url)): a downgrade from https to plain http, which would send the password in clear; refused. Keep the https URL, and have the server's https answer name https URLs"
            )
        }
        guard HTTPRedirect.isSameOrigin(url, start) else {
            throw CalDAVError(
                "the \(what) of \(HTTPFetcher.display(start)) is \(HTTPFetcher.display(url)), on another host: calgen sends the password only to the host given; run again with --to \(HTTPFetcher.display(url))"
            )
        }
        return url
    }

    private struct Listing {
        var status: Int
        var location: String?
        var responses: [Multistatus.Response]
    }

    private func propfind(_ url: String, depth: Int, _ properties: [String]) throws(CalDAVError) -> Listing {
        let answer = try http.send(
            "PROPFIND", url: url, headers: ["Depth: \(depth)", "Content-Type: application/xml; charset=utf-8"],
            body: Array(CalDAVClient.propfind(properties).utf8))
        return Listing(
            status: answer.status, location: answer.header("location"),
            responses: answer.status == 207 ? Multistatus.responses(String(decoding: answer.body, as: UTF8.self)) : [])
    }
}

extension CalDAVDiscovery {
    /// The calendars of a home's listing (the home itself and other collections left out): URL and
    /// display name, or the last part of the path when it has none. An href may name another
    /// host: ``find(_:dryRun:)`` leaves out those not on the origin of the URL given.
    static func calendars(in responses: [Multistatus.Response], home: String) -> [(url: String, name: String)] {
        responses.compactMap { response in
            guard response.isResource("calendar"), var url = HTTPRedirect.resolve(response.href, against: home) else {
                return nil
            }
            if !url.hasSuffix("/") { url += "/" }
            guard url != (home.hasSuffix("/") ? home : home + "/") else { return nil }
            let last = URL(string: url)?.lastPathComponent ?? url
            return (url, response.text("displayname") ?? last)
        }
    }

    /// What a home's listing gives for `choice`: the calendar's URL, or where ``find(_:dryRun:)``
    /// makes it for `--create`. A calendar listed on another origin than `start` (the URL given)
    /// is never chosen, as every PUT would carry the password there: one of the name asked for is
    /// an error naming it, the others are left out.
    static func pick(_ choice: Choice, in responses: [Multistatus.Response], home: String, start: String)
        throws(CalDAVError) -> Pick
    {
        let all = calendars(in: responses, home: home)
        let calendars = all.filter { HTTPRedirect.isSameOrigin($0.url, start) }
        if let elsewhere = all.first(where: { $0.name == choice.name && !HTTPRedirect.isSameOrigin($0.url, start) }) {
            throw CalDAVError(
                "the calendar \"\(choice.name)\" of \(HTTPFetcher.display(home)) is \(HTTPFetcher.display(elsewhere.url)), on another host: calgen sends the password only to the host given; run again with --to \(HTTPFetcher.display(elsewhere.url))"
            )
        }
        let matching = calendars.filter { $0.name == choice.name }
        if matching.count > 1 {
            throw CalDAVError(
                "\(HTTPFetcher.display(home)) has \(matching.count) calendars named \"\(choice.name)\": give the one meant as --to, without --calendar"
            )
        }
        if let found = matching.first { return .found(found.url) }
        guard case .create(let name) = choice else {
            let names = calendars.map { "\"\($0.name)\"" }.joined(separator: ", ")
            throw CalDAVError(
                "\(HTTPFetcher.display(home)) has no calendar named \"\(choice.name)\" (\(names.isEmpty ? "no calendar at all" : "its calendars: \(names)")); make it with --create \"\(choice.name)\""
            )
        }
        let taken = Set(responses.map { HTTPRedirect.resolve($0.href, against: home) ?? "" })
        return .make(newCollection(named: name, in: home, taken: taken))
    }

    /// The calendar of a home's listing meant, or where to make it.
    enum Pick: Equatable {
        case found(String)
        case make(String)
    }

    /// Where a calendar named `name` is made in `home`: a slug of the name (ASCII letters, digits
    /// and `-`), or `calgen-` and a digest of it when that is empty or `taken`.
    static func newCollection(named name: String, in home: String, taken: Set<String>) -> String {
        let base = home.hasSuffix("/") ? home : home + "/"
        var slug = ""
        for character in name.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                slug.append(character)
            } else if !slug.isEmpty && slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        let url = base + String(slug.prefix(60)) + "/"
        if slug.isEmpty || taken.contains(url) || taken.contains(String(url.dropLast())) {
            return base + "calgen-" + Digest.sha256(Array(name.utf8)).prefix(12) + "/"
        }
        return url
    }

    /// The body of an `MKCALENDAR` (RFC 4791 §5.3.1) of a calendar of events named `displayName`.
    static func mkcalendarBody(displayName: String) -> String {
        let escaped = displayName.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
            <d:displayname>\(escaped)</d:displayname>\
            <c:supported-calendar-component-set><c:comp name="VEVENT"/></c:supported-calendar-component-set>\
            </d:prop></d:set></c:mkcalendar>
            """
    }
}
