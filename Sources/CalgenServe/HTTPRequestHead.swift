/// The head of one HTTP/1.1 request (RFC 9112): the request line and the header fields that
/// the preview server acts on. `parse` is a pure function over bytes: whatever a client sends,
/// it returns a head or the status that refuses it, and never traps or loops.
struct HTTPRequestHead: Equatable, Sendable {
    /// The method, a token (`GET`, `HEAD`, …), case as sent.
    var method: String
    /// The target in origin form: a path starting with `/`, then the query if any (absolute-form
    /// targets are reduced to it); `*` for `OPTIONS *`. Visible ASCII only.
    var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1 (and later 1.x).
    var minorVersion: Int
    /// Whether the connection stays open after the answer.
    var keepAlive: Bool
    /// The length of the body that follows the head (0 without `Content-Length`).
    var contentLength: Int
    /// The value of the `Host` field, `nil` without one (two are refused).
    var host: String? = nil
    /// The authority of an absolute-form target (`http://authority/path`), which stands for
    /// the host instead of the `Host` field (RFC 9112 §3.2.2).
    var targetAuthority: String? = nil

    /// The host the request names: the absolute-form target's authority, else the `Host` field.
    var namedHost: String? { targetAuthority ?? host }

    /// The longest request line (else 414).
    static let maxRequestLine = 8 * 1024
    /// The longest head, request line and fields together (else 431).
    static let maxHead = 16 * 1024
    /// The most header fields (else 431).
    static let maxFields = 100
    /// The longest body (else 413); GET and HEAD have none in practice, it is read and dropped.
    static let maxBody = 1024 * 1024

