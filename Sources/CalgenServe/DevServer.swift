import Foundation

/// The local preview server of `calgen serve` (on `LoopbackHTTPServer`): the files of the last good
/// build (a `ServedSite`: a folder, or a site held in memory) over HTTP/1.1 on 127.0.0.1, with the
/// site's `404.html` for misses and, in HTML responses only, a small script that reloads the page
/// whenever the site is rebuilt or its content breaks, and while it is broken a banner with the
/// problems. Nothing it injects is ever written to the output.
public final class DevServer: @unchecked Sendable {
    /// The path part of the base URL: the site is served below it.
    let sitePath: String
    private let port: UInt16
    private var server: LoopbackHTTPServer?
    private let lock = NSLock()
    private var site: (any ServedSite)?
    private var generation = 0
    private var failure: String?
    /// The server's bounds on connections and their time (tests shorten them).
    var limits = LoopbackHTTPServer.Limits.standard
    /// The server once started (for tests).
    var loopbackServer: LoopbackHTTPServer? { lock.withLock { server } }

    /// Throws `DevServerError.notAPort` when `port` is not a port number.
    public init(port: Int, sitePath: String) throws {
        self.sitePath = sitePath
        guard let number = UInt16(exactly: port) else {
            throw DevServerError.notAPort(port)
        }
        self.port = number
    }

    /// Starts listening and returns the port (the one the system chose when asked for 0).
    /// Throws when the port cannot be used.
    public func start() async throws -> Int {
        let server = try LoopbackHTTPServer(port: port, limits: limits) { [self] request in respond(request) }
        lock.withLock { self.server = server }
        server.start()
        return server.port
    }

    /// Stops accepting connections.
    public func stop() async {
        lock.withLock { server }?.stop()
    }

    /// The answer to one request: GET and HEAD of the site's files, for requests that name the
    /// loopback host (`LoopbackHost`); any other host gets 403, on every path.
    func respond(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        guard LoopbackHost.allows(request.host) else { return LoopbackHost.refusal }
        guard request.method == "GET" || request.method == "HEAD" else {
            // 405 for the methods of RFC 9110 that this server does not allow, 501 for any other.
            let known = ["POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"].contains(request.method)
            return LoopbackHTTPServer.Response(
                status: known ? 405 : 501, headers: ["Content-Type: text/plain; charset=utf-8", "Allow: GET, HEAD"],
                body: Array("only GET and HEAD\n".utf8))
        }
        let response = route(request.target)
        return LoopbackHTTPServer.Response(
            status: response.status, headers: ["Content-Type: \(response.type)", "Cache-Control: no-cache"] + response.headers,
            body: response.body)
    }

    /// Serves the files of `directory` from now on, and tells open pages to reload.
    public func publish(_ directory: String) {
        publish(site: DiskSite(root: directory))
    }

    /// Serves `site` from now on, and tells open pages to reload.
    public func publish(site: any ServedSite) {
        lock.withLock {
            self.site = site
            failure = nil
            generation += 1
        }
    }

    /// Records that the content does not build (the last good build stays served, each of its
    /// pages with a banner of `message`), and tells open pages to reload to show it.
    public func markFailed(_ message: String) {
        lock.withLock {
            if failure != message { generation += 1 }
            failure = message
        }
    }

    struct Response {
        var status: Int
        var type: String
        var body: [UInt8]
        var headers: [String] = []
    }

