/// The resources and ETags of a WebDAV multistatus answer (RFC 4918 §13) to a PROPFIND of
/// `getetag`: read by the elements' local names, whatever prefixes the server chose, without an
/// XML library. Elements other than `response`, `href`, `propstat`, `status` and `getetag` are
/// skipped; a `getetag` counts only in a propstat whose status is 200.
enum Multistatus {
    /// One `response` of a multistatus: its href and the properties its propstats of status 200 hold.
    struct Response {
        let href: String
        /// The contents of the `prop` elements of the propstats of status 200.
        let found: [Substring]
        /// The status code of a response without propstats (Xandikos answers `404` so for a
        /// collection that is not there); `nil` when it has propstats.
        var status: Int? = nil

        /// The contents of property `local`, if it was found.
        func property(_ local: String) -> Substring? {
            for prop in found { if let content = Multistatus.elements(local, in: prop).first { return content } }
            return nil
        }

        /// The text of property `local`; `nil` when it was not found or is empty.
        func text(_ local: String) -> String? {
            property(local).map(Multistatus.text).flatMap { $0.isEmpty ? nil : $0 }
        }

        /// The first `href` inside property `local` (`current-user-principal`, `calendar-home-set`).
        func href(in local: String) -> String? {
            property(local).flatMap { Multistatus.elements("href", in: $0).first.map(Multistatus.text) }
        }

        /// Whether `resourcetype` names an element `local` (`calendar`, `collection`).
        func isResource(_ local: String) -> Bool {
            property("resourcetype").map { !Multistatus.elements(local, in: $0).isEmpty } ?? false
        }
    }

    /// Every response with an href, in the order they come.
    static func responses(_ xml: String) -> [Response] {
        elements("response", in: Substring(xml)).compactMap { response in
            guard let href = elements("href", in: response).first.map(text) else { return nil }
            let propstats = elements("propstat", in: response)
            if propstats.isEmpty {
                let status = elements("status", in: response).first.map(text) ?? ""
                return Response(href: href, found: [], status: status.split(separator: " ").dropFirst().first.flatMap { Int($0) })
            }
            let found = propstats.filter { propstat in
                let status = elements("status", in: propstat).first.map(text) ?? ""
                return status.split(separator: " ").dropFirst().first == "200"
            }.flatMap { elements("prop", in: $0) }
            return Response(href: href, found: found)
        }
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
