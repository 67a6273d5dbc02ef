import CalgenCore
import Foundation
import ICalendar

/// What to build and where.
public struct BuildOptions: Sendable {
    public var contentDirectory: String
    public var templatesDirectory: String
    public var outputDirectory: String
    /// "Now", which decides the current day and year on the pages. The caller takes it from
    /// `SOURCE_DATE_EPOCH`, `--now` or the clock; the build never reads the clock itself.
    public var now: Date
    /// Whether notes marked `draft: true` are built.
    public var includeDrafts: Bool
    /// The secret personal feed URLs are derived from.
    public var feedSecret: FeedSecret
    /// The last published `manifest.json` (with the feed manifests beside it), when the output
    /// directory does not hold the previous build.
    public var previousManifest: String?
    /// Called as each step starts (for a progress indicator on a terminal).
    public var progress: (@Sendable (_ step: String, _ index: Int, _ count: Int) -> Void)?

    public init(
        contentDirectory: String = "Content", templatesDirectory: String = "Templates", outputDirectory: String = "public",
        now: Date, includeDrafts: Bool = false, feedSecret: FeedSecret = .development, previousManifest: String? = nil
    ) {
        self.previousManifest = previousManifest
        self.feedSecret = feedSecret
        self.contentDirectory = contentDirectory
        self.templatesDirectory = templatesDirectory
        self.outputDirectory = outputDirectory
        self.now = now
        self.includeDrafts = includeDrafts
    }
}

/// What a build did, for the summary line.
public struct BuildReport: Sendable {
    /// One pipeline step and how long it took.
    public struct Step: Sendable {
        public let name: String
        public let duration: Duration
    }

    public internal(set) var steps: [Step] = []
    public internal(set) var pages = 0
    public internal(set) var notes = 0
    public internal(set) var subscribers = 0
    /// Files of the output, manifests included.
    public internal(set) var files = 0
    /// Whether this build made a new version.
    public internal(set) var changed = false
    /// Whether the output was left exactly as it was (nothing changed, nothing written).
    public internal(set) var untouched = false
    /// Whether the build stopped before loading anything: nothing it reads had changed since the
    /// last build, whose output is in place (see `BuildState`).
    public internal(set) var skipped = false
    /// Files written; the others were kept from the previous output, untouched.
    public internal(set) var filesWritten = 0
    public internal(set) var filesUnchanged = 0
    /// The site version (see `manifest.json`).
    public internal(set) var version = 0
    public internal(set) var bytesWritten = 0
    public internal(set) var years = 0
    public internal(set) var announcedYears = 0
    /// The public feed and every personal feed.
    public internal(set) var feeds = 0
    /// Feeds rendered by this build; the others were kept because nothing they are made from changed.
    public internal(set) var feedsRendered = 0
    /// Events of the feeds rendered by this build.
    public internal(set) var events = 0
    /// Things the publisher must know about, such as the development feed secret.
    public internal(set) var warnings: [String] = []
}

