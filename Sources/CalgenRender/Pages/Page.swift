import TemplateEngine

/// One page of the site, or one file rendered like a page (`changes.xml`, `sitemap.xml`,
/// `robots.txt`, `_headers`): the template that renders it, where it is written, and what the
/// template is given. Each kind of page is a type that conforms, named by a case of `PageKind`.
package protocol Page: Sendable {
    /// What the kind's template is given: a struct whose stored properties are named as the
    /// template reads them, turned into a `TemplateValue` by `TemplateEncoder` alone.
    associatedtype Context: Encodable

    /// The kind's case of `PageKind`, the list of every kind.
    static var kind: PageKind { get }

    /// The template of every page of this kind: `year` is `Templates/year.mustache`.
    static var template: String { get }

    /// Templates of `Templates/partials/` that the kind renders on their own, besides `template`
    /// (the partials a template includes are found by `TemplateIncludes`). None by default.
    static var pieces: [String] { get }

    /// Where the page is written, relative to the site root: `2026/index.html`.
    var path: String { get }

    /// What the template is given.
    func context() -> Context

    /// Pages of this kind for a site, as the site's own build would make them (for a `SitePage`,
    /// `all`); `PageKindTests` renders them in each language.
    static func examples(_ pages: HTMLPages) -> [Self]
}

extension Page {
    package static var pieces: [String] { [] }
}

/// A kind of page that follows from the site alone: `HTMLPages.render()` renders every page of
/// each such kind of `PageKinds.site`, in parallel.
package protocol SitePage: Page {
    /// Every page of this kind.
    static func all(_ pages: HTMLPages) -> [Self]
}

extension SitePage {
    static func examples(_ pages: HTMLPages) -> [Self] { all(pages) }
}
