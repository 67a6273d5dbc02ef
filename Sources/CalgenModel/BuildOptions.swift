import CalgenCore
import Foundation

/// What to build and where.
public struct BuildOptions: Sendable {
    public var contentDirectory: String
    public var templatesDirectory: String
    public var outputDirectory: String
    /// "Now", which decides the current day and year on the pages. The caller takes it from
    /// `SOURCE_DATE_EPOCH`, `--now` or the clock; the build never reads the clock itself.
    public var now: Date
    /// Whether notes marked `draft: true` are built.
    public var includeDrafts: Bool
    /// The secret personal feed URLs are derived from.
    public var feedSecret: FeedSecret
    /// The last published `manifest.json` (with the feed manifests beside it), when the output
    /// directory does not hold the previous build.
    public var previousManifest: String?
    /// Where `previousManifest`'s folder was downloaded from (`--previous-site`), so that messages
    /// name the published file instead of a temporary copy.
    public var previousManifestOrigin: String?
    /// Whether a feed manifest that the previous manifest lists may be missing, restarting its
    /// events' `SEQUENCE` (`--allow-reset`). Without it a missing one is an error.
    public var allowReset: Bool
    /// Replaces `base-url` of `site.yml`, for a preview deploy at another address.
    public var baseURL: String?
    /// Render only this shard's personal feeds (`--shard K/N`), into a folder for `assemble`.
    public var shard: Shard?
    /// The folders of every shard of this build (`--assemble`): the site is built with each
    /// personal feed taken from its shard instead of rendered.
    public var assemble: [String] = []
    /// Whether warnings (an audience no subscriber takes, a feed too large for some apps, …)
    /// fail the run as errors, with nothing written (`--strict`, for CI).
    public var strict = false
    /// Whether the build's largest values are left to the process's exit instead of freed when
    /// it returns (for a command that exits right after one build: freeing a large site's
    /// hundreds of thousands of strings takes tens of milliseconds for nothing).
    public var keepsMemoryUntilExit = false
    /// Called as each step starts (for a progress indicator on a terminal).
    public var progress: (@Sendable (_ step: String, _ index: Int, _ count: Int) -> Void)?

    public init(
        contentDirectory: String = "Content", templatesDirectory: String = "Templates", outputDirectory: String = "public",
        now: Date, includeDrafts: Bool = false, feedSecret: FeedSecret = .development, previousManifest: String? = nil,
        baseURL: String? = nil, allowReset: Bool = false
    ) {
        self.allowReset = allowReset
        self.baseURL = baseURL
        self.previousManifest = previousManifest
        self.feedSecret = feedSecret
        self.contentDirectory = contentDirectory
        self.templatesDirectory = templatesDirectory
        self.outputDirectory = outputDirectory
        self.now = now
        self.includeDrafts = includeDrafts
    }
}
