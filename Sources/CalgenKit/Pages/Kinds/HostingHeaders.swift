import CalgenModel

/// `_headers`: the response headers of a built site for hosts that read this file (Netlify,
/// Cloudflare Pages), from `Templates/_headers.mustache`. Feeds are `text/calendar;
/// charset=utf-8` and the manifest, feeds and day API are cached briefly (they change when the
/// data does); nothing under `feeds/` is indexed. Personal feeds are never named (their folders
/// are secret): they get the `feeds/*` rules and the host's type for `.ics`. Rules are chosen so
/// that no two set the same header on one path (Netlify joins such values).
struct HostingHeaders: Page {
    static let template = PagePath.headers

    let sitePath: String

    var path: String { PagePath.headers }

    static func file(sitePath: String, templates: TemplateSet) -> OutputFile {
        templates.render(HostingHeaders(sitePath: sitePath))
    }

    func context() -> [String: Any] {
        ["sitePath": sitePath, "paths": PagePath.templateContext]
    }
}
