import CalgenCore
import CalgenLoad
import CalgenModel
import CalgenRecord
import CalgenSupport
import Foundation
import Mustache
import TemplateEngine

/// The Mustache templates of `Templates/`: pages at the top, partials in `partials/`, and
/// static files in `assets/` copied as they are.
package struct TemplateSet: Sendable {
    /// The templates that must exist at the top: the layout every HTML page extends, and the
    /// template of each kind of page (`PageKinds`). Partials that templates include are checked
    /// where they are included (`TemplateIncludes`).
    static var requiredPages: [String] { ["layout"] + PageKinds.templates }

    /// The partials kinds of page render on their own (`Page.pieces`).
    static var requiredPartials: [String] { PageKinds.pieces }

    let library: MustacheLibrary
    /// The same templates compiled for `TemplateRenderer`, which renders them as swift-mustache
    /// does, faster; nil when a template uses what only swift-mustache renders.
    let compiled: CompiledTemplates?
    /// Files of `assets/`, by path relative to it.
    package let assets: [OutputFile]
    /// What templates write to link an asset by its hashed name: `{{assets.style_css}}` for
    /// `assets/style.css` (a name's `.`, `/` and `-` become `_`). Made once, for every page.
    let assetContext: TemplateValue
    /// The digest of every template and asset as loaded (`load`), part of the key of what is
    /// made from them; empty for a set made in memory.
    package var digest = ""

    init(library: MustacheLibrary, assets: [OutputFile], compiled: CompiledTemplates? = nil) {
        self.library = library
        self.compiled = compiled
        self.assets = assets
        var context = [String: String]()
        for asset in assets {
            let key = asset.path.dropFirst(PagePath.assets.count).map { ".-/".contains($0) ? "_" : String($0) }.joined()
            context[key] = TemplateSet.hashedPath(asset)
        }
        assetContext = .texts(context)
    }

    /// Each asset again under a name that changes with its content, `static/<sha>/style.css`, so
    /// that hosts may cache it for a year (see `HostingHeaders`).
    package var hashedAssets: [OutputFile] {
        assets.map { OutputFile(path: TemplateSet.hashedPath($0), bytes: $0.bytes) }
    }

    static func hashedPath(_ asset: OutputFile) -> String {
        PagePath.hashedAssets + Digest.sha256(asset.bytes).prefix(12) + "/" + asset.path.dropFirst(PagePath.assets.count)
    }

    /// Loads and parses every template; every problem is reported with file, line and column.
    package static func load(directory: String, cache: ParseCache? = nil) throws(ContentErrors) -> TemplateSet {
        var problems = DiagnosticCollector()
        let files = TemplateFiles.read(
            directory: directory, requiredPages: requiredPages, requiredPartials: requiredPartials, problems: &problems)
        try problems.throwIfAny()
        // What the output is made from: each template's name and bytes, each asset's path and
        // bytes; not where the folder is, nor how it was named (`Templates`, `./Templates` or
        // its absolute path), which only the messages show.
        var inputs = InputDigest()
        var names = [String]()
        for (name, source) in files.sources.sorted(by: { $0.key < $1.key }) {
            inputs.add("template", "\(name) \(Digest.sha256(Array(source.text.utf8)))")
            names.append(source.file)
        }
        for asset in files.assets { inputs.add("asset", "\(asset.path) \(Digest.sha256(asset.bytes))") }
        let digest = inputs.sha256
        // A resident site's parse keeps the files' names for its messages: they are in its key.
        let parseKey = digest + "\n" + names.joined(separator: "\n")
        let make = { () throws(ContentErrors) -> TemplateSet in
            var problems = DiagnosticCollector()
            let (library, _, compiled) = parseAndCompile(files.sources, problems: &problems)
            try problems.throwIfAny()
            var set = TemplateSet(library: library, assets: files.assets, compiled: compiled)
            set.digest = digest
            return set
        }
        guard let cache else { return try make() }
        // A resident site parses the templates again only when a byte of them changed.
        return try cache.whole("templates", key: parseKey, make: make)
    }

    /// Parses templates (`name → (file, text)`) into a library: every syntax error, missing
    /// partial and cycle of partials is a problem with file, line and column.
    static func compile(_ sources: [String: (file: String, text: String)], problems: inout DiagnosticCollector)
        -> MustacheLibrary
    {
        parse(sources, problems: &problems).library
    }

    /// `compile`, also returning each template as parsed.
    static func parse(_ sources: [String: (file: String, text: String)], problems: inout DiagnosticCollector)
        -> (library: MustacheLibrary, parsed: [String: MustacheTemplate])
    {
        let all = parseAndCompile(sources, problems: &problems)
        return (all.library, all.parsed)
    }

    /// `parse`, also returning the templates compiled for `TemplateRenderer` (nil when one of
    /// them uses what only swift-mustache renders), whose partials are read without reflection.
    static func parseAndCompile(_ sources: [String: (file: String, text: String)], problems: inout DiagnosticCollector)
        -> (library: MustacheLibrary, parsed: [String: MustacheTemplate], compiled: CompiledTemplates?)
    {
        var library = MustacheLibrary()
        var parsed = [String: MustacheTemplate]()
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                let template = try MustacheTemplate(string: source.text)
                parsed[name] = template
                library.register(template, named: name)
            } catch let error as MustacheTemplate.ParserError {
                let (message, fix) = explain(error.error)
                problems.add(
                    Diagnostic(
                        file: source.file, location: .line(error.context.lineNumber, column: error.context.columnNumber),
                        message: "template error: \(message)", fix: fix))
            } catch {
                problems.add(Diagnostic(file: source.file, message: "template error: \(error)"))
            }
        }
        let compiled = CompiledTemplates(parsed)
        problems.add(contentsOf: TemplateIncludes.problems(sources, parsed: parsed, compiled: compiled))
        return (library, parsed, compiled)
    }

    /// What a parse error means, and how to fix it.
    static func explain(_ error: any Error) -> (message: String, fix: String?) {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect?:
            return ("the closing tag does not match the open section", "close {{#name}} with {{/name}} of the same name")
        case .unfinishedName?:
            return ("a tag is not closed with }}", "end the tag with }}")
        case .expectedSectionEnd?:
            return ("a section is never closed", "add the {{/name}} that closes this {{#name}} or {{^name}}")
        case .invalidSetDelimiter?:
            return ("invalid set-delimiter tag", "write it as {{=<% %>=}}")
        default:
            return ("\(error)", nil)
        }
    }

    /// Renders a template with a typed context.
    func render(_ name: String, _ context: some Encodable) -> String {
        String(decoding: bytes(name, TemplateValue(context)), as: UTF8.self)
    }

    /// Renders a page with its kind's template.
    package func render<Kind: Page>(_ page: Kind) -> OutputFile {
        OutputFile(path: page.path, bytes: bytes(Kind.template, TemplateValue(page.context())))
    }

    /// A template rendered with a context, as UTF-8: by `TemplateRenderer` when the templates
    /// compiled, else by swift-mustache.
    func bytes(_ name: String, _ context: TemplateValue) -> [UInt8] {
        if let compiled {
            var renderer = TemplateRenderer(templates: compiled)
            if let bytes = renderer.render(name, context) { return bytes }
        }
        return Array((library.render(context, withTemplate: name) ?? "").utf8)
    }
}
