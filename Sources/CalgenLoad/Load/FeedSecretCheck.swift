import CalgenCore
import CalgenModel

extension FeedSecret {
    /// Refuses to make personal feeds for `site` in CI without a secret; the content directory
    /// names the place in the message.
    public func check(_ site: Site, contentDirectory: String) throws(ContentErrors) {
        try check(hasSubscribers: !site.subscribers.isEmpty, contentDirectory: contentDirectory)
    }

    /// The same, for a site whose subscribers were not all parsed (a shard, an assembly).
    package func check(hasSubscribers: Bool, contentDirectory: String) throws(ContentErrors) {
        guard origin == .missingInCI, hasSubscribers else { return }
        throw ContentErrors([
            FeedSecret.missingInCIDiagnostic(usersDirectory: ContentLoader(contentDirectory: contentDirectory).display("users"))
        ])
    }
}
