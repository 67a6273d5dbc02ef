import CalgenCore
import Mustache
import Testing

@testable import CalgenRender

/// The partials a template includes, read from its compiled form, are those read from its parse.
@Suite struct TemplateIncludesTests {
    @Test func compiledTemplatesNameTheirPartialsAsParsedOnes() throws {
        let sources = [
            "page": "{{> head}}{{#items}}<li>{{> item}}</li>{{/items}}{{^none}}{{> empty}}{{/none}}{{$main}}{{> block}}{{/main}}",
            "head": "<h1>{{title}}</h1>\n  {{> nested}}\n",
            "item": "{{name}}", "empty": "-", "block": "b", "nested": "n",
            "child": "{{< page}}{{$main}}{{> item}}{{/main}}{{/ page}}",
        ]
        var problems = DiagnosticCollector()
        let (_, parsed, compiled) = TemplateSet.parseAndCompile(
            sources.mapValues { (file: "\($0)", text: $0) }, problems: &problems)
        let templates = try #require(compiled)
        for (name, template) in parsed {
            let fromParse = TemplateIncludes.partials(of: template)
            #expect(!fromParse.dynamic)
            #expect(TemplateIncludes.partials(of: try #require(templates.templates[name])) == fromParse.names, "\(name)")
        }
        #expect(TemplateIncludes.partials(of: try #require(templates.templates["page"])) == ["head", "item", "empty", "block"])
    }
}
