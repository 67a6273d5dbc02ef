import CalgenCore
import CalgenLoad
import Mustache
import TemplateEngine

/// The partials each template includes (`{{> name}}`, and `{{< name}}` for a parent), so that a
/// missing partial and a cycle of partials are errors when templates load instead of an empty
/// string or a crash when they render.
///
/// What a template includes is read from the parsed template itself, so that it is exactly what
/// rendering will include (a text scan alone misses tags the parser reads differently, as the
/// fuzzer showed); the text scan only says where each include stands.
struct TemplateIncludes {
    /// One `{{> name}}` tag: what it includes, and where it stands.
    struct Include: Equatable {
        let name: String
        let line: Int
        let column: Int
    }

    /// Every include of a template's text, in order. Follows set-delimiter tags
    /// (`{{=<% %>=}}`); skips dynamic partials (`{{>*name}}`), which name no template.
    static func scan(_ text: String) -> [Include] {
        var includes = [Include]()
        var open = "{{"
        var close = "}}"
        var rest = text[...]
        while var start = rest.range(of: open) {
            var content = rest[start.upperBound...]
            var closer = close
            if open == "{{" && content.hasPrefix("{") { closer = "}" + close }
            guard let end = content.range(of: closer) else { break }
            content = content[..<end.lowerBound]
            rest = rest[end.upperBound...]
            // An opening delimiter inside the tag starts the tag that the closing one ends.
            if let inner = content.range(of: open, options: .backwards) {
                start = inner
                content = content[inner.upperBound...]
            }
            let tag = content.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("="), tag.hasSuffix("="), tag.count > 2 {
                let delimiters = tag.dropFirst().dropLast().split(separator: " ", omittingEmptySubsequences: true)
                if delimiters.count == 2 {
                    open = String(delimiters[0])
                    close = String(delimiters[1])
                }
                continue
            }
            guard let sigil = tag.first, sigil == ">" || sigil == "<" else { continue }
            let name = tag.dropFirst().trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.hasPrefix("*") else { continue }
            let offset = text.unicodeScalars.distance(from: text.startIndex, to: start.lowerBound)
            let (line, column) = FileReader.position(ofScalar: offset, in: text)
            includes.append(Include(name: name, line: line, column: column))
        }
        return includes
    }

    /// The partials a compiled template includes, in order, sections and blocks included (an
    /// overriding partial's blocks after its own name), as `partials(of:)` reads them from the
    /// parsed template.
    static func partials(of template: CompiledTemplate) -> [String] {
        template.partials
    }

    /// The partials a parsed template includes, in order, sections and blocks included, and
    /// whether it has a dynamic partial (`{{>*name}}`), whose target only the data decides.
    /// swift-mustache keeps its tokens internal, so they are read by reflection.
    static func partials(of template: MustacheTemplate) -> (names: [String], dynamic: Bool) {
        var names = [String]()
        var dynamic = false
        func visit(_ value: Any) {
            if let template = value as? MustacheTemplate {
                for child in Mirror(reflecting: template).children where child.label == "tokens" { visit(child.value) }
                return
            }
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .enum?:
                guard let payload = mirror.children.first else { return }
                if payload.label == "partial", let name = Mirror(reflecting: payload.value).children.first?.value as? String {
                    names.append(name)
                }
                if payload.label == "dynamicNamePartial" { dynamic = true }
                visit(payload.value)
            case .collection?, .tuple?, .dictionary?, .optional?, .set?:
                for child in mirror.children { visit(child.value) }
            default:
                return
            }
        }
        visit(template)
        return (names, dynamic)
    }

    /// Problems of a set of templates (`name → (file, text)`, and the parsed templates): includes
    /// of templates that do not exist, dynamic partials, and every cycle, each reported once at
    /// the include that starts it.
    static func problems(
        _ templates: [String: (file: String, text: String)], parsed: [String: MustacheTemplate],
        compiled: CompiledTemplates? = nil
    ) -> [Diagnostic] {
        // The partials each template includes, by name; where an include is written is looked up
        // (`scan`) only for a problem to report.
        var includes = [String: [String]]()
        var problems = [Diagnostic]()
        for (name, template) in parsed {
            // Compiled templates have no dynamic partial.
            let (names, dynamic) = compiled?.templates[name].map { (partials(of: $0), false) } ?? partials(of: template)
            includes[name] = names
            if dynamic, let file = templates[name]?.file {
                problems.append(
                    Diagnostic(
                        file: file, location: .line(1, column: 1), message: "dynamic partials ({{>*name}}) are not supported",
                        fix: "include partials by their name, e.g. {{> legend}}"))
            }
        }
        /// Where `name` includes `included` first (1:1 when the scan does not find it).
        func include(in name: String, of included: String) -> Include {
            scan(templates[name]?.text ?? "").first { $0.name == included } ?? Include(name: included, line: 1, column: 1)
        }
        for name in includes.keys.sorted() {
            for included in includes[name] ?? [] where includes[included] == nil && templates[included] == nil {
                let at = include(in: name, of: included)
                problems.append(
                    Diagnostic(
                        file: templates[name]!.file, location: .line(at.line, column: at.column),
                        message: "partial \"\(included)\" does not exist",
                        fix: "create Templates/partials/\(included).mustache, or correct the name"))
            }
        }
        // Depth-first search, each template entered once; every edge back into the current path
        // closes a cycle, reported from its smallest name so that it appears once.
        var done = Set<String>()
        var path = [String]()
        var reported = Set<[String]>()
        func visit(_ name: String) {
            path.append(name)
            for included in includes[name] ?? [] where includes[included] != nil {
                if let loop = path.firstIndex(of: included) {
                    var cycle = Array(path[loop...])
                    let smallest = cycle.indices.min { cycle[$0] < cycle[$1] }!
                    cycle = Array(cycle[smallest...] + cycle[..<smallest])
                    guard reported.insert(cycle).inserted else { continue }
                    let origin = cycle[0]
                    let next = cycle.count > 1 ? cycle[1] : origin
                    let at = include(in: origin, of: next)
                    problems.append(
                        Diagnostic(
                            file: templates[origin]!.file, location: .line(at.line, column: at.column),
                            message: "partial \"\(origin)\" includes itself (\((cycle + [origin]).joined(separator: " → ")))",
                            fix: "remove the include that closes the loop; a partial cannot contain itself"))
                } else if !done.contains(included) {
                    visit(included)
                }
            }
            path.removeLast()
            done.insert(name)
        }
        for name in includes.keys.sorted() where !done.contains(name) { visit(name) }
        return problems
    }
}
