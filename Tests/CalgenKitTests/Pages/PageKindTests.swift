import CalgenCore
import CalgenModel
import CalgenTestSupport
import Testing

@testable import CalgenRender

/// The registry of page kinds (`PageKind`): each case names its own type, and every kind renders
/// in each language of the site, with both renderers alike.
@Suite struct PageKindTests {
    @Test func eachCaseNamesItsType() {
        for kind in PageKind.allCases {
            #expect(kind.type.kind == kind, "\(kind)")
        }
        #expect(PageKinds.site.count + PageKinds.derived.count == PageKind.allCases.count)
    }

    @Test(arguments: SiteLanguage.allCases)
    func everyKindRendersIn(_ language: SiteLanguage) throws {
        let templates = try BundledModel.templates()
        let site = try BundledModel.site()
        var config = site.config
        config.language = language
        let pages = HTMLPages(
            site: Site(
                config: config, calendar: site.calendar, notes: site.notes, subscribers: site.subscribers,
                holidaySources: site.holidaySources, schedules: site.schedules, feedsOnlyNotes: site.feedsOnlyNotes),
            templates: templates, today: CivilDate(year: 2026, month: 10, day: 1)!)
        let plain = TemplateSet(library: templates.library, assets: [])
        for kind in PageKind.allCases {
            let rendered = Self.render(kind.type, pages, templates, first: 3)
            #expect(!rendered.isEmpty, "\(kind) has no example")
            for (path, text, html, subscriberLanguage) in rendered {
                #expect(!text.isEmpty, "\(path)")
                guard html else { continue }
                let lang = (subscriberLanguage ?? language).rawValue
                #expect(text.contains("<html lang=\"\(lang)\""), "\(path)")
            }
            for (name, path, context) in TemplateRendererTests.contexts(kind.type, pages, first: 2) {
                #expect(templates.bytes(name, context) == plain.bytes(name, context), "\(path)")
            }
        }
    }

    /// The first `count` examples of a kind rendered: each one's path, its text, whether it is a
    /// web page, and the language of its subscriber (the page beside a personal feed).
    static func render<Kind: Page>(_ kind: Kind.Type, _ pages: HTMLPages, _ templates: TemplateSet, first count: Int) -> [(
        String, String, Bool, SiteLanguage?
    )] {
        Kind.examples(pages).prefix(count).map { page in
            let text = String(decoding: templates.render(page).bytes, as: UTF8.self)
            let language = (page as? PrivateFeedPage)?.subscriber.language
            return (page.path, text, page.path.hasSuffix(".html"), language)
        }
    }
}
