import CalgenModel

/// `_headers`: the response headers of a built site for hosts that read this file (Netlify,
/// Cloudflare Pages). Feeds are `text/calendar; charset=utf-8` and the manifest, feeds and day
/// API are cached briefly (they change when the data does); nothing under `feeds/` is indexed.
/// Personal feeds are never named (their folders are secret): they get the `feeds/*` rules and
/// the host's type for `.ics`. Rules are chosen so that no two set the same header on one path
/// (Netlify joins such values).
enum HostingHeaders {
    static func file(sitePath: String) -> OutputFile {
        let p = sitePath
        let rules: [(String, [String])] = [
            (p + "*", ["X-Content-Type-Options: nosniff"]),
            (p + "manifest.json", ["Cache-Control: public, max-age=60, must-revalidate"]),
            (p + "feeds/*", ["X-Robots-Tag: noindex, nofollow", "Cache-Control: public, max-age=300"]),
            (p + Calgen.publicFeedPath, ["Content-Type: text/calendar; charset=utf-8"]),
            (p + Calgen.festivalsFeedPath, ["Content-Type: text/calendar; charset=utf-8"]),
            (p + "api/*", ["Content-Type: application/json; charset=utf-8", "Cache-Control: public, max-age=3600"]),
            (p + "assets/*", ["Cache-Control: public, max-age=86400"]),
            // Content-hashed names (`static/<sha>/style.css`): a new file for every change.
            (p + "static/*", ["Cache-Control: public, max-age=31536000, immutable"]),
        ]
        var text = "# Response headers for Netlify and Cloudflare Pages, written by calgen.\n"
        for (path, headers) in rules {
            text += path + "\n" + headers.map { "  " + $0 + "\n" }.joined()
        }
        return OutputFile(path: "_headers", bytes: Array(text.utf8))
    }
}
