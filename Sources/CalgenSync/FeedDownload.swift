import CalgenLoad
import CalgenSupport
import Foundation

/// A feed `calgen sync` reads from a URL: a GET without credentials, conditional on the
/// `ETag` and `Last-Modified` of the last sync, redirects followed as ``HTTPRedirect`` says (at
/// most 3, never from https down to http), within the size limit and deadlines of the
/// ``SyncHTTP`` given.
package enum FeedDownload {
    /// What the feed's URL gave.
    package enum Answer: Sendable {
        /// 304: the feed is the one last synced.
        case notModified
        case feed(bytes: [UInt8], etag: String?, lastModified: String?)
    }

    /// Whether `url` may be a source: https, or http to this machine only.
    package static func isAllowedSource(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased(), !host.isEmpty, components.user == nil, components.password == nil
        else { return false }
        return scheme == "https" || (scheme == "http" && ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host))
    }

    /// The feed at `url`; `etag` and `lastModified` make the GET conditional.
    package static func get(_ url: String, etag: String?, lastModified: String?, http: SyncHTTP) throws(CalDAVError) -> Answer {
        var headers: [String] = []
        if let etag { headers.append("If-None-Match: \(etag)") }
        if let lastModified { headers.append("If-Modified-Since: \(lastModified)") }
        let answer = try follow(url, headers: headers, http: http)
        switch answer.status {
        case 200: return .feed(bytes: answer.body, etag: answer.etag, lastModified: answer.header("last-modified"))
        case 304 where !headers.isEmpty: return .notModified
        case 404, 410: throw CalDAVError("\(HTTPFetcher.display(url)): no feed there (HTTP \(answer.status))")
        default: throw CalDAVError("\(HTTPFetcher.display(url)): GET gave HTTP \(answer.status), not a feed")
        }
    }

    /// The `version` of the feed manifest beside the feed (`<id>.json` for `<id>.ics`), if there
    /// is one and it says; `nil` otherwise, never an error.
    package static func manifestVersion(ofFeed url: String, http: SyncHTTP) -> Int? {
        guard var components = URLComponents(string: url), components.path.hasSuffix(".ics") else { return nil }
        components.path = String(components.path.dropLast(4)) + ".json"
        components.query = nil
        guard let manifest = components.string, let answer = try? follow(manifest, headers: [], http: http),
            answer.status == 200
        else { return nil }
        return manifestVersion(answer.body)
    }

    /// The `version` of a feed manifest's bytes.
    package static func manifestVersion(_ bytes: [UInt8]) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        return object["version"] as? Int
    }

    private static func follow(_ start: String, headers: [String], http: SyncHTTP) throws(CalDAVError) -> SyncHTTP.Answer {
        var url = start
        var followed = 0
        while true {
            let answer = try http.send("GET", url: url, headers: headers)
            guard HTTPRedirect.isRedirect(answer.status) else { return answer }
            switch HTTPRedirect.next(
                location: answer.header("location"), status: answer.status, at: url, start: start, followed: followed)
            {
            case .success(let next):
                url = next
                followed += 1
            case .failure(let refusal): throw CalDAVError("\(HTTPFetcher.display(url)): \(refusal.reason)")
            }
        }
    }
}

extension SyncState {
    /// The file name of the state of `source` synced into `target` when no `--state` is given
    /// and the source is a URL: a digest of both, in the cache folder.
    package static func cacheName(source: String, target: String) -> String {
        Digest.sha256(Array("\(source)\n\(target)".utf8)).prefix(24) + ".sync-state.json"
    }
}
