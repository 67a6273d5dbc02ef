import CalgenModel
import TemplateEngine

/// `_headers`: the response headers of a built site for hosts that read this file (Netlify,
/// Cloudflare Pages), from `Templates/_headers.mustache`. Feeds are `text/calendar;
/// charset=utf-8` and the manifest, feeds and day API are cached briefly (they change when the
/// data does); nothing under `feeds/` is indexed; any web page may read the site manifest, the
/// day API and the public feeds' manifests (CORS). Personal feeds are never named (their folders
/// are secret): they get the `feeds/*` rules and the host's type for `.ics`. Rules are chosen so
/// that no two set the same header on one path (Netlify joins such values).
package struct HostingHeaders: Page {
    package static let kind = PageKind.headers
    package static let template = PagePath.headers

    let sitePath: String

    package var path: String { PagePath.headers }

    package static func file(sitePath: String, templates: TemplateSet) -> OutputFile {
        templates.render(HostingHeaders(sitePath: sitePath))
    }

    package struct Context: Encodable {
        let sitePath: String
        let paths: TemplateValue
        /// The public feeds by name (any web page may read their manifests); the public
        /// schedules' folder as a whole. Personal feeds and their manifests get neither.
        let publicFeeds: [PublicFeed]
    }

    struct PublicFeed: Encodable {
        let feed: String
        let manifest: String
    }

    package func context() -> Context {
        Context(
            sitePath: sitePath, paths: LayoutContext.paths,
            publicFeeds: Calgen.publicFeedPaths.map { PublicFeed(feed: $0, manifest: FeedPath.manifest(of: $0)) })
    }

    package static func examples(_ pages: HTMLPages) -> [HostingHeaders] { [HostingHeaders(sitePath: pages.sitePath)] }
}
