import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A WebDAV multistatus answer (RFC 4918 §13), read with an XML parser: namespaces resolved
/// (elements of `DAV:` known by their namespace, whatever prefix the server chose), comments
/// skipped, CDATA read as text, the five predefined entities and character references decoded.
/// A document with a DTD is refused before it is parsed, so that no entity is ever declared,
/// expanded or fetched; a document that is not well-formed (cut short, an HTML page) or whose
/// root is not `DAV:multistatus` is an error, never an empty listing.
package enum Multistatus {
    /// The namespace of WebDAV's own elements.
    static let dav = "DAV:"
    /// Elements nested deeper than this make the answer an error.
    static let maxDepth = 64

    /// Why a multistatus could not be read.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package let description: String
    }

    /// One element: its namespace, local name, the text directly inside it and its children.
    package struct Node: Sendable {
        package var namespace: String
        package var name: String
        package var text = ""
        package var children: [Node] = []

        /// The first child named `name` (in namespace `namespace`, any when `nil`).
        func child(_ name: String, _ namespace: String? = Multistatus.dav) -> Node? {
            children.first { $0.name == name && (namespace == nil || $0.namespace == namespace) }
        }

        func all(_ name: String, _ namespace: String? = Multistatus.dav) -> [Node] {
            children.filter { $0.name == name && (namespace == nil || $0.namespace == namespace) }
        }

        /// The text, trimmed of white space.
        var trimmed: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// One `response` of a multistatus: its href and the properties its propstats of status 200 hold.
    package struct Response: Sendable {
        package let href: String
        /// The `prop` elements of the propstats of status 200.
        package let found: [Node]
        /// The status code of a response without propstats (Xandikos answers `404` so for a
        /// collection that is not there); `nil` when it has propstats.
        package var status: Int? = nil

        /// Property `local`, if it was found: in its known namespace (``namespaces``), or in any
        /// for a property calgen does not know.
        func property(_ local: String) -> Node? {
            let namespace = Multistatus.namespaces[local]
            for prop in found {
                if let node = prop.child(local, namespace) { return node }
            }
            return nil
        }

        /// The text of property `local`; `nil` when it was not found or is empty.
        func text(_ local: String) -> String? {
            property(local).map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        }

        /// The first `href` inside property `local` (`current-user-principal`, `calendar-home-set`).
        func href(in local: String) -> String? {
            property(local)?.child("href").map(\.trimmed)
        }

        /// Whether `resourcetype` names an element `local` (`calendar`, `collection`).
        func isResource(_ local: String) -> Bool {
            property("resourcetype")?.child(local, Multistatus.namespaces[local]) != nil
        }
    }

    /// The namespaces of the properties and resource types calgen reads.
    static let namespaces: [String: String] = [
        "getetag": dav, "sync-token": dav, "resourcetype": dav, "displayname": dav, "current-user-principal": dav,
        "collection": dav, "getctag": "http://calendarserver.org/ns/",
        "calendar-home-set": "urn:ietf:params:xml:ns:caldav", "calendar": "urn:ietf:params:xml:ns:caldav",
        "calendar-data": "urn:ietf:params:xml:ns:caldav",
    ]

    /// Every response with an href, in the order they come; none when the text is not a multistatus.
    static func responses(_ xml: String) -> [Response] {
        (try? parse(Array(xml.utf8))) ?? []
    }

    /// The responses of a multistatus; throws when the bytes are not one.
    package static func parse(_ bytes: [UInt8]) throws(Failure) -> [Response] {
        let root = try document(bytes)
        guard root.name == "multistatus", root.namespace == dav else {
            throw Failure(description: "its root element is <\(root.name)> in \"\(root.namespace)\", not DAV: multistatus")
        }
        return root.all("response").compactMap { response in
            guard let href = response.child("href")?.trimmed, !href.isEmpty else { return nil }
            let propstats = response.all("propstat")
            if propstats.isEmpty {
                return Response(href: href, found: [], status: response.child("status").flatMap { code($0.trimmed) })
            }
            let found = propstats.filter { code($0.child("status")?.trimmed ?? "") == 200 }.flatMap { $0.all("prop") }
            return Response(href: href, found: found)
        }
    }

    /// The status code of a status line (`HTTP/1.1 200 OK`).
    static func code(_ line: String) -> Int? {
        line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// The root element of an XML document.
    static func document(_ bytes: [UInt8]) throws(Failure) -> Node {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(description: "it is not UTF-8 text")
        }
        if hasDoctype(text) {
            throw Failure(description: "it declares a DTD, which a multistatus never needs; refused unread")
        }
        if hasProcessingInstruction(text) {
            // FoundationXML on Linux crashes on a processing instruction without data (`<?x?>`).
            throw Failure(description: "it holds a processing instruction, which a multistatus never needs; refused unread")
        }
        let reader = TreeReader()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let parsed = parser.parse()
        if let problem = reader.problem { throw Failure(description: problem) }
        guard parsed, let root = reader.root, reader.stack.isEmpty else {
            let place = parser.lineNumber > 0 ? " (line \(parser.lineNumber), column \(parser.columnNumber))" : ""
            throw Failure(description: "it is not well-formed XML\(place): cut short, or not XML at all")
        }
        return root
    }

    /// Whether `<?` comes anywhere but in the XML declaration that may open the text (a
    /// processing instruction; also refused in a comment or CDATA, where a multistatus has none).
    static func hasProcessingInstruction(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.hasPrefix("\u{FEFF}") { rest = rest.dropFirst() }
        if rest.hasPrefix("<?xml"), let next = rest.dropFirst(5).first,
            next == " " || next == "\t" || next == "\r" || next == "\n"
        {
            guard let end = rest.range(of: "?>") else { return false }
            // A declaration holds no markup: a `<` in it is a PI or an element libxml2 reads as one.
            if rest[..<end.lowerBound].dropFirst(2).contains("<") { return true }
            rest = rest[end.upperBound...]
        }
        return rest.contains("<?")
    }

    /// Whether the prolog (before the root element) holds a `<!DOCTYPE`.
    static func hasDoctype(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.hasPrefix("\u{FEFF}") { rest = rest.dropFirst() }
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("<?") {
                guard let end = rest.range(of: "?>") else { return false }
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!--") {
                guard let end = rest.range(of: "-->") else { return false }
                rest = rest[end.upperBound...]
            } else {
                return rest.hasPrefix("<!")
            }
        }
    }

    /// Builds the tree of elements as the parser reports them; any declaration stops it.
    private final class TreeReader: NSObject, XMLParserDelegate {
        var stack: [Node] = []
        var root: Node?
        var problem: String?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
            attributes attributeDict: [String: String] = [:]
        ) {
            guard root == nil else { return stop(parser, "it has content after its root element") }
            guard stack.count < Multistatus.maxDepth else {
                return stop(parser, "its elements are nested deeper than \(Multistatus.maxDepth)")
            }
            stack.append(Node(namespace: namespaceURI ?? "", name: elementName))
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            guard let node = stack.popLast() else { return }
            if stack.isEmpty {
                root = node
            } else {
                stack[stack.count - 1].children.append(node)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: block, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            stop(parser, "it declares an entity; refused")
        }

        func parser(
            _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?
        ) {
            stop(parser, "it declares an external entity; refused")
        }

        func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
            stop(parser, "it refers to an external entity; refused")
            return nil
        }

        private func stop(_ parser: XMLParser, _ why: String) {
            if problem == nil { problem = why }
            parser.abortParsing()
        }
    }
}
