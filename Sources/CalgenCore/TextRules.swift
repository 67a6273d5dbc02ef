/// What text and links from the content may contain before they reach a page or a feed.
public enum TextRules {
    /// The first character that has no place in content text, with its offset in characters:
    /// C0 control characters (NUL, ESC, …) except tab and line breaks, DEL, and C1 controls.
    /// With `multiline: false`, tab and line breaks are refused too.
    public static func firstControlCharacter(in text: String, multiline: Bool = true) -> (offset: Int, scalar: Unicode.Scalar)? {
        var offset = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let allowed = multiline && (v == 0x09 || v == 0x0A || v == 0x0D)
            if (v < 0x20 && !allowed) || (0x7F...0x9F).contains(v) { return (offset, scalar) }
            offset += 1
        }
        return nil
    }

    /// `U+001B`.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// An absolute `http` or `https` URL with a host, no user name or password (`user:pw@host`
    /// puts a credential into a page or a log, or disguises the real host), no white space,
    /// control characters, quotes or angle brackets, and at most `Limits.urlCharacters` characters.
    public static func isWebURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = text.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = text.dropFirst(7)
        } else {
            return false
        }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !host.hasPrefix(":") && !host.contains("@") && hasOnlyURLCharacters(text)
    }

    /// Whether an `http`/`https` URL names a user (and maybe a password) before its host.
    public static func hasUserInfo(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return false }
        return text.drop { $0 != "/" }.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }.contains("@")
    }

    /// A link a page may carry: an `http`/`https` URL, or a relative one (`../2026/`, `#x`,
    /// `/path`), never `javascript:`, `data:` or any other scheme.
    public static func isSafeLink(_ text: String) -> Bool {
        if isWebURL(text) { return true }
        if text.hasPrefix("//") { return isWebURL("https:" + text) }
        let beforePath = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !beforePath.contains(":") && hasOnlyURLCharacters(text)
    }

    private static func hasOnlyURLCharacters(_ text: String) -> Bool {
        text.unicodeScalars.count <= Limits.urlCharacters
            && !text.unicodeScalars.contains {
                $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "\\"
                    || $0 == "`" || $0.properties.isWhitespace
            }
    }

    /// The fix line for a refused link.
    public static let linkFix = "use an http:// or https:// address, or a relative link such as ../2026/"
}
