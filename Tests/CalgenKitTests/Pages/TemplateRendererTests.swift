import CalgenCore
import CalgenModel
import CalgenTestSupport
import Testing

@testable import CalgenRender
@testable import TemplateEngine

/// `TemplateRenderer` renders every template exactly as swift-mustache does: each case renders
/// with both and compares the bytes.
@Suite struct TemplateRendererTests {
    /// Templates by name; the context; the template to render. swift-mustache is given `plain`
    /// when there is one: the context as the plain values (`String`, `Int`, `Bool`, arrays,
    /// dictionaries) it stands for, which the library reads without any protocol of calgen's.
    static func both(
        _ sources: [String: String], _ context: TemplateValue, plain: Any? = nil, _ name: String = "page"
    ) -> (fast: [UInt8], library: [UInt8], compiled: Bool) {
        var problems = DiagnosticCollector()
        let (library, parsed) = TemplateSet.parse(sources.mapValues { (file: "\($0)", text: $0) }, problems: &problems)
        let compiled = CompiledTemplates(parsed)
        let set = TemplateSet(library: library, assets: [], compiled: compiled)
        let expected = library.render(plain ?? context, withTemplate: name) ?? ""
        return (set.bytes(name, context), Array(expected.utf8), compiled != nil)
    }

    /// The plain value a template value stands for.
    static func plain(_ value: TemplateValue) -> Any {
        switch value {
        case .text(let text): text
        case .number(let number): number
        case .flag(let flag): flag
        case .list(let list): list.map(plain)
        case .object(let fields): fields.dictionary.mapValues(plain)
        }
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
        let context = TemplateValue.object([
            "title": .text("Title <&>"), "count": .number(42), "zero": .number(0), "yes": .flag(true), "no": .flag(false),
            "items": .list([
                .object(["name": .text("a"), "flag": .flag(true)]), .object(["name": .text("b"), "flag": .flag(false)]),
                .object(["name": .text("c"), "title": .text("own")]),
            ]),
            "empty": .list([]), "words": .list([.text("x"), .text("y"), .text("z")]),
            "nested": .object(["inner": .object(["deep": .object(["value": .text("deep value")])])]),
            "t": .texts(["word": "词"]), "html": .text("<b>bold</b> & 'quoted'"),
        ])
        let (fast, library, compiled) = Self.both(["page": template], context)
        #expect(compiled)
        #expect(String(decoding: fast, as: UTF8.self) == String(decoding: library, as: UTF8.self))
        let (_, plain, _) = Self.both(["page": template], context, plain: Self.plain(context))
        #expect(String(decoding: fast, as: UTF8.self) == String(decoding: plain, as: UTF8.self))
    }

    /// A typed context reaches the template as the values of its fields: nil fields left out,
    /// `@FalseIfNil` ones `false`, `@Inline` ones beside the others.
    @Test func typedContextsByTheirFields() {
        struct Inner: Encodable, Sendable {
            let title: String
            let shown: Bool
        }
        struct Context: Encodable {
            @Inline var inner: Inner
            let count: Int
            let words: [String]
            let missing: String?
            @FalseIfNil var badge: String?
            @FalseIfNil var label: String?
            @Inline var none: Inner?
            let shown = false
        }
        let value = TemplateValue(
            Context(
                inner: Inner(title: "T", shown: true), count: 3, words: ["a"], missing: nil, badge: nil, label: "L",
                none: nil))
        #expect(
            value
                == .object([
                    "title": .text("T"), "shown": .flag(false), "count": .number(3), "words": .list([.text("a")]),
                    "badge": .flag(false), "label": .text("L"),
                ]))
    }

    @Test func escapingByCharacterAsSwiftMustache() {
        let values = [
            "plain", "<a href=\"x\">it's & more</a>", "中文<标题>&‘引号’", "<\u{301} & a\u{301}", "e\u{301}\"", "\r\n<\r\n>", "",
        ]
        for value in values {
            let (fast, library, _) = Self.both(["page": "[{{v}}]"], .object(["v": .text(value)]))
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
        let context = TemplateValue.object([
            "title": .text("T"), "items": .list([.object(["name": .text("a")]), .object(["name": .text("b")])]),
        ])
        let (fast, library, compiled) = Self.both(sources, context)
        #expect(compiled)
        #expect(String(decoding: fast, as: UTF8.self) == String(decoding: library, as: UTF8.self))
    }

    @Test func theBundledPagesAsSwiftMustache() throws {
        let templates = try BundledModel.templates()
        #expect(templates.compiled != nil)
        let pages = try BundledModel.pages(today: CivilDate(year: 2026, month: 10, day: 1)!)
        let plain = TemplateSet(library: templates.library, assets: [])
        // Every kind of page, a few of each.
        for kind in PageKind.allCases {
            for (name, path, context) in Self.contexts(kind.type, pages, first: 4) {
                #expect(templates.bytes(name, context) == plain.bytes(name, context), "\(path)")
            }
        }
    }

    /// The template, path and context of the first `count` examples of a kind.
    static func contexts<Kind: Page>(_ kind: Kind.Type, _ pages: HTMLPages, first count: Int) -> [(
        String, String, TemplateValue
    )] {
        Kind.examples(pages).prefix(count).map { (Kind.template, $0.path, TemplateValue($0.context())) }
    }
}
