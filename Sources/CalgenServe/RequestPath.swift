/// The path of a request target, percent-decoded and resolved: no empty segment (`//`), no `.`
/// and no `..` (resolved as RFC 3986 §5.2.4 does, never above the root), nothing that a file
/// name or a header cannot hold. `encoded` is what a redirect may send: it always starts with
/// exactly one `/` and holds no `\`, so it stays on this origin. A pure function of its input.
struct RequestPath: Equatable, Sendable {
    /// The decoded segments, none empty, `.` or `..`, none holding `/` or a control character.
    var segments: [String]
    /// Whether the path ends with `/` (always false for the root, which is `/` either way).
    var trailingSlash: Bool
    /// Whether the target's path was already in this form, so that no redirect is needed.
    var isCanonical: Bool

    /// Decodes and resolves the path part of a target (the part before `?`); nil when it does
    /// not start with `/`, holds a bad percent escape, or decodes to a control character or
    /// text that is not UTF-8.
    init?(_ path: String) {
        let bytes = Array(path.utf8)
        guard bytes.first == 0x2F else { return nil }
        var decoded = [UInt8]()
        decoded.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            var byte = bytes[i]
            if byte == 0x25 {
                guard i + 2 < bytes.count, let high = RequestPath.hexValue(bytes[i + 1]),
                    let low = RequestPath.hexValue(bytes[i + 2])
                else { return nil }
                byte = high << 4 | low
                i += 2
            }
            guard byte >= 0x20 && byte != 0x7F else { return nil }
            decoded.append(byte)
            i += 1
        }
        guard let text = String(validating: decoded, as: UTF8.self) else { return nil }
        var segments = [String]()
        var canonical = true
        var trailing = false
        let raw = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (offset, segment) in raw.enumerated() {
            let last = offset == raw.count - 1
            trailing = last && (segment.isEmpty || segment == "." || segment == "..")
            switch segment {
            case "":
                if !last { canonical = false }
            case ".":
                canonical = false
            case "..":
                canonical = false
                if !segments.isEmpty { segments.removeLast() }
            default:
                segments.append(String(segment))
            }
        }
        self.segments = segments
        self.trailingSlash = trailing && !segments.isEmpty
        self.isCanonical = canonical
    }

    /// The decoded path: `/`, `/a/b` or `/a/b/`.
    var decoded: String {
        "/" + segments.joined(separator: "/") + (trailingSlash ? "/" : "")
    }

    /// The path percent-encoded for a `Location` header: only unreserved characters and
    /// `!$&'()*+,;=:@` stay as they are.
    var encoded: String {
        "/" + segments.map(RequestPath.encode).joined(separator: "/") + (trailingSlash ? "/" : "")
    }

    private static func encode(_ segment: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var result = [UInt8]()
        for byte in segment.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
                UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
                UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"):
                result.append(byte)
            default:
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
