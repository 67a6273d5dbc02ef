import CalgenCore
import Yams

/// Parses YAML text into a node, turning syntax errors into diagnostics with line and column.
package enum YAMLDocument {
    /// No implicit types: every scalar stays text, and `YAMLFields` reads booleans, numbers,
    /// dates and times from the text of plain scalars itself. Resolving types with Yams' regular
    /// expressions was most of the time of loading thousands of subscriber files.
    static let resolver = Resolver.basic

    /// `lineOffset` shifts reported lines, for YAML embedded in a larger file (front matter).
    /// Aliases are bounded first (`YAMLAliasBound`).
    package static func parse(_ text: String, file: String, lineOffset: Int = 0) throws(ContentErrors) -> Node? {
        try YAMLAliasBound.check(text, file: file, lineOffset: lineOffset)
        do {
            return try Yams.compose(yaml: text, resolver, .default, .utf8)
        } catch let error as YamlError {
            var line = 1
            var column = 1
            var problem = "\(error)"
            switch error {
            case .scanner(let context, let p, let mark, _), .parser(let context, let p, let mark, _),
                .composer(let context, let p, let mark, _):
                line = mark.line
                column = mark.column
                problem = [context?.text, p].compactMap { $0 }.joined(separator: " ")
            case .duplicatedKeysInMapping(let duplicates, let context):
                line = context.mark.line
                column = context.mark.column
                problem = "the key \(duplicates.map { "\"\($0)\"" }.joined(separator: ", ")) appears twice"
            default:
                break
            }
            throw ContentErrors(
                Diagnostic(
                    file: file, location: .line(line + lineOffset, column: column), message: "invalid YAML: \(problem)",
                    fix: "check the indentation and quoting near this place"))
        } catch {
            throw ContentErrors(Diagnostic(file: file, message: "invalid YAML: \(error)"))
        }
    }
}

