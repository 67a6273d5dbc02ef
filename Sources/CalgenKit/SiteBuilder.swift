import CalgenCore
import Foundation

/// The build pipeline: load → pages, API and feeds → plan → publish.
///
/// `build()` reads as that list: it stops before loading when nothing it reads changed
/// (`BuildState`), renders everything into an `OutputPlan` (personal feeds straight into the
/// staging directory), stops if the plan changes nothing, applies the plan to the staging
/// directory and swaps it in (`StagedOutput`).
public struct SiteBuilder: Sendable {
    public let options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    /// The steps of a build, in order, for progress displays.
    public static let stepNames = ["inputs", "load", "pages", "api", "feeds", "manifest", "write", "publish"]

    /// Builds the site. On any error the previous output is left exactly as it was.
    /// Throws `ContentErrors` for problems in the content, `OutputError` for problems writing.
    public func build() throws -> BuildReport {
        let timer = StepTimer(progress: options.progress)
        // Nothing read changed and the output is what the last build left: stop here.
        let statePath = BuildState.path(forOutput: options.outputDirectory)
        let inputs = options.previousManifest == nil ? timer.step("inputs") { BuildState.inputs(of: options) } : nil
        if let inputs, let state = BuildState.read(statePath), state.inputs == inputs,
            PreviousOutput.isUnchanged(options.outputDirectory, since: state)
        {
            return BuildReport(skippedWith: state.report, warnings: options.feedSecret.notices, steps: timer.steps)
        }
        // Feeds are written as they are rendered, so the staging directory comes first.
        let staged = try StagedOutput.begin(
            outputPath: options.outputDirectory, contentDirectory: options.contentDirectory,
            templatesDirectory: options.templatesDirectory)
        let report: BuildReport
        do {
            let rendered = try render(timer, staging: staged)
            let plan = rendered.publication.plan
            if plan.changesNothing && rendered.previous.holdsExactly(plan.sizes) {
                staged.discard()
                report = BuildReport(rendered, applied: nil, steps: timer.steps)
            } else {
                let applied = try timer.step("write") { try staged.apply(plan) }
                try timer.step("publish") { try staged.commit() }
                report = BuildReport(rendered, applied: applied, steps: timer.steps)
            }
            // Once the output is this plan, the next build may stop early if nothing changes.
            if let inputs {
                BuildState(
                    inputs: inputs, manifest: Digest.sha256(plan.bytes(of: Manifest.path) ?? []),
                    files: BuildState.digest(ofFiles: plan.sizes), report: report.stateFigures
                ).write(statePath)
            }
        } catch {
            staged.discard()
            throw error
        }
        return report
    }

    /// Everything a build validates, and the internal links of every page and the structure of
    /// every feed, without writing anything. Throws `ContentErrors` with all problems found.
    public func check() throws -> BuildReport {
        let timer = StepTimer(progress: options.progress)
        let rendered = try render(timer, staging: nil)
        let problems = timer.step("check") {
            var sources = [String: String]()
            var noteLinks = [String: String]()
            for note in rendered.site.notes {
                sources[PagePath.note(note.slug) + "index.html"] = note.file
                for link in LinkCheck.attributes("href", in: Array(note.html.utf8))
                    + LinkCheck.attributes("src", in: Array(note.html.utf8))
                {
                    noteLinks[link] = note.file
                }
            }
            let files = rendered.publication.plan.inMemory
            return LinkCheck.problems(
                in: files, sitePath: rendered.site.config.sitePath, sources: sources, noteLinks: noteLinks)
                + FeedCheck.problems(in: files)
        }
        guard problems.isEmpty else { throw ContentErrors(problems) }
        return BuildReport(rendered, applied: nil, steps: timer.steps)
    }