/// The build pipeline: load → validate → model → render → write → publish.
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
        var timer = StepTimer(progress: options.progress)
        // Nothing read changed and the output is what the last build left: stop here.
        let statePath = BuildState.path(forOutput: options.outputDirectory)
        var inputs: String?
        if options.previousManifest == nil {
            inputs = timer.step("inputs") { BuildState.inputs(of: options) }
            if let inputs, let state = BuildState.read(statePath), state.inputs == inputs,
                state.matchesOutput(options.outputDirectory)
            {
                var report = BuildReport(skippedWith: state.report)
                if let notice = options.feedSecret.notice, report.subscribers > 0 { report.warnings.append(notice) }
                report.steps = timer.steps
                return report
            }
        }
        var report = BuildReport()
        // Feeds are written as they are rendered, so the staging directory comes first.
        let staged = try StagedOutput.begin(
            outputPath: options.outputDirectory, contentDirectory: options.contentDirectory,
            templatesDirectory: options.templatesDirectory)
        let publication: Publication
        do {
            (publication, _) = try render(&report, &timer, staging: staged)
        } catch {
            staged.discard()
            throw error
        }
        // Once the output is this publication, the next build may stop early if nothing changes.
        func remember() {
            guard let inputs else { return }
            let manifest = publication.files.first { $0.path == Manifest.path }?.bytes ?? []
            BuildState(
                inputs: inputs, manifest: Digest.sha256(manifest), files: BuildState.digest(ofFiles: publication.allFiles),
                report: report.stateFigures
            ).write(statePath)
        }
        if publication.isNoOp && StagedOutput.holdsExactly(publication.allFiles, outputPath: options.outputDirectory) {
            staged.discard()
            report.filesUnchanged = report.files
            report.untouched = true
            report.steps = timer.steps
            remember()
            return report
        }
        try timer.step("write") { () throws in
            do {
                report.filesUnchanged = try staged.write(publication.files, keeping: publication.unchanged)
                report.filesUnchanged += try staged.link(publication.kept)
            } catch {
                staged.discard()
                throw error
            }
        }
        try timer.step("publish") { () throws in
            do { try staged.commit() } catch {
                staged.discard()
                throw error
            }
        }
        report.filesWritten = report.files - report.filesUnchanged
        report.bytesWritten =
            publication.files.reduce(0) { $0 + (publication.unchanged.contains($1.path) ? 0 : $1.bytes.count) }
            + publication.written.reduce(0) { $0 + $1.size }
        report.steps = timer.steps
        remember()
        return report
    }

    /// Everything a build validates, and the internal links of every page and the structure of
    /// every feed, without writing anything. Throws `ContentErrors` with all problems found.
    public func check() throws -> BuildReport {
        var timer = StepTimer(progress: options.progress)
        var report = BuildReport()
        let (publication, site) = try render(&report, &timer, staging: nil)
        let problems = timer.step("check") {
            var sources = [String: String]()
            var noteLinks = [String: String]()
            for note in site.notes {
                sources[PagePath.note(note.slug) + "index.html"] = note.file
                for link in LinkCheck.attributes("href", in: Array(note.html.utf8))
                    + LinkCheck.attributes("src", in: Array(note.html.utf8))
                {
                    noteLinks[link] = note.file
                }
            }
            return LinkCheck.problems(
                in: publication.files, sitePath: site.config.sitePath, sources: sources, noteLinks: noteLinks)
                + FeedCheck.problems(in: publication.files)
        }
        report.steps = timer.steps
        guard problems.isEmpty else { throw ContentErrors(problems) }
        return report
    }

    /// Loads, validates and renders everything, and works out the manifests. Personal feeds go
    /// to `staging` as they are rendered (or stay in memory without one).
    func render(_ report: inout BuildReport, _ timer: inout StepTimer, staging: StagedOutput?) throws -> (Publication, Site) {
        let (site, templates, previous) = try timer.step("load") { () throws -> (Site, TemplateSet, PreviousBuild) in
            var problems = [Diagnostic]()
            var site: Site?
            do {
                site = try ContentLoader(contentDirectory: options.contentDirectory, includeDrafts: options.includeDrafts).load()
            } catch let error as ContentErrors {
                problems += error.diagnostics
            }
            var templates: TemplateSet?
            switch TemplateSet.load(directory: options.templatesDirectory) {
            case .success(let t): templates = t
            case .failure(let e): problems += e.diagnostics
            }
            var previous = PreviousBuild.none
            do {
                previous = try PreviousBuild.load(
                    outputDirectory: options.outputDirectory, previousManifest: options.previousManifest)
            } catch let error as ContentErrors {
                problems += error.diagnostics
            }
            guard problems.isEmpty, let site, let templates else { throw ContentErrors(problems) }
            return (site, templates, previous)
        }
        try options.feedSecret.check(site, contentDirectory: options.contentDirectory)
        report.years = site.calendar.years.count
        report.notes = site.notes.count
        report.subscribers = site.subscribers.count
        report.announcedYears = site.calendar.years.filter(site.calendar.isAnnounced(year:)).count

        let today = site.config.civilDate(of: options.now)
        let renderer = SiteRenderer(site: site, templates: templates, today: today)
        let pages = timer.step("pages") { renderer.renderPages() }
        let data = timer.step("api") { renderer.renderData() }
        let output =
            staging.map { FeedOutput(stagingPath: $0.stagingPath, previousOutput: previous.isOutput ? $0.outputPath : nil) }
            ?? .memory
        let feeds = try timer.step("feeds") {
            try FeedSet(site: site, today: today, generatedAt: options.now, secret: options.feedSecret)
                .render(previous: previous, output: output)
        }
        report.feeds = feeds.count
        report.feedsRendered = feeds.filter { $0.eventsRendered > 0 || $0.isPublic }.count
        report.events = feeds.reduce(0) { $0 + $1.eventsRendered }
        if let notice = options.feedSecret.notice, !site.subscribers.isEmpty { report.warnings.append(notice) }
        report.pages = pages.filter { $0.path.hasSuffix(".html") }.count
        let publication = timer.step("manifest") {
            Publication(
                publicFiles: pages + data, feeds: feeds, calendar: site.calendar, sources: site.holidaySources,
                previous: previous, now: ManifestTime.iso(options.now))
        }
        report.version = publication.version
        report.files = publication.allFiles.count
        report.changed = publication.isNewVersion
        return (publication, site)
    }
}

/// Times the named steps of a build and reports each start to a progress display.
struct StepTimer {
    let progress: (@Sendable (_ step: String, _ index: Int, _ count: Int) -> Void)?
    private(set) var steps: [BuildReport.Step] = []
    private let clock = ContinuousClock()

    init(progress: (@Sendable (String, Int, Int) -> Void)?) {
        self.progress = progress
    }

    mutating func step<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        progress?(name, steps.count + 1, SiteBuilder.stepNames.count)
        let start = clock.now
        let result = try body()
        steps.append(.init(name: name, duration: clock.now - start))
        return result
    }
}

/// Turns a loaded site into output files. Pure apart from reading the site value.
struct SiteRenderer {
    let site: Site
    let templates: TemplateSet
    let today: CivilDate

    /// HTML pages, assets, sitemap and robots.txt.
    func renderPages() -> [OutputFile] {
        let pages = HTMLPages(site: site, templates: templates, today: today).render()
        var files = pages + templates.assets
        files.append(Sitemap.sitemap(baseURL: site.config.baseURL, pages: pages.map(\.path)))
        files.append(Sitemap.robots(baseURL: site.config.baseURL, sitePath: site.config.sitePath))
        return files
    }

    /// The static day API.
    func renderData() -> [OutputFile] {
        DayAPI.files(for: site.calendar)
    }
}