/// Typed access to the keys of one YAML mapping, collecting a diagnostic with line and column
/// for every missing, mistyped or unknown key instead of stopping at the first.
package struct YAMLFields {
    let file: String
    let lineOffset: Int
    /// The mapping's keys as text, and their nodes and values at the same indexes: looking a key
    /// up compares strings without copying nodes.
    private let keys: [String]
    private let keyNodes: [Node]
    private let values: [Node]
    private let mark: Mark?
    package private(set) var problems: [Diagnostic] = []

    /// Throws when `node` is not a mapping.
    package init(_ node: Node, file: String, what: String, lineOffset: Int = 0) throws(ContentErrors) {
        guard case .mapping(let mapping) = node else {
            throw ContentErrors(
                Diagnostic(
                    file: file, location: YAMLFields.location(node.mark, lineOffset),
                    message: "expected \(what) as a mapping of `key: value` lines", fix: "write one `key: value` per line"))
        }
        self.file = file
        self.lineOffset = lineOffset
        self.mark = node.mark
        keys = mapping.keys.map { $0.string ?? "" }
        keyNodes = Array(mapping.keys)
        values = Array(mapping.values)
    }

    static func location(_ mark: Mark?, _ offset: Int) -> Diagnostic.Location? {
        mark.map { .line($0.line + offset, column: $0.column) }
    }

    /// The value node of a key.
    package func node(_ key: String) -> Node? { keys.firstIndex(of: key).map { values[$0] } }

    /// Throws the problems found so far, if there is any.
    func throwIfAny() throws(ContentErrors) {
        guard problems.isEmpty else { throw ContentErrors(problems) }
    }

    /// Whether the mapping has the key.
    func has(_ key: String) -> Bool { node(key) != nil }

    /// Records a problem at the value of `key` (or at the mapping when the key is absent).
    package mutating func report(_ key: String?, _ message: String, fix: String? = nil) {
        let at = key.flatMap { node($0)?.mark } ?? mark
        problems.append(Diagnostic(file: file, location: YAMLFields.location(at, lineOffset), message: message, fix: fix))
    }

    /// Takes the problems found in another mapping (one nested in this one).
    mutating func add(_ diagnostics: [Diagnostic]) { problems += diagnostics }

    /// Records a problem at a given node.
    mutating func report(at node: Node, _ message: String, fix: String? = nil) {
        problems.append(
            Diagnostic(file: file, location: YAMLFields.location(node.mark, lineOffset), message: message, fix: fix))
    }

    /// A non-empty string value of at most `maxLength` characters without control characters
    /// (with `multiline`, tabs and line breaks are allowed).
    package mutating func string(
        _ key: String, required: Bool = false, example: String? = nil, maxLength: Int = Limits.lineCharacters,
        multiline: Bool = false
    ) -> String? {
        guard let value = node(key) else {
            if required {
                report(nil, "missing required key \"\(key)\"", fix: example.map { "add `\(key): \($0)`" })
            }
            return nil
        }
        guard case .scalar(let scalar) = value, !scalar.string.isEmpty else {
            report(key, "\"\(key)\" must be a non-empty text value", fix: example.map { "write `\(key): \($0)`" })
            return nil
        }
        guard checkText(scalar.string, at: value, key: key, maxLength: maxLength, multiline: multiline) else { return nil }
        return scalar.string
    }

    /// Whether a text value keeps to its length and has no control characters; reports it when not.
    private mutating func checkText(_ text: String, at node: Node, key: String, maxLength: Int, multiline: Bool) -> Bool {
        if text.count > maxLength {
            report(
                at: node, "\"\(key)\" has \(text.count) characters; the limit is \(maxLength)",
                fix: "shorten it" + (multiline ? "" : ", or move the details into a description"))
            return false
        }
        if let (_, scalar) = TextRules.firstControlCharacter(in: text, multiline: multiline) {
            report(
                at: node, "\"\(key)\" contains the control character \(TextRules.codePoint(scalar))",
                fix: "remove it" + (multiline ? "" : "; a one-line value has no tabs or line breaks either"))
            return false
        }
        return true
    }

    /// A `true`/`false` value.
    mutating func bool(_ key: String) -> Bool? {
        guard let value = node(key) else { return nil }
        guard let scalar = value.scalar, scalar.style == .plain, let b = YAMLFields.bool(scalar.string) else {
            report(key, "\"\(key)\" must be true or false", fix: "write `\(key): true` or `\(key): false`")
            return nil
        }
        return b
    }

    /// YAML 1.1's words for booleans, in any case.
    static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on": true
        case "false", "no", "off": false
        default: nil
        }
    }

    /// An integer value.
    mutating func int(_ key: String, required: Bool = false) -> Int? {
        guard let value = node(key) else {
            if required { report(nil, "missing required key \"\(key)\"") }
            return nil
        }
        guard let scalar = value.scalar, scalar.style == .plain, let i = Int(scalar.string) else {
            report(
                key, "\"\(key)\" must be a whole number, found \(YAMLFields.describe(value))",
                fix: "write a number such as `\(key): 1`")
            return nil
        }
        return i
    }

    /// Entries of a list value (`tags`, `audience`, `alarms`, `intervals`, …).
    static let maxListEntries = Limits.sequenceCount

    /// A list of non-empty text values; a single value counts as a list of one.
    mutating func strings(_ key: String) -> [String]? {
        guard let value = node(key) else { return nil }
        let items: [Node]
        switch value {
        case .scalar: items = [value]
        case .sequence(let sequence): items = Array(sequence)
        default:
            report(
                key, "\"\(key)\" must be a list such as [a, b], found \(YAMLFields.describe(value))",
                fix: "write `\(key): [a, b]`")
            return nil
        }
        if items.count > YAMLFields.maxListEntries {
            report(
                key, "\"\(key)\" has \(items.count) entries; the limit is \(YAMLFields.maxListEntries)", fix: "shorten the list")
            return nil
        }
        var result = [String]()
        for item in items {
            guard case .scalar(let scalar) = item, !scalar.string.isEmpty else {
                report(
                    at: item, "every entry of \"\(key)\" must be a non-empty text value, found \(YAMLFields.describe(item))",
                    fix: "write each entry as plain text")
                continue
            }
            if checkText(scalar.string, at: item, key: key, maxLength: Limits.lineCharacters, multiline: false) {
                result.append(scalar.string)
            }
        }
        return result
    }

    /// A calendar date written `YYYY-MM-DD`.
    mutating func date(_ key: String) -> CivilDate? {
        guard let value = node(key) else { return nil }
        guard case .scalar(let scalar) = value, let date = CivilDate(iso: scalar.string) else {
            report(
                key, "\"\(key)\" must be a real date written YYYY-MM-DD, found \(YAMLFields.describe(value))",
                fix: "write `\(key): 2026-10-01`")
            return nil
        }
        guard Limits.contains(date) else {
            report(key, "\"\(key)\" (\(date.iso8601)) is outside the years calgen knows", fix: Limits.dateFix)
            return nil
        }
        return date
    }

    /// A time of day written `HH:MM`.
    mutating func time(_ key: String) -> TimeOfDay? {
        guard let value = node(key) else { return nil }
        guard case .scalar(let scalar) = value, let time = TimeOfDay(scalar.string) else {
            report(
                key, "\"\(key)\" must be a time from 00:00 to 23:59, found \(YAMLFields.describe(value))",
                fix: "write `\(key): \"08:50\"` (24-hour clock, in quotes)")
            return nil
        }
        return time
    }

    /// A length of time such as `10m`, `1h30m` or `1d`.
    mutating func span(_ key: String) -> TimeSpan? {
        guard let value = node(key) else { return nil }
        guard case .scalar(let scalar) = value, let span = TimeSpan(scalar.string) else {
            report(
                key, "\"\(key)\" must be a length such as 10m, 1h, 1h30m or 1d, found \(YAMLFields.describe(value))",
                fix: "write whole numbers with the units w, d, h and m, largest first")
            return nil
        }
        return span
    }

    /// The line of the mapping's key (for messages about the whole entry).
    var line: Int? { mark.map { $0.line + lineOffset } }

    /// A whole number within `range`.
    mutating func int(_ key: String, in range: ClosedRange<Int>, required: Bool = false, fix: String? = nil) -> Int? {
        guard let value = int(key, required: required) else { return nil }
        guard range.contains(value) else {
            report(
                key, "\"\(key)\" must be from \(range.lowerBound) to \(range.upperBound), found \(value)",
                fix: fix ?? "use a value from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return value
    }

    /// One of a fixed set of words.
    mutating func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) -> T? where T.RawValue == String {
        guard let text = string(key) else { return nil }
        guard let value = T(rawValue: text) else {
            report(
                key, "\"\(text)\" is not a valid \"\(key)\"",
                fix: "use one of: \(T.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        return value
    }

    /// The mappings of a list value, each with its node (for per-entry messages).
    func list(_ key: String) -> [Node]? {
        guard let value = node(key), case .sequence(let sequence) = value else { return nil }
        return Array(sequence)
    }

    /// Reports every key not in `allowed`, suggesting the closest allowed key.
    package mutating func rejectUnknownKeys(allowed: [String], what: String? = nil) {
        for (key, keyNode) in zip(keys, keyNodes) where !allowed.contains(key) {
            let suggestion = YAMLFields.closest(to: key, in: allowed)
            problems.append(
                Diagnostic(
                    file: file, location: YAMLFields.location(keyNode.mark, lineOffset),
                    message: "unknown key \"\(key)\"" + (what.map { " for \($0)" } ?? ""),
                    fix: suggestion.map { "did you mean \"\($0)\"?" }
                        ?? "allowed keys: \(allowed.joined(separator: ", "))"))
        }
    }

    package static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let s): return "\"\(s.string.count > 80 ? s.string.prefix(80) + "…" : s.string)\""
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    /// The allowed key within edit distance 2, if any.
    static func closest(to key: String, in candidates: [String]) -> String? {
        // Two ASCII names (ids, groups, keys: all of them but a few) are compared byte by byte,
        // which is character by character for them; others by characters. Names whose lengths
        // differ by more than 2 are more than 2 edits apart. (Ten thousand subscriber ids are
        // searched for every unknown audience.)
        let keyBytes = Array(key.utf8)
        let asciiKey = keyBytes.allSatisfy { $0 < 0x80 }
        let keyCharacters = Array(key)
        var best: (name: String, distance: Int)? = nil
        for candidate in candidates {
            let distance: Int
            if asciiKey && candidate.utf8.allSatisfy({ $0 < 0x80 }) {
                guard abs(candidate.utf8.count - keyBytes.count) <= 2 else { continue }
                distance = editDistance(keyBytes, Array(candidate.utf8))
            } else {
                guard abs(candidate.count - keyCharacters.count) <= 2 else { continue }
                distance = editDistance(keyCharacters, Array(candidate))
            }
            guard distance <= 2 else { continue }
            if let chosen = best, (chosen.distance, chosen.name) <= (distance, candidate) { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    static func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension YAMLFields {
    /// The id and top-level fields of a file named after its id (`users/zhang-san.yml`,
    /// `schedules/big-small-week.yml`): the id from the file name, which must be one (else a
    /// problem in `problems`); the file's mapping, or the problems of a file that is not YAML,
    /// is empty or is not a mapping, thrown with those already found.
    ///
    /// - Parameters:
    ///   - kind: what the file holds, in messages (`subscriber`, `schedule`).
    ///   - example: a good file name for the fix (`zhang-san.yml`).
    ///   - emptyFix: what to write into an empty file.
    static func idFile(
        _ text: String, file: String, fileName: String, kind: String, example: String, emptyFix: String,
        problems: inout DiagnosticCollector
    ) throws(ContentErrors) -> (id: String, fields: YAMLFields) {
        let stem =
            fileName.hasSuffix(".yaml")
            ? String(fileName.dropLast(5)) : fileName.hasSuffix(".yml") ? String(fileName.dropLast(4)) : fileName
        if !Identifier.isValid(stem) {
            problems.add(
                Diagnostic(
                    file: file, location: .line(1, column: 1), message: "the file name \"\(fileName)\" is not a \(kind) id",
                    fix: "name the file with 1 to 64 lowercase letters, digits and hyphens, e.g. \(example)"))
        }
        guard let parsed = problems.collect({ () throws(ContentErrors) in try YAMLDocument.parse(text, file: file) }) else {
            throw ContentErrors(problems.diagnostics)
        }
        guard let node = parsed else {
            problems.add(
                Diagnostic(
                    file: file, location: .line(1, column: 1), message: "the \(kind) file is empty", fix: emptyFix))
            throw ContentErrors(problems.diagnostics)
        }
        guard let fields = problems.collect({ () throws(ContentErrors) in try YAMLFields(node, file: file, what: "the \(kind)") })
        else { throw ContentErrors(problems.diagnostics) }
        return (stem, fields)
    }
}
