/// Renders `CompiledTemplates` into UTF-8 bytes exactly as swift-mustache 2.1 renders the same
/// templates (its `Template+Render.swift`, rule for rule: the context stack, sections over
/// sequences, booleans and objects, inherited blocks, partials' indentation, HTML escaping by
/// character), without its per-lookup costs: one output buffer instead of a string per token,
/// one stack pushed and popped instead of a copy per section, names split once, and values
/// that are `TemplateValue`s, told apart by a `switch` instead of protocol casts and reflection.
package struct TemplateRenderer {
    package let templates: [String: CompiledTemplate]
    private(set) var out: [UInt8] = []
    private var stack: [TemplateValue] = []

    package init(templates: CompiledTemplates, capacity: Int = 16_384) {
        self.templates = templates.templates
        out.reserveCapacity(capacity)
    }

    /// What swift-mustache's context carries besides the stack.
    private struct Scope {
        var indentation: String?
        var inherited: [String: CompiledTemplate]?
    }

    /// Renders the template `name` with `object` at the bottom of the stack; nil when there is
    /// no such template.
    package mutating func render(_ name: String, _ object: TemplateValue) -> [UInt8]? {
        guard let template = templates[name] else { return nil }
        out.removeAll(keepingCapacity: true)
        stack = [object]
        render(template, Scope())
        return out
    }

    private mutating func render(_ template: CompiledTemplate, _ scope: Scope) {
        let start = out.count
        guard let indentation = scope.indentation, !indentation.isEmpty else {
            for node in template.nodes { render(node, scope) }
            return
        }
        // A token's non-empty output that follows a line break of this template's output so far
        // is indented (swift-mustache compares the last character, so `\r\n` does not count).
        for node in template.nodes {
            let before = out.count
            render(node, scope)
            if out.count > before, before > start, out[before - 1] == 0x0A, before - 1 == start || out[before - 2] != 0x0D {
                out.insert(contentsOf: indentation.utf8, at: before)
            }
        }
    }

    private mutating func render(_ node: TemplateNode, _ scope: Scope) {
        switch node {
        case .text(let bytes):
            out.append(contentsOf: bytes)
        case .variable(let name, let escaped):
            guard let value = lookUp(name) else { return }
            append(value, escaped: escaped)
        case .section(let name, let body, let inverted):
            let value = lookUp(name)
            if inverted { renderInverted(value, body, scope) } else { renderSection(value, body, scope) }
        case .block(let name, let fallback, let indentation):
            var inner = scope
            if let indentation { inner.indentation = (scope.indentation ?? "") + indentation }
            render(scope.inherited?[name] ?? fallback, inner)
        case .partial(let name, let indentation, let overrides):
            guard let template = templates[name] else { return }
            var inner = scope
            if let indentation { inner.indentation = (scope.indentation ?? "") + indentation }
            if let overrides {
                // The outer template's blocks win over the partial's own.
                inner.inherited = scope.inherited.map { $0.merging(overrides) { outer, _ in outer } } ?? overrides
            }
            render(template, inner)
        }
    }

    // MARK: Sections

    private mutating func renderSection(_ value: TemplateValue?, _ body: CompiledTemplate, _ scope: Scope) {
        switch value {
        case nil: return
        case .flag(let shown)?: if shown { render(body, scope) }
        case .list(let elements)?: for element in elements { push(element, body, scope) }
        case let value?: push(value, body, scope)
        }
    }

    private mutating func renderInverted(_ value: TemplateValue?, _ body: CompiledTemplate, _ scope: Scope) {
        switch value {
        case nil: render(body, scope)
        case .flag(let shown)?: if !shown { render(body, scope) }
        // An empty list is pushed, as swift-mustache does.
        case .list(let elements)?: if elements.isEmpty { push(.list(elements), body, scope) }
        case .text?, .number?, .object?: return
        }
    }

    private mutating func push(_ object: TemplateValue, _ body: CompiledTemplate, _ scope: Scope) {
        stack.append(object)
        render(body, scope)
        stack.removeLast()
    }

    // MARK: Names

    /// The value a name stands for, by swift-mustache's rules (`getChild` without transforms).
    private func lookUp(_ name: TemplateName) -> TemplateValue? {
        switch name.scope {
        case .current:
            return stack.last
        case .innermost:
            return TemplateRenderer.descend(name.parts[...], from: stack.last)
        case .stack:
            guard let first = name.parts.first else { return stack.last }
            for object in stack.reversed() {
                guard let found = object.child(first) else { continue }
                return name.parts.count == 1 ? found : TemplateRenderer.descend(name.parts.dropFirst(), from: found)
            }
            return nil
        }
    }

    /// The value that `parts` name one inside the other from `value`.
    private static func descend(_ parts: ArraySlice<String>, from value: TemplateValue?) -> TemplateValue? {
        var value = value
        for part in parts {
            guard let child = value?.child(part) else { return nil }
            value = child
        }
        return value
    }

    // MARK: Values

    private mutating func append(_ value: TemplateValue, escaped: Bool) {
        let text: String
        switch value {
        case .text(let string): text = string
        case .number(let number): text = String(number)
        case .flag(let flag): text = flag ? "true" : "false"
        // What swift-mustache prints for the array or dictionary the value stands for.
        case .list(let list): text = String(describing: list)
        case .object(let fields): text = String(describing: fields.dictionary)
        }
        if escaped { HTMLEscape.append(text, to: &out) } else { out.append(contentsOf: text.utf8) }
    }
}
