import CalgenCore
import CalgenModel
import CalgenTestSupport
import Testing

@testable import CalgenKit

/// `TemplateRenderer` renders every template exactly as swift-mustache does: each case renders
/// with both and compares the bytes.
@Suite struct TemplateRendererTests {
    /// Templates by name; the context; the template to render.
    static func both(_ sources: [String: String], _ context: [String: Any], _ name: String = "page") -> (
        fast: [UInt8], library: [UInt8], compiled: Bool
    ) {
        var problems = DiagnosticCollector()
        let (library, parsed) = TemplateSet.parse(sources.mapValues { (file: "\($0)", text: $0) }, problems: &problems)
        let compiled = CompiledTemplates(parsed)
        let set = TemplateSet(library: library, assets: [], compiled: compiled)
        return (set.bytes(name, context), Array((library.render(context, withTemplate: name) ?? "").utf8), compiled != nil)
    }

    @Test func sectionsNamesAndValuesAsSwiftMustache() {
        let template = """
            {{title}} {{count}} {{zero}} {{yes}} {{no}} {{ratio}} {{missing}} {{optional}} {{none}}
            {{#yes}}shown{{/yes}}{{^no}} inverted{{/no}}{{#no}}hidden{{/no}}
            {{#items}}<li>{{name}} {{title}} {{#flag}}F{{/flag}}{{^flag}}f{{/flag}}</li>
            {{/items}}{{^empty}}no items{{/empty}}{{#empty}}never{{/empty}}
            {{#words}}[{{.}}]{{/words}} {{#zero}}zero is truthy {{.}}{{/zero}} {{#title}}{{.}} again{{/title}}
            {{#nested}}{{inner.deep.value}} {{.title}} {{title}}{{/nested}} {{nested.inner.deep.value}} {{t.word}}
            {{{html}}} {{html}} {{&html}}
            """
        let context: [String: Any] = [
            "title": "Title <&>", "count": 42, "zero": 0, "yes": true, "no": false, "ratio": 0.5,
            "optional": ("set" as String?) as Any, "none": String?.none as Any,
            "items": [["name": "a", "flag": true], ["name": "b", "flag": false], ["name": "c", "title": "own"]],
            "empty": [[String: Any]](), "words": ["x", "y", "z"],
            "nested": ["inner": ["deep": ["value": "deep value"]]] as [String: Any],
            "t": ["word": "词"], "html": "<b>bold</b> & 'quoted'",
        ]
        let (fast, library, compiled) = Self.both(["page": template], context)
        #expect(compiled)
        #expect(String(decoding: fast, as: UTF8.self) == String(decoding: library, as: UTF8.self))
    }

    @Test func escapingByCharacterAsSwiftMustache() {
        let values = [
            "plain", "<a href=\"x\">it's & more</a>", "中文<标题>&‘引号’", "<\u{301} & a\u{301}", "e\u{301}\"", "\r\n<\r\n>", "",
        ]
        for value in values {
            let (fast, library, _) = Self.both(["page": "[{{v}}]"], ["v": value])
            #expect(fast == library, "\(value)")
        }
    }

    @Test func partialsIndentationAndInheritanceAsSwiftMustache() {
        let sources = [
            "page": """
            {{<layout}}
            {{$nav}}<nav>{{title}}</nav>{{/nav}}
            {{$main}}
              {{> list}}
            <p>{{title}}</p>
            {{/main}}
            {{/layout}}
            """,
            "layout": """
            <html>
              {{$nav}}default nav{{/nav}}
            <main>
                {{$main}}default main{{/main}}
            </main>
            {{$scripts}}<script></script>{{/scripts}}
            </html>

            """,
            "list": "<ul>\n{{#items}}\n  <li>{{name}}</li>\r\n{{/items}}\n</ul>\n{{> item}}\n",
            "item": "  one\n\ntwo\n",
        ]
        let context: [String: Any] = ["title": "T", "items": [["name": "a"], ["name": "b"]]]
        let (fast, library, compiled) = Self.both(sources, context)
        #expect(compiled)
        #expect(String(decoding: fast, as: UTF8.self) == String(decoding: library, as: UTF8.self))
    }

    @Test func theBundledPagesAsSwiftMustache() throws {
        let options = BundledSite.options
        let templates = try TemplateSet.load(directory: options.templatesDirectory)
        #expect(templates.compiled != nil)
        let pages = HTMLPages(
            site: try options.loader.load(), templates: templates, today: CivilDate(year: 2026, month: 10, day: 1)!)
        let plain = TemplateSet(library: templates.library, assets: [])
        // Every kind of page, a few of each.
        for kind in PageKinds.site {
            let all: [any SitePage] = kind.all(pages)
            for page in all.prefix(4) {
                let name = type(of: page).template
                let context = page.context()
                let path = page.path
                #expect(templates.bytes(name, context) == plain.bytes(name, context), "\(path)")
            }
        }
    }
}
