/// The resources and ETags of a WebDAV multistatus answer (RFC 4918 §13) to a PROPFIND of
/// `getetag`: read by the elements' local names, whatever prefixes the server chose, without an
/// XML library. Elements other than `response`, `href`, `propstat`, `status` and `getetag` are
/// skipped; a `getetag` counts only in a propstat whose status is 200.
enum Multistatus {
    /// `(href, etag)` for each response with an ETag, in the order they come.
    static func etags(_ xml: String) -> [(href: String, etag: String)] {
        var found: [(href: String, etag: String)] = []
        for response in elements("response", in: Substring(xml)) {
            guard let href = elements("href", in: response).first.map(text) else { continue }
            for propstat in elements("propstat", in: response) {
                let status = elements("status", in: propstat).first.map(text) ?? ""
                guard status.split(separator: " ").dropFirst().first == "200" else { continue }
                if let etag = elements("getetag", in: propstat).first.map(text), !etag.isEmpty {
                    found.append((href, etag))
                }
            }
        }
        return found
    }

    /// The contents of every element named `local` (any prefix) directly or deeply in `xml`,
    /// not nested in one another.
    static func elements(_ local: String, in xml: Substring) -> [Substring] {
        var contents: [Substring] = []
        var rest = xml[...]
        while let open = nextTag(local, in: rest, closing: false) {
            if open.selfClosing {
                contents.append(rest[open.end..<open.end])
                rest = rest[open.end...]
                continue
            }
            guard let close = nextTag(local, in: rest[open.end...], closing: true) else { break }
            contents.append(rest[open.end..<close.start])
            rest = rest[close.end...]
        }
        return contents
    }

    private static func nextTag(
        _ local: String, in xml: Substring, closing: Bool
    ) -> (start: String.Index, end: String.Index, selfClosing: Bool)? {
        var search = xml.startIndex
        while let lt = xml[search...].firstIndex(of: "<") {
            guard let gt = xml[lt...].firstIndex(of: ">") else { return nil }
            var inner = xml[xml.index(after: lt)..<gt]
            search = xml.index(after: gt)
            guard inner.hasPrefix("/") == closing else { continue }
            if closing { inner = inner.dropFirst() }
            let selfClosing = inner.hasSuffix("/")
            if selfClosing { inner = inner.dropLast() }
            let name = inner.prefix { !$0.isWhitespace }
            let localName = name.split(separator: ":").last ?? ""
            if localName == local { return (lt, search, selfClosing) }
        }
        return nil
    }

    /// An element's text: trimmed, with XML's entities and character references decoded.
    static func text(_ content: Substring) -> String {
        var text = ""
        var rest = content.trimmingPrefix { $0.isWhitespace }
        while let amp = rest.firstIndex(of: "&") {
            text += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else {
                rest = rest[amp...]
                break
            }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "quot": text += "\""
            case "amp": text += "&"
            case "lt": text += "<"
            case "gt": text += ">"
            case "apos": text += "'"
            default:
                let number =
                    entity.hasPrefix("#x")
                    ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) {
                    text.unicodeScalars.append(scalar)
                } else {
                    text += "&\(entity);"
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        text += rest
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
