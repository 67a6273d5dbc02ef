import Foundation

/// The local preview server of `calgen serve` (on `LoopbackHTTPServer`): static files of the last good
/// build over HTTP/1.1 on 127.0.0.1, with the site's `404.html` for misses and, in HTML
/// responses only, a small script that reloads the page after the next good rebuild. Nothing it
/// injects is ever written to the output.
public final class DevServer: @unchecked Sendable {
    /// The path part of the base URL: the site is served below it.
    let sitePath: String
    private let port: UInt16
    private var server: LoopbackHTTPServer?
    private let lock = NSLock()
    private var root: String?
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

    /// Serves `directory` from now on, and tells open pages to reload.
    public func publish(_ directory: String) {
        lock.withLock {
            root = directory
            failure = nil
            generation += 1
        }
    }

    /// Records that the last rebuild failed (the last good build stays served).
    public func markFailed(_ message: String) {
        lock.withLock { failure = message }
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
        let (root, generation, failure) = lock.withLock { (self.root, self.generation, self.failure) }
        let pathPart = String(target.prefix { $0 != "?" && $0 != "#" })
        let query = target.firstIndex(of: "?").map { String(target[$0...]) } ?? ""
        if pathPart == "/__calgen/generation" {
            return Response(status: 200, type: "text/plain; charset=utf-8", body: Array("\(generation)".utf8))
        }
        guard let root else {
            let text = "calgen serve: the site has not built yet.\n\n" + (failure ?? "building…")
            return Response(status: 503, type: "text/plain; charset=utf-8", body: Array(text.utf8), headers: ["Retry-After: 1"])
        }
        guard let requested = RequestPath(pathPart) else {
            return Response(status: 400, type: "text/plain; charset=utf-8", body: Array("bad path\n".utf8))
        }
        var path = requested
        let site = RequestPath(sitePath) ?? RequestPath("/")!
        if !site.segments.isEmpty && (path.segments.isEmpty || path.segments == site.segments && !path.trailingSlash) {
            return Response(status: 302, type: "text/plain", body: [], headers: ["Location: \(site.encoded)"])
        }
        let inSite = path.segments.starts(with: site.segments)
        let relative = path.segments.dropFirst(site.segments.count).map { "/" + $0 }.joined()
        var file = root + relative
        var isDirectory: ObjCBool = false
        let exists = inSite && FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue {
            file += "/index.html"
            if !path.segments.isEmpty { path.trailingSlash = true }
        }
        if !requested.isCanonical || path.trailingSlash != requested.trailingSlash {
            return Response(status: 301, type: "text/plain", body: [], headers: ["Location: \(path.encoded)\(query)"])
        }
        guard exists, !path.trailingSlash || isDirectory.boolValue, let data = FileManager.default.contents(atPath: file) else {
            return notFound(root)
        }
        let type = DevServer.contentType(file)
        return Response(status: 200, type: type, body: type.hasPrefix("text/html") ? inject(Array(data)) : Array(data))
    }

    private func notFound(_ root: String) -> Response {
        let page = FileManager.default.contents(atPath: root + "/404.html").map { inject(Array($0)) } ?? Array("not found\n".utf8)
        return Response(status: 404, type: "text/html; charset=utf-8", body: page)
    }

    /// The reload script, before `</body>`.
    func inject(_ html: [UInt8]) -> [UInt8] {
        let marker = Array("</body>".utf8)
        guard html.count >= marker.count else { return html }
        var i = html.count - marker.count
        while i >= 0 {
            if html[i] == marker[0] && Array(html[i..<(i + marker.count)]) == marker {
                return Array(html[..<i]) + Array(DevServer.reloadScript.utf8) + Array(html[i...])
            }
            i -= 1
        }
        return html
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
