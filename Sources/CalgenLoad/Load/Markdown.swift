import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CommonMark rendering through the cmark C library.
public enum Markdown {
    /// The version of the cmark library notes are rendered with (`0.30.2`): it decides their HTML.
    package static let libraryVersion = String(cString: cmark_version_string())

    /// Renders Markdown to HTML in cmark's safe default: raw HTML is replaced by a comment and
    /// `javascript:`, `vbscript:`, `file:` and most `data:` links are dropped. Emphasis next to
    /// full-width punctuation works as Chinese authors write it (see `CJKEmphasis`).
    public static func html(from markdown: String) -> String {
        withCString(markdown) { chars, count -> String in
            guard let document = cmark_parse_document(chars, count, CMARK_OPT_DEFAULT) else { return "" }
            defer { cmark_node_free(document) }
            CJKEmphasis.repair(document)
            guard let rendered = cmark_render_html(document, CMARK_OPT_DEFAULT) else { return "" }
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }

    /// The text a reader sees, without markup: for feed descriptions. Paragraphs, headings,
    /// list items and code blocks become lines; a link keeps its text and, for a web address that
    /// differs from it, the address in parentheses. Raw HTML is left out.
    public static func plainText(from markdown: String) -> String {
        withCString(markdown) { chars, count -> String in
            guard let document = cmark_parse_document(chars, count, CMARK_OPT_DEFAULT) else { return "" }
            defer { cmark_node_free(document) }
            CJKEmphasis.repair(document)
            var walker = PlainTextWalker()
            return walker.walk(document)
        }
    }

    /// Every link and image target in the document, with its 1-based line and column.
    public static func links(in markdown: String) -> [(url: String, line: Int, column: Int)] {
        withCString(markdown) { chars, count in
            guard let document = cmark_parse_document(chars, count, CMARK_OPT_DEFAULT) else { return [] }
            defer { cmark_node_free(document) }
            return links(of: document)
        }
    }

    /// A note's body read once: its links and image targets (`links(in:)`), its HTML (`html(from:)`)
    /// and its plain text (`plainText(from:)`), each as those give it, from one parse.
    struct Rendered {
        let links: [(url: String, line: Int, column: Int)]
        let html: String
        let text: String
    }

    /// `links(in:)`, `html(from:)` and `plainText(from:)` of `markdown`, parsed once: the links
    /// are taken before the emphasis is repaired, the HTML and the text after, as each alone does.
    static func rendered(from markdown: String) -> Rendered {
        withCString(markdown) { chars, count -> Rendered in
            guard let document = cmark_parse_document(chars, count, CMARK_OPT_DEFAULT) else {
                return Rendered(links: [], html: "", text: "")
            }
            defer { cmark_node_free(document) }
            let links = links(of: document)
            CJKEmphasis.repair(document)
            var html = ""
            if let rendered = cmark_render_html(document, CMARK_OPT_DEFAULT) {
                html = String(cString: rendered)
                free(rendered)
            }
            var walker = PlainTextWalker()
            return Rendered(links: links, html: html, text: walker.walk(document))
        }
    }

    /// The link and image targets of a parsed document, in document order.
    private static func links(of document: OpaquePointer) -> [(url: String, line: Int, column: Int)] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var links = [(url: String, line: Int, column: Int)]()
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE else { continue }
            var line = Int(cmark_node_get_start_line(node))
            var column = Int(cmark_node_get_start_column(node))
            // Inline nodes carry no position in cmark 0.30: use their block's.
            var parent: OpaquePointer? = node
            while line == 0, let p = parent {
                parent = cmark_node_parent(p)
                if let parent {
                    line = Int(cmark_node_get_start_line(parent))
                    column = Int(cmark_node_get_start_column(parent))
                }
            }
            links.append((cmark_node_get_url(node).map { String(cString: $0) } ?? "", max(line, 1), max(column, 1)))
        }
        return links
    }
}

extension Markdown {
    /// Calls `body` with the UTF-8 bytes of `text` as the C characters cmark reads, and their count.
    fileprivate static func withCString<R>(_ text: String, _ body: (UnsafePointer<CChar>, Int) -> R) -> R {
        var source = text
        return source.withUTF8 { buffer in
            let empty: [CChar] = [0]
            guard let base = buffer.baseAddress else { return empty.withUnsafeBufferPointer { body($0.baseAddress!, 0) } }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0, buffer.count) }
        }
    }
}

/// Collects the text of a cmark document tree.
private struct PlainTextWalker {
    var lines: [String] = []
    var line = ""
    var linkTexts: [String] = []

    mutating func walk(_ root: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(root) else { return "" }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let entering = event == CMARK_EVENT_ENTER
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                line += literal(node)
            case CMARK_NODE_SOFTBREAK:
                line += " "
            case CMARK_NODE_LINEBREAK:
                endLine()
            case CMARK_NODE_CODE_BLOCK:
                endLine()
                var code = literal(node)
                if code.hasSuffix("\n") { code.removeLast() }
                lines.append(code)
            case CMARK_NODE_ITEM where entering:
                endLine()
                line = "- "
            case CMARK_NODE_LINK:
                if entering {
                    linkTexts.append(line)
                    line = ""
                } else {
                    let text = line
                    let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                    line = (linkTexts.popLast() ?? "") + text
                    let web = url.hasPrefix("https://") || url.hasPrefix("http://")
                    if web && url != text { line += " (\(url))" }
                }
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_THEMATIC_BREAK:
                if !entering { endLine() }
            default:
                break
            }
        }
        endLine()
        return lines.joined(separator: "\n")
    }

    mutating func endLine() {
        if !line.isEmpty && line != "- " { lines.append(line) }
        line = ""
    }

    func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }
}
