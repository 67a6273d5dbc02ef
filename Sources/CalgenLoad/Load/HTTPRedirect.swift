import Foundation

/// The one rule for the redirects calgen follows, whatever downloads: a redirect is followed
/// only by a GET that carries no credentials (a URL with a user name or password follows none),
/// only to an http(s) URL (never from https down to http) without a user name or password in
/// it, and at most ``maxRedirects`` times. It may lead to another host, as a site moved to a
/// domain of its own does: nothing secret goes with it. A request that carries a password (a
/// CalDAV request of `calgen sync`) never leaves the origin given: CalDAV discovery follows
/// only `/.well-known/caldav`, once, and only to a path of the same origin.
package enum HTTPRedirect {
    /// How many redirects one GET may follow.
    package static let maxRedirects = 3

    /// Whether `status` asks to be redirected.
    package static func isRedirect(_ status: Int) -> Bool { [301, 302, 303, 307, 308].contains(status) }

    /// Where the redirect answered at `url` leads (its `location`, resolved against `url`), for
    /// a GET that asked for `start` and has followed `followed` redirects already, at most
    /// `limit`; or why it is not followed, to be said after `url`.
    package static func next(
        location: String?, status: Int, at url: String, start: String, followed: Int, limit: Int = maxRedirects
    ) -> Result<String, Refusal> {
        func offHTTP(_ target: String) -> Result<String, Refusal> {
            .failure(
                Refusal(
                    "redirects to \(HTTPFetcher.display(target)), which is not an http(s) URL; a redirect is followed only to http(s)"
                ))
        }
        // A scheme of its own (`file:`, `data:`) is refused as such, even where the rest is no URL.
        if let location, let colon = location.firstIndex(of: ":"),
            location[..<colon].range(of: "^[A-Za-z][A-Za-z0-9+.-]*$", options: .regularExpression) != nil,
            !["http", "https"].contains(location[..<colon].lowercased())
        {
            return offHTTP(location)
        }
        guard let location, let next = URL(string: location, relativeTo: URL(string: url))?.absoluteURL.absoluteString
        else { return .failure(Refusal("HTTP \(status) without a usable Location")) }
        let shown = HTTPFetcher.display(next)
        guard HTTPFetcher.isHTTP(next) else { return offHTTP(next) }
        if let parts = URLComponents(string: next), parts.user != nil || parts.password != nil {
            return .failure(
                Refusal("redirects to \(shown) with a user name or password, which calgen never sends after a redirect"))
        }
        if isDowngrade(from: url, to: next) || isDowngrade(from: start, to: next) {
            return .failure(
                Refusal("redirects to plain http (\(shown)): a downgrade, which calgen never follows; keep the https URL"))
        }
        guard followed < limit else { return .failure(Refusal("more than \(limit) redirects (the last to \(shown))")) }
        return .success(next)
    }

    /// Why a redirect is not followed.
    package struct Refusal: Error, Sendable {
        package let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// `href` resolved against `base`, when it is an http(s) URL.
    package static func resolve(_ href: String, against base: String) -> String? {
        guard let baseURL = URL(string: base), let url = URL(string: href, relativeTo: baseURL)?.absoluteURL,
            HTTPFetcher.isHTTP(url.absoluteString)
        else { return nil }
        return url.absoluteString
    }

    /// Whether `to` is plain http where `from` is https.
    package static func isDowngrade(from: String, to: String) -> Bool {
        URLComponents(string: from)?.scheme?.lowercased() == "https" && URLComponents(string: to)?.scheme?.lowercased() == "http"
    }

    /// Whether `a` and `b` have the same scheme, host and port.
    package static func isSameOrigin(_ a: String, _ b: String) -> Bool {
        guard let x = URLComponents(string: a), let y = URLComponents(string: b) else { return false }
        func port(_ c: URLComponents) -> Int? { c.port ?? (c.scheme?.lowercased() == "https" ? 443 : 80) }
        return x.scheme?.lowercased() == y.scheme?.lowercased() && x.host?.lowercased() == y.host?.lowercased()
            && port(x) == port(y)
    }
}
