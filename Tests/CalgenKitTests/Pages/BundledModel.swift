import CalgenCore
import CalgenModel
import CalgenTestSupport

@testable import CalgenRender

/// The bundled `Content/` loaded (all 21 holiday years, every note, subscriber and schedule) and
/// its `Templates/` parsed, once per test process: for tests that render a few of the bundled
/// site's pages without building it.
enum BundledModel {
    private static let loaded: Result<Site, any Error> = Result { try BundledSite.options.loader.load() }
    private static let parsed: Result<TemplateSet, any Error> = Result {
        try TemplateSet.load(directory: BundledSite.options.templatesDirectory)
    }

    /// The loaded bundled site.
    static func site() throws -> Site { try loaded.get() }

    /// The bundled templates.
    static func templates() throws -> TemplateSet { try parsed.get() }

    /// The pages of the bundled site as of `today`.
    static func pages(today: CivilDate) throws -> HTMLPages {
        HTMLPages(site: try site(), templates: try templates(), today: today)
    }
}
