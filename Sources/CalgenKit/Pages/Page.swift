/// One page of the site, or one file rendered like a page (`changes.xml`, `sitemap.xml`,
/// `robots.txt`, `_headers`): the template that renders it, where it is written, and what the
/// template is given. Each kind of page is a type that conforms, listed in `PageKinds`.
protocol Page: Sendable {
    /// The template of every page of this kind: `year` is `Templates/year.mustache`.
    static var template: String { get }

    /// Templates of `Templates/partials/` that the kind renders on their own, besides `template`
    /// (the partials a template includes are found by `TemplateIncludes`). None by default.
    static var pieces: [String] { get }

    /// Where the page is written, relative to the site root: `2026/index.html`.
    var path: String { get }

    /// What the template is given, built in one place from the page's typed fields. A dictionary,
    /// which swift-mustache reads fast (other values it reads through `Mirror`, slowly).
    func context() -> [String: Any]
}

extension Page {
    static var pieces: [String] { [] }
}

/// A kind of page that follows from the site alone: `HTMLPages.render()` renders every page of
/// each such kind of `PageKinds.site`, in parallel.
protocol SitePage: Page {
    /// Every page of this kind.
    static func all(_ pages: HTMLPages) -> [Self]
}