    /// Parses one request head: the request line and the field lines, each ended by CRLF or a
    /// bare LF (RFC 9112 §2.2), then an empty line, and nothing after it. One empty line before
    /// the request line is ignored.
    static func parse(_ bytes: [UInt8]) throws(HTTPRequestError) -> HTTPRequestHead {
        var lines = try HTTPRequestHead.lines(bytes)
        if lines.first?.isEmpty == true { lines.removeFirst() }
        if let requestLine = lines.first, requestLine.count > maxRequestLine {
            throw HTTPRequestError(414, "the request line is too long")
        }
        if bytes.count > maxHead { throw HTTPRequestError(431, "the head is too large") }
        guard lines.count >= 2, lines.last?.isEmpty == true else {
            throw HTTPRequestError(400, "the head does not end with an empty line")
        }
        lines.removeLast()
        if lines.count - 1 > maxFields { throw HTTPRequestError(431, "too many header fields") }
        let requestLine = lines[0]

        var head = try HTTPRequestHead.requestLine(requestLine)
        var contentLength: Int?
        for line in lines.dropFirst() {
            guard let first = line.first else { throw HTTPRequestError(400, "bytes after the end of the head") }
            guard first != 0x20, first != 0x09 else {
                throw HTTPRequestError(400, "a field line starts with white space (obsolete line folding)")
            }
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex,
                line[..<colon].allSatisfy(HTTPRequestHead.isTokenByte)
            else { throw HTTPRequestError(400, "a field line is not name: value") }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            var value = line[(colon + 1)...]
            while let byte = value.first, byte == 0x20 || byte == 0x09 { value.removeFirst() }
            while let byte = value.last, byte == 0x20 || byte == 0x09 { value.removeLast() }
            guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                throw HTTPRequestError(400, "a field value holds a control character")
            }
            switch name {
            case "content-length":
                guard !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    throw HTTPRequestError(400, "Content-Length is not a number")
                }
                let digits = value.drop { $0 == 0x30 }
                // Counted digit by digit only while it is small: no overflow, whatever the length.
                guard digits.count <= 9 else { throw HTTPRequestError(413, "the body is too large") }
                let length = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
                guard length <= maxBody else { throw HTTPRequestError(413, "the body is too large") }
                if let earlier = contentLength, earlier != length {
                    throw HTTPRequestError(400, "two different Content-Length fields")
                }
                contentLength = length
            case "host":
                guard head.host == nil else { throw HTTPRequestError(400, "two Host fields") }
                head.host = String(decoding: value, as: UTF8.self)
            case "transfer-encoding":
                throw HTTPRequestError(501, "Transfer-Encoding is not supported")
            case "connection":
                for option in value.split(separator: 0x2C) {
                    let token = String(decoding: option, as: UTF8.self).trimmingSpaces().lowercased()
                    if token == "close" { head.keepAlive = false }
                    if token == "keep-alive" { head.keepAlive = true }
                }
            default:
                break
            }
        }
        head.contentLength = contentLength ?? 0
        return head
    }

    /// The offset just past the first empty line that ends a head (`\n\n`, `\n\r\n`), searching
    /// on from where the last search ended, so that a head arriving byte by byte costs linear
    /// time. (An empty line before the request line is an LF followed by the request line, so
    /// it does not end a head.)
    static func end(of buffer: [UInt8], from scanned: inout Int) -> Int? {
        var i = max(0, min(scanned, buffer.count) - 2)
        while i < buffer.count {
            if buffer[i] == 0x0A {
                if i + 1 < buffer.count && buffer[i + 1] == 0x0A { return i + 2 }
                if i + 2 < buffer.count && buffer[i + 1] == 0x0D && buffer[i + 2] == 0x0A { return i + 3 }
            }
            i += 1
        }
        scanned = buffer.count
        return nil
    }

    /// The lines of `bytes`, each without its LF or CRLF; a CR anywhere else is refused.
    private static func lines(_ bytes: [UInt8]) throws(HTTPRequestError) -> [ArraySlice<UInt8>] {
        var lines = [ArraySlice<UInt8>]()
        var start = bytes.startIndex
        var i = start
        while i < bytes.endIndex {
            switch bytes[i] {
            case 0x0A:
                let end = i > start && bytes[i - 1] == 0x0D ? i - 1 : i
                lines.append(bytes[start..<end])
                start = i + 1
            case 0x0D:
                guard i + 1 < bytes.endIndex, bytes[i + 1] == 0x0A else { throw HTTPRequestError(400, "a bare CR in the head") }
            case 0x00:
                throw HTTPRequestError(400, "a NUL byte in the head")
            default:
                break
            }
            i += 1
        }
        if start < bytes.endIndex { lines.append(bytes[start...]) }
        return lines
    }

    /// `method SP target SP HTTP/1.x`, single spaces.
    private static func requestLine(_ line: ArraySlice<UInt8>) throws(HTTPRequestError) -> HTTPRequestHead {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw HTTPRequestError(400, "the request line is not method, target and version") }
        let (methodBytes, targetBytes, version) = (parts[0], parts[1], parts[2])
        guard !methodBytes.isEmpty, methodBytes.allSatisfy(HTTPRequestHead.isTokenByte) else {
            throw HTTPRequestError(400, "the method is not a token")
        }
        guard !targetBytes.isEmpty, targetBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != 0x23 }) else {
            throw HTTPRequestError(400, "the target holds a byte that is not allowed")
        }
        let prefix = Array("HTTP/".utf8)
        guard version.count == 8, version.starts(with: prefix), version[version.startIndex + 6] == 0x2E else {
            throw HTTPRequestError(400, "the version is not HTTP/d.d")
        }
        let major = version[version.startIndex + 5]
        let minor = version[version.startIndex + 7]
        guard (0x30...0x39).contains(major), (0x30...0x39).contains(minor) else {
            throw HTTPRequestError(400, "the version is not HTTP/d.d")
        }
        guard major == 0x31 else { throw HTTPRequestError(505, "only HTTP/1.x is supported") }
        let method = String(decoding: methodBytes, as: UTF8.self)
        let written = String(decoding: targetBytes, as: UTF8.self)
        let target = try HTTPRequestHead.originForm(written, method: method)
        let minorVersion = minor == 0x30 ? 0 : 1
        return HTTPRequestHead(
            method: method, target: target, minorVersion: minorVersion, keepAlive: minorVersion == 1, contentLength: 0,
            targetAuthority: HTTPRequestHead.authority(of: written))
    }

    /// An origin-form target as it is; an absolute-form one (`http://host/path?q`) reduced to
    /// its path and query; `*` for OPTIONS only. Anything else is refused.
    private static func originForm(_ target: String, method: String) throws(HTTPRequestError) -> String {
        if target.hasPrefix("/") { return target }
        if target == "*" && method == "OPTIONS" { return target }
        let lowered = target.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            let rest = target.dropFirst(scheme.count)
            guard let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
            return rest[end] == "/" ? String(rest[end...]) : "/" + rest[end...]
        }
        throw HTTPRequestError(400, "the target is not a path")
    }

    /// The authority of an absolute-form target (`http://127.0.0.1:8000/x` → `127.0.0.1:8000`),
    /// `nil` for an origin-form one.
    static func authority(of target: String) -> String? {
        let lowered = target.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            let rest = target.dropFirst(scheme.count)
            return String(rest.prefix { $0 != "/" && $0 != "?" })
        }
        return nil
    }

    /// `tchar` of RFC 9110 §5.6.2.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}

/// Why a request is refused: the status to answer with, and a reason for tests and logs.
struct HTTPRequestError: Error, Equatable, Sendable {
    let status: Int
    let reason: String

    init(_ status: Int, _ reason: String) {
        self.status = status
        self.reason = reason
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
