import CalgenLoad
import Foundation

/// The resources of a calendar collection as its `PROPFIND` of depth 1 lists them, believed
/// only as far as the listing proves itself: the collection's own response must be in it (a
/// listing without it was cut short or is another document), and only hrefs directly inside the
/// collection's path on its origin count as its resources; an href on another host, in another
/// path, with `..`, or naming a sub-collection is left out.
package struct CollectionListing: Equatable, Sendable {
    /// Resource name (the last segment of its path, decoded) → ETag.
    package var etags: [String: String] = [:]
    /// The collection's own tags.
    package var tags = CollectionTags()
    /// Resources listed without an ETag.
    package var withoutETag: Set<String> = []
    /// Resources listed more than once with different ETags: the first is kept.
    package var listedTwice: Set<String> = []
    /// Hrefs left out: not directly inside the collection.
    package var leftOut: [String] = []

    package init(etags: [String: String] = [:]) { self.etags = etags }

    /// The listing that `responses` give for `collection` (its URL, ending in `/`).
    /// Throws when the collection's own response is missing, and with `isMissing` when it says
    /// the collection is not there.
    package static func read(_ responses: [Multistatus.Response], collection: String) throws(CalDAVError)
        -> CollectionListing
    {
        let shown = HTTPFetcher.display(collection)
        guard let base = segments(collection) else { throw CalDAVError("\(shown) is not a URL calgen can read") }
        var listing = CollectionListing()
        var own = false
        for response in responses {
            guard let place = place(of: response.href, in: collection, base: base) else {
                listing.leftOut.append(response.href)
                continue
            }
            switch place {
            case .collection:
                if response.status == 404 || response.status == 410 {
                    throw CalDAVError(
                        "\(shown): no collection there (HTTP \(response.status ?? 404)); create the calendar first and give its URL",
                        isMissing: true)
                }
                own = true
                listing.tags = CollectionTags(ctag: response.text("getctag"), syncToken: response.text("sync-token"))
            case .resource(let name):
                guard let etag = response.text("getetag") else {
                    if response.status == nil || response.status == 200 { listing.withoutETag.insert(name) }
                    continue
                }
                if let first = listing.etags[name] {
                    if first != etag { listing.listedTwice.insert(name) }
                    continue
                }
                listing.etags[name] = etag
            case .subCollection:
                listing.leftOut.append(response.href)
            }
        }
        guard own else {
            throw CalDAVError(
                "\(shown): the listing (PROPFIND, HTTP 207) does not include the collection's own response: it was cut short or is not this collection's listing; nothing was written"
            )
        }
        return listing
    }

    enum Place: Equatable {
        case collection
        case resource(String)
        case subCollection
    }

    /// Where `href` lies relative to `collection`; `nil` when it is not the collection nor directly inside it.
    static func place(of href: String, in collection: String, base: [String]) -> Place? {
        guard let baseURL = URL(string: collection), let url = URL(string: href, relativeTo: baseURL)?.absoluteURL,
            HTTPRedirect.isSameOrigin(url.absoluteString, collection),
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.percentEncodedQuery == nil, components.percentEncodedFragment == nil,
            let path = segments(url.absoluteString)
        else { return nil }
        if path == base { return .collection }
        guard path.count == base.count + 1, Array(path.prefix(base.count)) == base, let name = path.last else { return nil }
        return components.percentEncodedPath.hasSuffix("/") ? .subCollection : .resource(name)
    }

    /// The decoded segments of a URL's path; `nil` when one is `.`, `..`, holds a `/` or cannot be decoded.
    static func segments(_ url: String) -> [String]? {
        guard let components = URLComponents(string: url) else { return nil }
        var result: [String] = []
        for part in components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = String(part).removingPercentEncoding, decoded != ".", decoded != "..",
                !decoded.contains("/"), !decoded.isEmpty
            else { return nil }
            result.append(decoded)
        }
        return result
    }
}
