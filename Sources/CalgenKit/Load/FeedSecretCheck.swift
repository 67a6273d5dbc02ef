import CalgenCore
import CalgenModel

extension FeedSecret {
    /// Refuses to make personal feeds for `site` in CI without a secret; the content directory
    /// names the place in the message.
    public func check(_ site: Site, contentDirectory: String) throws(ContentErrors) {
        guard origin == .missingInCI, !site.subscribers.isEmpty else { return }
        throw ContentErrors([
            FeedSecret.missingInCIDiagnostic(usersDirectory: ContentLoader(contentDirectory: contentDirectory).display("users"))
        ])
    }
}