    /// What to answer for a request target (origin form: a path, then maybe a query). A path
    /// with `//`, `.` or `..` segments is redirected to its resolved form, a folder without its
    /// final `/` to the folder; every `Location` is a path on this origin (one leading `/`).
    func route(_ target: String) -> Response {
        let (site, generation, failure) = lock.withLock { (self.site, self.generation, self.failure) }
        let pathPart = String(target.prefix { $0 != "?" && $0 != "#" })
        let query = target.firstIndex(of: "?").map { String(target[$0...]) } ?? ""
        if pathPart == "/__calgen/generation" {
            return Response(status: 200, type: "text/plain; charset=utf-8", body: Array("\(generation)".utf8))
        }
        guard let site else {
            let text = "calgen serve: the site has not built yet.\n\n" + (failure ?? "building…")
            return Response(status: 503, type: "text/plain; charset=utf-8", body: Array(text.utf8), headers: ["Retry-After: 1"])
        }
        guard let requested = RequestPath(pathPart) else {
            return Response(status: 400, type: "text/plain; charset=utf-8", body: Array("bad path\n".utf8))
        }
        let served = site
        var path = requested
        let siteRoot = RequestPath(sitePath) ?? RequestPath("/")!
        if !siteRoot.segments.isEmpty
            && (path.segments.isEmpty || path.segments == siteRoot.segments && !path.trailingSlash)
        {
            return Response(status: 302, type: "text/plain", body: [], headers: ["Location: \(siteRoot.encoded)"])
        }
        let inSite = path.segments.starts(with: siteRoot.segments)
        var file = path.segments.dropFirst(siteRoot.segments.count).joined(separator: "/")
        let isFolder = inSite && served.isFolder(file)
        if isFolder {
            file += file.isEmpty ? "index.html" : "/index.html"
            if !path.segments.isEmpty { path.trailingSlash = true }
        }
        if !requested.isCanonical || path.trailingSlash != requested.trailingSlash {
            return Response(status: 301, type: "text/plain", body: [], headers: ["Location: \(path.encoded)\(query)"])
        }
        guard inSite, !path.trailingSlash || isFolder, let data = served.file(file) else {
            return notFound(served, failure: failure)
        }
        let type = DevServer.contentType(file)
        return Response(status: 200, type: type, body: type.hasPrefix("text/html") ? inject(data, failure: failure) : data)
    }

    private func notFound(_ site: any ServedSite, failure: String?) -> Response {
        let page = site.file("404.html").map { inject($0, failure: failure) } ?? Array("not found\n".utf8)
        return Response(status: 404, type: "text/html; charset=utf-8", body: page)
    }

    /// The reload script, and the banner of the content's problems while it has any, before
    /// `</body>`.
    func inject(_ html: [UInt8], failure: String? = nil) -> [UInt8] {
        let marker = Array("</body>".utf8)
        guard html.count >= marker.count else { return html }
        var i = html.count - marker.count
        while i >= 0 {
            if html[i] == marker[0] && Array(html[i..<(i + marker.count)]) == marker {
                let banner = failure.map(DevServer.problemsBanner) ?? ""
                return Array(html[..<i]) + Array((banner + DevServer.reloadScript).utf8) + Array(html[i...])
            }
            i -= 1
        }
        return html
    }

    /// The content's problems over the page, as Hugo and Vite show a broken build: fixed at the
    /// top, every problem with its file, place and fix, escaped; the page reloads by itself once
    /// they are fixed.
    static func problemsBanner(_ message: String) -> String {
        var escaped = ""
        for character in message {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return """
            <div data-calgen-serve-problems role="alert" style="position:fixed;inset:0 0 auto 0;z-index:2147483647;\
            max-height:70vh;overflow:auto;margin:0;padding:12px 16px;background:#fff4f4;color:#1a1a1a;\
            border-bottom:3px solid #c00;font:14px/1.45 ui-monospace,Menlo,Consolas,monospace;\
            box-shadow:0 2px 8px rgba(0,0,0,.25)"><strong style="color:#a00">calgen serve: the content does not \
            build; this is the last good build. Fix these and the page reloads by itself.</strong>\
            <pre style="white-space:pre-wrap;margin:8px 0 0">\(escaped)</pre></div>

            """
    }

    /// Polls the build generation and reloads once it changes: after a good rebuild only.
    static let reloadScript = """
        <script data-calgen-serve>(function () {
          var seen = null;
          function poll() {
            fetch("/__calgen/generation", { cache: "no-store" }).then(function (r) { return r.text(); }).then(function (g) {
              if (seen !== null && g !== seen) { location.reload(); }
              seen = g;
            }).catch(function () {}).then(function () { setTimeout(poll, 700); });
          }
          poll();
        })();</script>

        """

    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "ics": return "text/calendar; charset=utf-8"
        case "xml": return "application/xml"
        case "txt": return "text/plain; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        default: return "application/octet-stream"
        }
    }
}

/// Why the preview server cannot start.
public enum DevServerError: Error, CustomStringConvertible {
    case notAPort(Int)
    /// The socket could not be opened or bound; the reason is the system's.
    case socket(String)

    public var description: String {
        switch self {
        case .notAPort(let port): "--port \(port) is not a port number (0–65535)"
        case .socket(let reason): reason
        }
    }
}
