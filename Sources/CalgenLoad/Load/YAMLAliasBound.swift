// libyaml, as Yams builds it: its events are read before Yams composes the node tree.
internal import CYaml
import CalgenCore

/// Bounds what YAML aliases can ask of calgen, before Yams builds a node tree.
///
/// Yams composes an alias as the node it names, shared rather than copied, and then hashes every
/// key of every mapping to find keys given twice. A key that is, or holds, an alias of a list or
/// mapping (`*a: x`, `? [*a, *a]: x`) is hashed through every level the aliases name: a
/// "billion laughs" document of a few hundred bytes used as keys never finishes. And whoever
/// walks a composed tree (Yams' `load`) walks each alias again. So the events are read first, and
/// the document is refused when:
///
/// - an alias that names a list or mapping is used as a key or inside one (calgen's keys are all
///   plain text);
/// - counting each alias as every node it names, the document has more than `Limits.yamlNodes`
///   nodes, in keys or in values.
///
/// A text without `*` has no alias and is not read twice.
enum YAMLAliasBound {
    /// What a node of the walk contributes to its parent once it is complete.
    private struct Frame {
        let isMapping: Bool
        /// Inside a mapping key (this node is one, or lies inside one).
        let inKey: Bool
        let anchor: String?
        /// Nodes so far, with aliases counted as what they name (saturating).
        var size = 1
        /// Children so far: in a mapping, keys are the even ones.
        var children = 0
    }

    /// What an anchor names: its size, and whether it is a scalar.
    private struct Anchored {
        let size: Int
        let isScalar: Bool
    }

    /// A refusal, with its place in libyaml's numbering (from 0).
    private struct Refusal {
        let line: Int
        let column: Int
        let message: String
        let fix: String
    }

    /// Throws a located diagnostic when the aliases of `text` are used as keys or expand past
    /// `limit` nodes; a text libyaml cannot read is left to Yams, which reports it.
    static func check(
        _ text: String, file: String, lineOffset: Int = 0, limit: Int = Limits.yamlNodes
    ) throws(ContentErrors) {
        guard text.utf8.contains(UInt8(ascii: "*")) else { return }
        var bytes = Array(text.utf8)
        bytes.append(0)
        let refusal = bytes.withUnsafeBufferPointer { buffer in
            walk(buffer.baseAddress!, count: buffer.count - 1, limit: limit)
        }
        guard let refusal else { return }
        throw ContentErrors(
            Diagnostic(
                file: file, location: .line(refusal.line + 1 + lineOffset, column: refusal.column + 1),
                message: refusal.message, fix: refusal.fix))
    }

    private static func walk(_ start: UnsafePointer<UInt8>, count: Int, limit: Int) -> Refusal? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, start, count)
        var stack = [Frame]()
        var anchors = [String: Anchored]()
        var total = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            defer { yaml_event_delete(&event) }
            let type = event.type
            if type == YAML_STREAM_END_EVENT { return nil }
            let mark = event.start_mark
            // Whether the node this event starts is a key, or lies inside one.
            let inKey = stack.last.map { $0.inKey || ($0.isMapping && $0.children % 2 == 0) } ?? false
            // The node this event completes: its size, and what its anchor names.
            var completed: (size: Int, anchored: Anchored?, name: String?)?
            switch type {
            case YAML_DOCUMENT_START_EVENT:
                anchors = [:]
            case YAML_SCALAR_EVENT:
                total = adding(total, 1)
                completed = (1, Anchored(size: 1, isScalar: true), name(event.data.scalar.anchor))
            case YAML_ALIAS_EVENT:
                let alias = name(event.data.alias.anchor) ?? ""
                let named = anchors[alias] ?? Anchored(size: 1, isScalar: true)
                if inKey && !named.isScalar {
                    return Refusal(
                        line: Int(mark.line), column: Int(mark.column),
                        message: "the alias *\(alias) names a list or mapping and is used as a key",
                        fix: "keys are plain text: write the key itself, and use aliases only for values")
                }
                total = adding(total, named.size)
                if total > limit { return tooMany(mark, limit, alias: alias) }
                completed = (named.size, nil, nil)
            case YAML_SEQUENCE_START_EVENT:
                total = adding(total, 1)
                stack.append(Frame(isMapping: false, inKey: inKey, anchor: name(event.data.sequence_start.anchor)))
            case YAML_MAPPING_START_EVENT:
                total = adding(total, 1)
                stack.append(Frame(isMapping: true, inKey: inKey, anchor: name(event.data.mapping_start.anchor)))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { return nil }
                completed = (frame.size, Anchored(size: frame.size, isScalar: false), frame.anchor)
            default:
                break
            }
            if total > limit { return tooMany(mark, limit, alias: nil) }
            guard let completed else { continue }
            if let name = completed.name, let anchored = completed.anchored { anchors[name] = anchored }
            if !stack.isEmpty {
                stack[stack.count - 1].size = adding(stack[stack.count - 1].size, completed.size)
                stack[stack.count - 1].children += 1
            }
        }
    }

    private static func tooMany(_ mark: yaml_mark_t, _ limit: Int, alias: String?) -> Refusal {
        Refusal(
            line: Int(mark.line), column: Int(mark.column),
            message: (alias.map { "with the alias *\($0), " } ?? "with its aliases expanded, ")
                + "the document has more than \(limit.formatted) values (each alias counts as all it names)",
            fix: "write the values out instead of nesting aliases of aliases")
    }

    private static func adding(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        anchor.map { String(cString: $0) }
    }
}

extension Int {
    /// `1000000` as `1,000,000`, for messages.
    fileprivate var formatted: String {
        let digits = Array(String(self))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
