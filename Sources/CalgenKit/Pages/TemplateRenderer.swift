import Mustache

/// Renders `CompiledTemplates` into UTF-8 bytes exactly as swift-mustache 2.1 renders the same
/// templates (its `Template+Render.swift`, rule for rule: the context stack, sections over
/// sequences, booleans and objects, inherited blocks, partials' indentation, HTML escaping by
/// character), without its per-lookup costs: one output buffer instead of a string per token,
/// one stack pushed and popped instead of a copy per section, names split once, and the value
/// types pages are made of (`[String: Any]`, `[String: String]`, arrays of them, `String`,
/// `Int`, `Bool`) recognised by their exact type before any protocol cast. Other values go
/// through the library's own protocols as its renderer does; a lambda or a template given as a
/// value, which only swift-mustache can render, makes `render` return nil (the caller then
/// renders the page with swift-mustache).
struct TemplateRenderer {
    let templates: [String: CompiledTemplate]
    private(set) var out: [UInt8] = []
    private var stack: [Any] = []
    /// Set when a value only swift-mustache can render was met.
    private var unsupported = false

    init(templates: CompiledTemplates, capacity: Int = 16_384) {
        self.templates = templates.templates
        out.reserveCapacity(capacity)
    }

    /// What swift-mustache's context carries besides the stack.
    private struct Scope {
        var indentation: String?
        var inherited: [String: CompiledTemplate]?
    }

    /// Renders the template `name` with `object` at the bottom of the stack; nil when there is
    /// no such template or when a value needs swift-mustache's own renderer.
    mutating func render(_ name: String, _ object: Any) -> [UInt8]? {
        guard let template = templates[name] else { return nil }
        out.removeAll(keepingCapacity: true)
        stack = [object]
        unsupported = false
        render(template, Scope())
        return unsupported ? nil : out
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

    private mutating func renderSection(_ value: Any?, _ body: CompiledTemplate, _ scope: Scope) {
        guard let value else { return }
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == TemplateRenderer.dictionaryType {
            push(value, body, scope)
        } else if type == TemplateRenderer.boolType {
            if value as! Bool { render(body, scope) }
        } else if type == TemplateRenderer.dictionariesType {
            for element in value as! [[String: Any]] { push(element, body, scope) }
        } else if type == TemplateRenderer.stringType || type == TemplateRenderer.intType {
            push(value, body, scope)
        } else if value is MustacheLambda {
            unsupported = true
        } else if let sequence = value as? any MustacheSequence {
            for element in TemplateRenderer.elements(of: sequence) { push(element, body, scope) }
        } else if let bool = value as? Bool {
            if bool { render(body, scope) }
        } else if let renderable = value as? MustacheCustomRenderable, renderable.isNull {
            return
        } else {
            push(value, body, scope)
        }
    }

    private mutating func renderInverted(_ value: Any?, _ body: CompiledTemplate, _ scope: Scope) {
        guard let value else { return render(body, scope) }
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == TemplateRenderer.boolType {
            if !(value as! Bool) { render(body, scope) }
        } else if type == TemplateRenderer.dictionaryType || type == TemplateRenderer.stringType
            || type == TemplateRenderer.intType
        {
            return
        } else if let sequence = value as? any MustacheSequence {
            // An empty sequence is pushed, as swift-mustache does.
            if TemplateRenderer.elements(of: sequence).isEmpty { push(value, body, scope) }
        } else if let bool = value as? Bool {
            if !bool { render(body, scope) }
        } else if let renderable = value as? MustacheCustomRenderable, renderable.isNull {
            render(body, scope)
        }
    }

    private mutating func push(_ object: Any, _ body: CompiledTemplate, _ scope: Scope) {
        stack.append(object)
        render(body, scope)
        stack.removeLast()
    }

    private static func elements<S: Sequence>(of sequence: S) -> [Any] { sequence.map { $0 } }

    // MARK: Names

    private static let dictionaryType = ObjectIdentifier([String: Any].self)
    private static let stringsType = ObjectIdentifier([String: String].self)
    private static let dictionariesType = ObjectIdentifier([[String: Any]].self)
    private static let stringType = ObjectIdentifier(String.self)
    private static let intType = ObjectIdentifier(Int.self)
    private static let boolType = ObjectIdentifier(Bool.self)

    /// The value a name stands for, by swift-mustache's rules (`getChild` without transforms).
    private func lookUp(_ name: TemplateName) -> Any? {
        var value: Any?
        switch name.scope {
        case .current:
            value = stack.last
        case .innermost:
            value = stack.last
            for part in name.parts {
                guard let object = value, let child = TemplateRenderer.child(part, of: object) else { return nil }
                value = child
            }
        case .stack:
            guard let first = name.parts.first else { return stack.last }
            for object in stack.reversed() {
                guard let found = TemplateRenderer.child(first, of: object) else { continue }
                value = found
                for part in name.parts.dropFirst() {
                    guard let object = value, let child = TemplateRenderer.child(part, of: object) else { return nil }
                    value = child
                }
                break
            }
        }
        guard let found = value else { return nil }
        let type = ObjectIdentifier(Swift.type(of: found))
        if type == TemplateRenderer.stringType || type == TemplateRenderer.dictionaryType || type == TemplateRenderer.boolType
            || type == TemplateRenderer.intType || type == TemplateRenderer.dictionariesType
        {
            return found
        }
        if let custom = found as? MustacheCustomRepresentation { return custom.representation }
        return found
    }

    /// A member of an object: a dictionary's value for the key, else a property found by
    /// reflection, as swift-mustache's `_getImmediateChild`.
    private static func child(_ name: String, of object: Any) -> Any? {
        let type = ObjectIdentifier(Swift.type(of: object))
        if type == dictionaryType { return (object as! [String: Any])[name] }
        if type == stringsType { return (object as! [String: String])[name] as Any? }
        if type == stringType || type == intType || type == boolType { return nil }
        let represented: Any? = (object as? MustacheCustomRepresentation).map(\.representation) ?? object
        guard let represented else { return nil }
        if let parent = represented as? MustacheParent { return parent.child(named: name) }
        guard let matched = Mirror(reflecting: represented).children.first(where: { $0.label == name }) else { return nil }
        return unwrapped(matched.value)
    }

    /// An optional's value, or nil; any other value as it is (swift-mustache's `unwrapOptional`).
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }

    // MARK: Values

    private mutating func append(_ value: Any, escaped: Bool) {
        let type = ObjectIdentifier(Swift.type(of: value))
        let text: String
        if type == TemplateRenderer.stringType {
            text = value as! String
        } else if type == TemplateRenderer.intType {
            text = String(value as! Int)
        } else if type == TemplateRenderer.boolType {
            text = (value as! Bool) ? "true" : "false"
        } else if value is MustacheTemplate || value is MustacheLambda {
            unsupported = true
            return
        } else if let renderable = value as? MustacheCustomRenderable {
            text = renderable.renderText
        } else {
            // An optional prints its value; a nil one prints as swift-mustache prints it.
            let mirror = Mirror(reflecting: value)
            let shown = mirror.displayStyle == .optional ? mirror.children.first?.value ?? value : value
            text = String(describing: shown)
        }
        if escaped { HTMLEscape.append(text, to: &out) } else { out.append(contentsOf: text.utf8) }
    }
}
