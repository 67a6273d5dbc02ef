import CalgenCore

/// The partials each template includes (`{{> name}}`, and `{{< name}}` for a parent), found
/// by scanning the template text, so that a missing partial and a cycle of partials are errors
/// when templates load instead of an empty string or a crash when they render.
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
        while let start = rest.range(of: open) {
            var content = rest[start.upperBound...]
            var closer = close
            if open == "{{" && content.hasPrefix("{") { closer = "}" + close }
            guard let end = content.range(of: closer) else { break }
            content = content[..<end.lowerBound]
            rest = rest[end.upperBound...]
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

    /// Problems of a set of templates (`name → (file, text)`): includes of templates that do not
    /// exist, and every cycle, each reported once at the include that starts it.
    static func problems(_ templates: [String: (file: String, text: String)]) -> [Diagnostic] {
        let includes = templates.mapValues { scan($0.text) }
        var problems = [Diagnostic]()
        for name in templates.keys.sorted() {
            for include in includes[name] ?? [] where templates[include.name] == nil {
                problems.append(
                    Diagnostic(
                        file: templates[name]!.file, location: .line(include.line, column: include.column),
                        message: "partial \"\(include.name)\" does not exist",
                        fix: "create Templates/partials/\(include.name).mustache, or correct the name"))
            }
        }
        // Depth-first search, each template entered once; every edge back into the current path
        // closes a cycle, reported from its smallest name so that it appears once.
        var done = Set<String>()
        var path = [String]()
        var reported = Set<[String]>()
        func visit(_ name: String) {
            path.append(name)
            for include in includes[name] ?? [] where templates[include.name] != nil {
                if let loop = path.firstIndex(of: include.name) {
                    var cycle = Array(path[loop...])
                    let smallest = cycle.indices.min { cycle[$0] < cycle[$1] }!
                    cycle = Array(cycle[smallest...] + cycle[..<smallest])
                    guard reported.insert(cycle).inserted else { continue }
                    let origin = cycle[0]
                    let next = cycle.count > 1 ? cycle[1] : origin
                    let at = includes[origin]!.first { $0.name == next }!
                    problems.append(
                        Diagnostic(
                            file: templates[origin]!.file, location: .line(at.line, column: at.column),
                            message: "partial \"\(origin)\" includes itself (\((cycle + [origin]).joined(separator: " → ")))",
                            fix: "remove the include that closes the loop; a partial cannot contain itself"))
                } else if !done.contains(include.name) {
                    visit(include.name)
                }
            }
            path.removeLast()
            done.insert(name)
        }
        for name in templates.keys.sorted() where !done.contains(name) { visit(name) }
        return problems
    }
}