    /// Loads, validates and renders everything, and plans the output against the previous one.
    /// Personal feeds go to `staging` as they are rendered (or stay in memory without one).
    func render(_ timer: StepTimer, staging: StagedOutput?) throws -> RenderedSite {
        let (site, templates, previous) = try timer.step("load") { try load() }
        try options.feedSecret.check(site, contentDirectory: options.contentDirectory)
        let today = site.config.civilDate(of: options.now)
        let renderer = SiteRenderer(site: site, templates: templates, today: today)
        let pages = timer.step("pages") { renderer.renderPages() }
        let data = timer.step("api") { renderer.renderData() }
        let feedSet = FeedSet(site: site, today: today, generatedAt: options.now, secret: options.feedSecret)
        let feeds = try timer.step("feeds") {
            try feedSet.render(previous: previous, output: FeedOutput(stagingPath: staging?.stagingPath))
        }
        let personalFeeds = feedSet.paths()
        // Beside the page of each personal feed, the record of which feeds this build published.
        let privatePages =
            renderer.renderPrivatePages(personalFeeds)
            + (personalFeeds.isEmpty
                ? [] : [PersonalFeedRecord(feedPaths: personalFeeds.map(\.path)).file(secret: options.feedSecret)])
        let publication = try timer.step("manifest") {
            try Publication(
                publicFiles: pages + data, feeds: feeds, privatePages: privatePages, calendar: site.calendar,
                sources: site.holidaySources, news: NewsContext(site: site, templates: templates), previous: previous,
                now: options.now
            ).checked()
        }
        return RenderedSite(
            site: site, previous: previous, pages: pages.filter { $0.path.hasSuffix(".html") }.count, feeds: feeds,
            publication: publication,
            warnings: (site.subscribers.isEmpty ? [] : options.feedSecret.notices) + feeds.flatMap(\.warnings))
    }

    /// The content, the templates and the previous output, with the problems of all three.
    private func load() throws(ContentErrors) -> (Site, TemplateSet, PreviousOutput) {
        var problems = DiagnosticCollector()
        let site = problems.collect {
            () throws(ContentErrors) in
            try options.loader.load()
        }
        let templates = problems.collect { () throws(ContentErrors) in try TemplateSet.load(directory: options.templatesDirectory)
        }
        let previous = problems.collect { () throws(ContentErrors) in
            try PreviousOutput.load(options: options)
        }
        try problems.throwIfAny()
        return (site!, templates!, previous!)
    }
}

/// What rendering a site gave: the plan of the output and what the report is made from.
struct RenderedSite: Sendable {
    let site: Site
    let previous: PreviousOutput
    /// HTML pages.
    let pages: Int
    let feeds: [FeedResult]
    let publication: Publication
    let warnings: [Diagnostic]
}

/// Turns a loaded site into output files. Pure apart from reading the site value.
struct SiteRenderer {
    let site: Site
    let templates: TemplateSet
    let today: CivilDate
    /// The page renderer, made once (it indexes the notes by day) for the public and private pages.
    let pages: HTMLPages

    init(site: Site, templates: TemplateSet, today: CivilDate) {
        self.site = site
        self.templates = templates
        self.today = today
        pages = HTMLPages(site: site, templates: templates, today: today)
    }

    /// HTML pages, assets, sitemap and robots.txt.
    func renderPages() -> [OutputFile] {
        let pages = self.pages.render()
        var files = pages + templates.assets + templates.hashedAssets
        files.append(Sitemap.sitemap(baseURL: site.config.baseURL, pages: pages.map(\.path), templates: templates))
        files.append(Sitemap.robots(baseURL: site.config.baseURL, sitePath: site.config.sitePath, templates: templates))
        files.append(HostingHeaders.file(sitePath: site.config.sitePath, templates: templates))
        return files
    }

    /// Each personal feed's own page, `feeds/<token>/index.html`.
    func renderPrivatePages(_ feeds: [(subscriber: Subscriber, path: String)]) -> [OutputFile] {
        feeds.map { pages.privateFeedPage($0.subscriber, feedPath: $0.path) }
    }

    /// The static day API.
    func renderData() -> [OutputFile] {
        DayAPI.files(for: site.almanac)
    }
}
