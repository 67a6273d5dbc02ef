import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Emphasis as Chinese authors write it. CommonMark's flanking rules refuse `**` that closes
/// after punctuation and opens onto a letter: in `按规定**提前到2月14日（周六，补班日）**发放` the
/// second `**` follows `）` and precedes `发`, so cmark leaves both as literal asterisks. Latin
/// text has a space there; Chinese has none.
///
/// After cmark has parsed a document, `repair` pairs the delimiter runs it left as text (`*` and
/// `**`, within one parent, left to right) where one side of the pair touches a CJK character
/// or full-width punctuation, and wraps what lies between them in emphasis or strong emphasis.
/// Only text nodes are read: code spans, code blocks and link targets are other nodes and are
/// never changed; a run with white space on its inner side never opens or closes (`5 * 3 * 2`).
enum CJKEmphasis {
    /// Repairs `node` and every node below it.
    static func repair(_ node: OpaquePointer) {
        var child = cmark_node_first_child(node)
        while let current = child {
            child = cmark_node_next(current)
            repair(current)
        }
        guard cmark_node_first_child(node) != nil, cmark_node_get_type(node) != CMARK_NODE_DOCUMENT else { return }
        splitDelimiterRuns(in: node)
        pair(in: node)
    }

    /// Whether a scalar is CJK text or punctuation, for which the missing space is normal.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x312F, 0x3190...0x31FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    private static func literal(_ node: OpaquePointer) -> String? {
        guard cmark_node_get_type(node) == CMARK_NODE_TEXT, let chars = cmark_node_get_literal(node) else { return nil }
        return String(cString: chars)
    }

    /// A text node that is a run of one or two asterisks, as cmark leaves unmatched delimiters.
    /// Read as bytes: no other text is `*` or `**`, and most nodes are not.
    static func delimiterLength(_ node: OpaquePointer) -> Int? {
        guard cmark_node_get_type(node) == CMARK_NODE_TEXT, let chars = cmark_node_get_literal(node) else { return nil }
        return delimiterLength(chars)
    }

    /// 1 for the C string `*`, 2 for `**`, else nil.
    static func delimiterLength(_ chars: UnsafePointer<CChar>) -> Int? {
        let star = CChar(UInt8(ascii: "*"))
        guard chars[0] == star else { return nil }
        if chars[1] == 0 { return 1 }
        return chars[1] == star && chars[2] == 0 ? 2 : nil
    }

    /// Splits text nodes so that every run of asterisks is a text node of its own.
    private static func splitDelimiterRuns(in parent: OpaquePointer) {
        var child = cmark_node_first_child(parent)
        while let current = child {
            child = cmark_node_next(current)
            // Most text has no asterisk byte at all: it is not made a String.
            guard cmark_node_get_type(current) == CMARK_NODE_TEXT, let chars = cmark_node_get_literal(current),
                strchr(chars, Int32(UInt8(ascii: "*"))) != nil
            else { continue }
            let text = String(cString: chars)
            guard text.contains("*"), text.contains(where: { $0 != "*" }) else { continue }
            var pieces = [String]()
            for character in text {
                if let last = pieces.last, (last.last == "*") == (character == "*") {
                    pieces[pieces.count - 1].append(character)
                } else {
                    pieces.append(String(character))
                }
            }
            var anchor = current
            for piece in pieces {
                guard let node = cmark_node_new(CMARK_NODE_TEXT) else { return }
                cmark_node_set_literal(node, piece)
                cmark_node_insert_after(anchor, node)
                anchor = node
            }
            cmark_node_unlink(current)
            cmark_node_free(current)
        }
    }

    /// The scalar just before `node` (the end of its previous sibling's text), if that is text.
    private static func scalar(before node: OpaquePointer) -> Unicode.Scalar? {
        cmark_node_previous(node).flatMap(literal)?.unicodeScalars.last
    }

    private static func scalar(after node: OpaquePointer) -> Unicode.Scalar? {
        cmark_node_next(node).flatMap(literal)?.unicodeScalars.first
    }

    private static func isSpace(_ scalar: Unicode.Scalar?) -> Bool {
        scalar.map { $0.properties.isWhitespace } ?? false
    }

    /// Pairs unmatched runs among the children of `parent` and wraps what lies between them.
    private static func pair(in parent: OpaquePointer) {
        var openers: [Int: [OpaquePointer]] = [:]
        var child = cmark_node_first_child(parent)
        while let current = child {
            child = cmark_node_next(current)
            guard let length = delimiterLength(current) else { continue }
            let before = scalar(before: current)
            let after = scalar(after: current)
            // A run can close when something other than white space is inside it, before it.
            let canClose = cmark_node_previous(current) != nil && !isSpace(before)
            let canOpen = cmark_node_next(current) != nil && !isSpace(after)
            if canClose, let opener = openers[length]?.last,
                [before, after, scalar(before: opener), scalar(after: opener)].contains(where: { $0.map(isCJK) ?? false })
            {
                openers[length]?.removeLast()
                // Openers of the other length inside this pair can no longer be closed.
                openers[3 - length] = openers[3 - length]?.filter { !isBetween($0, opener, current) }
                wrap(from: opener, to: current, strong: length == 2)
            } else if canOpen {
                openers[length, default: []].append(current)
            }
        }
    }

    private static func isBetween(_ node: OpaquePointer, _ start: OpaquePointer, _ end: OpaquePointer) -> Bool {
        var cursor = cmark_node_next(start)
        while let current = cursor, current != end {
            if current == node { return true }
            cursor = cmark_node_next(current)
        }
        return false
    }

    /// Replaces the runs `opener` … `closer` by one emphasis node holding what lay between them.
    private static func wrap(from opener: OpaquePointer, to closer: OpaquePointer, strong: Bool) {
        guard let wrapper = cmark_node_new(strong ? CMARK_NODE_STRONG : CMARK_NODE_EMPH) else { return }
        // cmark refuses emphasis where its parent may not hold it: then nothing changes.
        guard cmark_node_insert_before(opener, wrapper) == 1 else {
            cmark_node_free(wrapper)
            return
        }
        var cursor = cmark_node_next(opener)
        while let current = cursor, current != closer {
            cursor = cmark_node_next(current)
            cmark_node_unlink(current)
            cmark_node_append_child(wrapper, current)
        }
        for run in [opener, closer] {
            cmark_node_unlink(run)
            cmark_node_free(run)
        }
    }
}
