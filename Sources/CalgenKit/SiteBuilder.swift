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

    /// Builds the site. On any error the previous output is left exactly as it was.
    /// Throws `ContentErrors` for problems in the content, `OutputError` for problems writing.
    public func build() throws -> BuildReport {
        var report = BuildReport()
        let clock = ContinuousClock()
        func step<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
            let start = clock.now
            let result = try body()
            report.steps.append(.init(name: name, duration: clock.now - start))
            return result
        }

        let (site, templates, previous) = try step("load") { () throws -> (Site, TemplateSet, PreviousBuild) in
            var problems = [Diagnostic]()
            var site: Site?
            do { site = try ContentLoader(
                    contentDirectory: options.contentDirectory, includeDrafts: options.includeDrafts
                ).load() } catch let error as ContentErrors {
                problems += error.diagnostics
            }
            var templates: TemplateSet?
            switch TemplateSet.load(directory: options.templatesDirectory) {
            case .success(let t): templates = t
            case .failure(let e): problems += e.diagnostics
            }
            var previous = PreviousBuild.none
            do {
                previous = try PreviousBuild.load(outputDirectory: options.outputDirectory, previousManifest: options.previousManifest)
            } catch let error as ContentErrors {
                problems += error.diagnostics
            }
            guard problems.isEmpty, let site, let templates else { throw ContentErrors(problems) }
            return (site, templates, previous)
        }
        report.years = site.calendar.years.count
        report.notes = site.notes.count
        report.announcedYears = site.calendar.years.filter(site.calendar.isAnnounced(year:)).count

        let today = site.config.civilDate(of: options.now)
        let renderer = SiteRenderer(site: site, templates: templates, today: today)
        let pages = step("pages") { renderer.renderPages() }
        let data = step("api") { renderer.renderData() }
        let feeds = step("feeds") {
            FeedSet(site: site, today: today, generatedAt: options.now, secret: options.feedSecret).render(previous: previous)
        }
        report.feeds = feeds.count
        report.events = feeds.reduce(0) { $0 + $1.events.count }
        if options.feedSecret.isDevelopment && !site.subscribers.isEmpty {
            report.warnings.append(FeedSecret.developmentWarning)
        }
        report.pages = pages.filter { $0.path.hasSuffix(".html") }.count
        let publication = step("manifest") {
            Publication(
                publicFiles: pages + data, feeds: feeds, calendar: site.calendar, sources: site.holidaySources,
                previous: previous, now: ManifestTime.iso(TimeZoneComponent.utcFields(options.now)))
        }
        let files = publication.files
        report.version = publication.version
        if publication.isNoOp && StagedOutput.holdsExactly(files, outputPath: options.outputDirectory) {
            report.filesUnchanged = files.count
            report.bytesWritten = 0
            return report
        }
        let staged = try step("write") { () throws -> StagedOutput in
            let staged = try StagedOutput.begin(
                outputPath: options.outputDirectory, contentDirectory: options.contentDirectory)
            do {
                report.filesUnchanged = try staged.write(files, keeping: publication.unchanged)
            } catch {
                staged.discard()
                throw error
            }
            return staged
        }
        try step("publish") { () throws in
            do { try staged.commit() } catch {
                staged.discard()
                throw error
            }
        }
        report.filesWritten = files.count - report.filesUnchanged
        report.bytesWritten = files.reduce(0) { $0 + (publication.unchanged.contains($1.path) ? 0 : $1.bytes.count) }
        return report
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
