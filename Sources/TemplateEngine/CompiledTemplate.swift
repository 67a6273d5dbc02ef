import Mustache

/// A template as swift-mustache parsed it, in a form `TemplateRenderer` walks without going
/// through the library's renderer: text as UTF-8, names split once, partials by name.
///
/// Made from the parsed template's tokens (read by reflection: swift-mustache keeps them
/// internal, as `TemplateIncludes` does), so the markup and its parse stay swift-mustache's;
/// only rendering is done here. A template that uses what `TemplateRenderer` does not
/// render (transforms, dynamic partials, content-type pragmas) is not compiled.
package struct CompiledTemplate: Sendable {
    let nodes: [TemplateNode]

    /// The template's nodes, or nil when it uses anything `TemplateRenderer` does not render.
    package init?(_ template: MustacheTemplate) {
        guard let tokens = Mirror(reflecting: template).children.first(where: { $0.label == "tokens" })?.value,
            Mirror(reflecting: tokens).displayStyle == .collection
        else { return nil }
        var nodes = [TemplateNode]()
        for token in Mirror(reflecting: tokens).children {
            guard let node = TemplateNode(token: token.value) else { return nil }
            nodes.append(node)
        }
        self.nodes = nodes
    }

    /// The partials it includes, in order, sections and blocks included (an overriding
    /// partial's blocks after its own name).
    package var partials: [String] {
        var names = [String]()
        func visit(_ template: CompiledTemplate) {
            for node in template.nodes {
                switch node {
                case .text, .variable: break
                case .section(_, let body, _): visit(body)
                case .block(_, let fallback, _): visit(fallback)
                case .partial(let name, _, let overrides):
                    names.append(name)
                    for body in overrides?.values ?? [:].values { visit(body) }
                }
            }
        }
        visit(self)
        return names
    }
}

/// One token of a template.
enum TemplateNode: Sendable {
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}`.
    case variable(TemplateName, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(TemplateName, body: CompiledTemplate, inverted: Bool)
    /// `{{$name}}…{{/name}}` where it is used: the inherited block of that name, else the default.
    case block(String, default: CompiledTemplate, indentation: String?)
    /// `{{> name}}`, or `{{< name}}` with the blocks it overrides.
    case partial(String, indentation: String?, overrides: [String: CompiledTemplate]?)

    init?(token: Any) {
        let mirror = Mirror(reflecting: token)
        guard mirror.displayStyle == .enum, let payload = mirror.children.first, let kind = payload.label else {
            return nil
        }
        let fields = Mirror(reflecting: payload.value).children.map(\.value)
        switch kind {
        case "text":
            guard let text = payload.value as? String else { return nil }
            self = .text(Array(text.utf8))
        case "variable", "unescapedVariable":
            guard fields.count == 2, let name = fields[0] as? String, let transforms = fields[1] as? [String],
                transforms.isEmpty
            else { return nil }
            self = .variable(TemplateName(name), escaped: kind == "variable")
        case "section", "invertedSection":
            guard fields.count == 3, let name = fields[0] as? String, let transforms = fields[1] as? [String],
                transforms.isEmpty, let template = fields[2] as? MustacheTemplate, let body = CompiledTemplate(template)
            else { return nil }
            self = .section(TemplateName(name), body: body, inverted: kind == "invertedSection")
        case "blockExpansion":
            guard fields.count == 3, let name = fields[0] as? String, let template = fields[1] as? MustacheTemplate,
                let body = CompiledTemplate(template), let indentation = fields[2] as? String?
            else { return nil }
            self = .block(name, default: body, indentation: indentation)
        case "partial":
            guard fields.count == 3, let name = fields[0] as? String, let indentation = fields[1] as? String?,
                let inherits = fields[2] as? [String: MustacheTemplate]?
            else { return nil }
            var overrides: [String: CompiledTemplate]?
            if let inherits {
                var compiled = [String: CompiledTemplate]()
                for (block, template) in inherits {
                    guard let body = CompiledTemplate(template) else { return nil }
                    compiled[block] = body
                }
                overrides = compiled
            }
            self = .partial(name, indentation: indentation, overrides: overrides)
        default:
            // Dynamic partials, content-type pragmas, and anything a later swift-mustache adds.
            return nil
        }
    }
}

/// A variable's name as swift-mustache looks it up: `.` (the current object), `.name` (in the
/// current object only), or `a.b.c` (`a` in the nearest object that has it, then `b` in that).
struct TemplateName: Sendable {
    enum Scope: Sendable {
        case current
        case innermost
        case stack
    }

    let scope: Scope
    /// The dotted parts, empty ones left out (`""` names the current object, as `.` does).
    let parts: [String]

    init(_ name: String) {
        parts = name.split(separator: ".").map(String.init)
        if name == "." {
            scope = .current
        } else if name.first == "." {
            scope = .innermost
        } else {
            scope = .stack
        }
    }
}

/// Every template of a set, compiled; nil when any of them is not (the set is then rendered by
/// swift-mustache alone, so that a page never mixes two renderers).
package struct CompiledTemplates: Sendable {
    package let templates: [String: CompiledTemplate]

    package init?(_ parsed: [String: MustacheTemplate]) {
        var templates = [String: CompiledTemplate]()
        for (name, template) in parsed {
            guard let compiled = CompiledTemplate(template) else { return nil }
            templates[name] = compiled
        }
        self.templates = templates
    }
}
