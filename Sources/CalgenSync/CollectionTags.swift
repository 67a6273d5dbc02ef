/// What tells that a collection changed without listing it: the CalendarServer `getctag` and
/// the WebDAV `sync-token` (RFC 6578), each changing with any change in the collection.
package struct CollectionTags: Codable, Equatable, Sendable {
    package var ctag: String?
    package var syncToken: String?

    package init(ctag: String? = nil, syncToken: String? = nil) {
        self.ctag = ctag
        self.syncToken = syncToken
    }

    /// Whether the server gave any tag.
    package var isEmpty: Bool { ctag == nil && syncToken == nil }

    /// Whether these tags show that the collection is as it was when `saved` was read: at least
    /// one tag known in both, and every tag known in both the same.
    package func unchanged(since saved: CollectionTags) -> Bool {
        var compared = false
        if let ctag, let old = saved.ctag {
            guard ctag == old else { return false }
            compared = true
        }
        if let syncToken, let old = saved.syncToken {
            guard syncToken == old else { return false }
            compared = true
        }
        return compared
    }
}
