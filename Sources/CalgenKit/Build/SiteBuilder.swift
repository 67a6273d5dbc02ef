import CalgenCore
import CalgenLoad
import CalgenModel
import CalgenPublish
import CalgenRecord
import CalgenRender
import CalgenSupport
import Foundation

/// The build pipeline: load → pages, API and feeds → plan → output.
///
/// The disk is touched at the two ends only. Loading reads the content, the templates and the
/// previous output once, into values. Rendering writes through one `OutputSink` (the staging
/// directory of a build, or memory), chosen here alone. Planning (`Publication`) is a pure function
/// of what was rendered and of the previous output. Only the output room (`StagedOutput`, or
/// `MemoryOutput`) creates, links, swaps and removes files.
public struct SiteBuilder: Sendable {
    public let options: BuildOptions
    /// The parsed content files of earlier loads (a resident site's), reused while unchanged.
    var cache: ParseCache?
    /// Whether the content's folders are listed through the cache's `ListingMemory`: only a
    /// resident site's reload, which is told what changed. A build lists them from the disk, after
    /// the look at its inputs that its record keeps, never before it.
    var remembersListings = false

    public init(options: BuildOptions) {
        self.options = options
    }

    /// The steps of a build, in order, for progress displays.
    public static let stepNames = [
        "inputs", "load", "staging", "pages", "api", "feeds", "private", "manifest", "write", "publish", "record",
    ]

    /// Builds the site. On any error the previous output is left exactly as it was.
    /// Throws `ContentErrors` for problems in the content, `OutputError` for problems writing.
    public func build() throws -> BuildReport {
        if let shard = options.shard { return try buildShard(shard) }
        let timer = StepTimer(progress: options.progress)
        // An output calgen may not replace is refused before anything in it is read, and before
        // anything is written beside it (the record goes beside the output).
        let output = try OutputGuard.check(
            output: options.outputDirectory, content: options.contentDirectory, templates: options.templatesDirectory)
        // The record of the last build, read once: nothing read changed and the output is what
        // that build left, stop here. (Shards being assembled are read too, and are not in it.)
        let mayStop = options.previousManifest == nil && options.assemble.isEmpty && !options.strict
        let (recorded, head, inputs, asRecorded) = timer.step("inputs") {
            () -> (BuildRecordBytes, BuildRecord, BuildInputs?, Bool) in
            // Only the part of the record this look needs is parsed (`BuildRecordBytes`).
            let recorded = BuildRecordBytes.read(BuildRecord.path(forOutput: options.outputDirectory))
            // A missing or damaged record knows no input: every file is hashed, and recorded.
            let head = recorded.head ?? BuildRecord()
            // Whether the output is as recorded is looked at while the inputs are scanned (neither
            // reads anything of the other): a build that goes on then takes the output's listing
            // from the record instead of walking it again.
            let shown =
                head.inputsDigest != nil && options.previousManifest == nil
                ? Concurrent { recorded.outputIsUnchanged(root: options.outputDirectory) } : nil
            let inputs = mayStop ? BuildInputs.scan(options, known: head.inputs) : nil
            return (recorded, head, inputs, shown?.value ?? false)
        }
        if let inputs, asRecorded, inputs.digest == head.inputsDigest {
            if !inputs.changed {
                return BuildReport(skippedWith: head.report, warnings: options.feedSecret.notices, steps: timer.steps)
            }
            // A file saved again with the same bytes: its new stamp is recorded, in the whole record.
            if var record = BuildRecord.parse(recorded.bytes) {
                record.inputs = inputs.fingerprints
                BuildRecordFile.write(record, forOutput: options.outputDirectory)
                return BuildReport(skippedWith: record.report, warnings: options.feedSecret.notices, steps: timer.steps)
            }
        }
        // The whole record is parsed while the content loads; `nil` when it is not believed.
        let parsed = Concurrent { () -> BuildRecord? in
            // The inputs are the head's; the folders are only for the first look, which read them.
            guard var record = BuildRecord.parse(recorded.bytes, keeping: [.file]) else { return nil }
            (record.inputs, record.inputsDigest, record.report) = (head.inputs, head.inputsDigest, head.report)
            return record
        }
        // What the content's loader asks of it, the subscribers' and the notes' lines (written
        // before the files'), parsed apart so that the content need not wait for the whole record.
        let sources = Concurrent { () -> BuildRecord? in
            BuildRecord.parse(recorded.bytes, only: [.subscriber, .subscribers, .note, .notes], before: .file)
        }
        let pageRecords = Concurrent { FeedPageRecords(parsed.value ?? BuildRecord()) }
        // What earlier builds left beside the output goes while this one loads and renders.
        let sweep = LeftoverSweep.start(outputPath: output.path)
        defer { sweep.wait() }
        var loaded = try timer.step("load") { () throws -> LoadedSite in
            func load(vouching: Bool) throws -> LoadedSite {
                try self.load(
                    previous: { () throws(ContentErrors) in
                        try PreviousOutput.load(options: options, built: parsed.value ?? BuildRecord(), asRecorded: asRecorded)
                    },
                    vouch: vouching
                        ? SubscriberVouch { stamps, dependencies in
                            (sources.value?.subscribers ?? RecordedSubscribers()).vouched(
                                stamps: stamps, fingerprints: head.inputs,
                                dependencies: InputDigest.subscriberParse(dependencies))
                        } : nil,
                    noteVouch: vouching
                        ? NoteVouch { stamps in
                            (sources.value?.notes ?? RecordedNotes()).vouched(
                                stamps: stamps, fingerprints: head.inputs, dependencies: InputDigest.noteParse)
                        } : nil)
            }
            let loaded = try load(vouching: true)
            // A record not believed whole vouches for nothing: were any of its lines taken, the
            // content is loaded again, every file read.
            if parsed.value == nil, let taken = sources.value, taken != BuildRecord() { return try load(vouching: false) }
            return loaded
        }
        let built = parsed.value ?? BuildRecord()
        if loaded.previous.isOutput { loaded.feedPages = pageRecords.value }
        // The staging folder: most often the output before the last, taken whole (`RecycledTree`).
        let staged = try timer.step("staging") {
            try StagedOutput.begin(
                outputPath: options.outputDirectory, contentDirectory: options.contentDirectory,
                templatesDirectory: options.templatesDirectory)
        }
        let report: BuildReport
        do {
            // Feeds' digests are in their results; every other file staged is digested on its way.
            let sink = DigestingSink(StagingSink(stagingPath: staged.stagingPath)) { !$0.hasSuffix(".ics") }
            let assembly =
                try options.assemble.isEmpty
                ? nil
                : timer.step("shards") { () throws(ContentErrors) in
                    // The site's own folders below `feeds/`, which no shard may fill.
                    let secret = options.feedSecret
                    let reserved = Set(
                        [PersonalFeedRecord.path(secret: secret)]
                            + loaded.site.schedules.map { FeedPath.schedule($0, secret: secret) }
                    ).map(PrivateFeedPage.folder(ofFeed:))
                    return try ShardAssembly.read(
                        folders: options.assemble.map {
                            ShardAssembly.Folder(name: $0, tree: DiskSourceTree(root: $0, singleLink: true))
                        },
                        subscribers: Array(loaded.sources.subscribers.keys), secret: secret, reserved: Set(reserved),
                        digest: { ShardInputs.parts(options: options, loaded: loaded, count: $0) }, previous: loaded.previous,
                        sink: sink)
                }
            let rendered = try render(loaded, timer, sink: sink, assembly: assembly)
            let plan = rendered.publication.plan
            var applied: AppliedPlan? = nil
            if plan.changesNothing && loaded.previous.holdsExactly(plan.sizes) {
                staged.discard()
            } else {
                // A file the record vouched for is the inode it names: not examined again.
                let vouched = loaded.previous.vouched
                applied = try timer.step("write") {
                    try staged.apply(plan) { path in
                        guard vouched.contains(path), let stamp = built.artifacts[path]?.stamp else { return nil }
                        return RecycledTree.Identity(device: stamp.device, inode: stamp.inode)
                    }
                }
                try timer.step("publish") {
                    try staged.commit()
                    // The record read describes the output just retired, which the next build reuses.
                    BuildRecordFile.retire(forOutput: options.outputDirectory)
                }
            }
            // Once the output is this plan, the next build may keep what did not change, and stop
            // early if nothing does.
            let written = timer.step("record") {
                let (record, files) = BuildRecord.of(
                    rendered, digests: sink, inputs: inputs,
                    figures: BuildReport(rendered, applied: applied, steps: []).stateFigures,
                    previous: built, vouched: loaded.previous.vouched, output: options.outputDirectory)
                BuildRecordFile.write(record, forOutput: options.outputDirectory, files: files)
                return (record, files)
            }
            report = BuildReport(rendered, applied: applied, steps: timer.steps)
            if options.keepsMemoryUntilExit {
                ExitMemory.keep((loaded, rendered, built, recorded, head, inputs, written, sink, staged.recycled))
            }
        } catch {
            staged.discard()
            throw error
        }
        return report
    }

    /// Builds the site into memory over `previous` (the files of the last build into memory, or
    /// none) exactly as `build()` would write it over that output, and writes nothing. With no
    /// `previous` and `options.previousManifest` set, the build continues that manifest's
    /// versions as `build()` does. For tests and tools that render without writing.
    public func buildInMemory(previous: [OutputFile] = []) throws -> MemoryBuild {
        let timer = StepTimer(progress: options.progress)
        let record = PersonalFeedRecord.path(secret: options.feedSecret)
        let before = OutputFile.byPath(previous)
        let loaded = try timer.step("load") {
            try load(previous: { () throws(ContentErrors) in
                if previous.isEmpty, options.previousManifest != nil { return try PreviousOutput.load(options: options) }
                return try PreviousOutput.inMemory(byPath: before, allowReset: options.allowReset, record: record)
            })
        }
        let rendered = try render(loaded, timer, sink: MemorySink())
        let plan = rendered.publication.plan
        if plan.changesNothing && loaded.previous.holdsExactly(plan.sizes) {
            return MemoryBuild(
                files: previous.sorted { $0.path < $1.path }, report: BuildReport(rendered, applied: nil, steps: timer.steps))
        }
        let (files, applied) = try timer.step("write") { () throws(OutputError) in try MemoryOutput.apply(plan, previous: before)
        }
        return MemoryBuild(files: files, report: BuildReport(rendered, applied: applied, steps: timer.steps))
    }

    /// Everything a build validates, and the internal links of every page and the structure of
    /// every feed, without writing anything. Throws `ContentErrors` with all problems found.
    public func check() throws -> BuildReport {
        let timer = StepTimer(progress: options.progress)
        // Every file is rendered and checked: nothing is kept from the output.
        let loaded = try timer.step("load") {
            try load(previous: { () throws(ContentErrors) in try PreviousOutput.load(options: options).withoutFiles })
        }
        let rendered = try render(loaded, timer, sink: MemorySink())
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

    /// Renders everything a loaded site makes, feeds through `sink`, and plans the output
    /// against the previous one.
    /// With an `assembly`, the personal feeds and their pages are the shards', not rendered.
    func render(_ loaded: LoadedSite, _ timer: StepTimer, sink: any OutputSink, assembly: ShardAssembly? = nil) throws
        -> RenderedSite
    {
        let (site, previous) = (loaded.site, loaded.previous)
        // Every subscriber file counts, parsed here or (assembling) by the shards.
        let hasSubscribers = !loaded.sources.subscribers.isEmpty
        try options.feedSecret.check(hasSubscribers: hasSubscribers, contentDirectory: options.contentDirectory)
        let today = site.config.civilDate(of: options.now)
        let renderer = SiteRenderer(site: site, templates: loaded.templates, today: today)
        // What changed for people, as the manifest keeps it and as the changes page and
        // `changes.xml` show it, depends on the content and the previous manifest alone: made on a
        // thread of its own while the pages and feeds render.
        let now = options.now
        let told = Concurrent { () -> ChangesTold in
            let years = Publication.years(of: site.calendar, sources: site.holidaySources)
            let notes = site.notes.map(NoteState.init).sorted { $0.slug < $1.slug }
            let news = ChangeNews.items(
                previous: previous.manifest, years: years, notes: notes, version: previous.nextVersion,
                date: ManifestTime.iso(now), strings: renderer.strings)
            let changes = renderer.renderChanges(
                news: news, fallbackDate: previous.manifest?.generatedAt ?? ManifestTime.iso(now))
            return ChangesTold(years: years, notes: notes, news: news, pages: changes)
        }
        let pages = timer.step("pages") { renderer.renderPages() }
        let data = timer.step("api") { renderer.renderData() }
        let feedSet = FeedSet(
            site: site, today: today, generatedAt: options.now, secret: options.feedSecret, sources: loaded.sources)
        let feeds = try timer.step("feeds") {
            try feedSet.render(previous: previous, sink: sink, personal: assembly.map { .given($0.feeds) } ?? .all)
        }
        // Who reads what, checked while the rest renders, when every subscriber was parsed (not
        // in a shard or an assembly); and what the next build needs of each subscriber.
        let subscribersKnown = Concurrent { () -> (audiences: [Diagnostic], record: RecordedSubscribers) in
            let audiences =
                feedSet.roster.summaries.count == loaded.sources.subscribers.count
                ? AudienceCheck.warnings(
                    site, subscribers: feedSet.roster.summaries, subscriberFiles: loaded.sources.subscriberFiles) : []
            let record = RecordedSubscribers(
                roster: feedSet.roster, sources: loaded.sources,
                dependencies: loaded.sources.subscriberDependencies.map(InputDigest.subscriberParse))
            return (audiences, record)
        }
        // What the next build needs of each note file, made while the feeds' pages render.
        let notesKnown = Concurrent {
            RecordedNotes(sources: loaded.sources.noteSources, dependencies: InputDigest.noteParse)
        }
        let personalFeeds = feedSet.summaryPaths()
        // Beside the page of each personal feed, the record of which feeds this build published.
        let privateSchedules = feedSet.privateSchedulePaths()
        let recorded =
            (assembly?.feeds.map(\.path) ?? personalFeeds.map(\.path)) + privateSchedules.map(\.path)
        // The page beside each personal feed (a page a subscriber) goes to `sink` like the feeds.
        var feedPageRecords = FeedPageRecords()
        let feedPages = try timer.step("private") { () throws -> [PlannedFile] in
            if let assembly { return assembly.pages }
            let inputs = Dictionary(feeds.compactMap { feed in feed.inputs.map { (feed.path, $0) } }) { first, _ in first }
            let siteInputs = FeedPageRecords.site(
                templates: loaded.templates.digest, today: today, baseURL: site.config.baseURL)
            let (planned, records) = try renderer.renderPrivatePages(
                personalFeeds, roster: feedSet.roster, previous: previous, sink: sink,
                known: siteInputs.map { (site: $0, inputs: inputs, records: loaded.feedPages) })
            feedPageRecords = records
            return planned
        }
        let privatePages =
            renderer.renderPrivateSchedulePages(privateSchedules)
            + (recorded.isEmpty ? [] : [PersonalFeedRecord(feedPaths: recorded).file(secret: options.feedSecret)])
        let (publication, htmlPages) = try timer.step("manifest") {
            // What changed for people, then the sitemap of every HTML page, the changes page among them.
            let told = told.value
            let htmlPages = (pages + told.pages).filter { $0.path.hasSuffix(".html") }
            let publication = try Publication(
                publicFiles: pages + data + told.pages + [renderer.renderSitemap(of: htmlPages)], feeds: feeds,
                privatePages: privatePages, feedPages: feedPages, years: told.years, news: told.news, notes: told.notes,
                previous: previous, now: options.now
            ).checked()
            return (publication, htmlPages.count)
        }
        let (audiences, subscriberRecord) = subscribersKnown.value
        let warnings = audiences + (hasSubscribers ? options.feedSecret.notices : []) + feeds.flatMap(\.warnings)
        try refuseIfStrict(warnings)
        return RenderedSite(
            site: site, pages: htmlPages, feeds: feeds,
            publication: publication,
            feedPages: feedPageRecords, subscribers: loaded.sources.subscribers.count,
            subscriberRecord: subscriberRecord, noteRecord: notesKnown.value,
            notesRead: loaded.sources.noteSources.count, notesParsed: loaded.sources.notesParsed,
            // Assembling, the shards parsed them.
            subscribersParsed: assembly == nil ? feedSet.roster.parsedCount : loaded.sources.subscribers.count,
            warnings: warnings)
    }

    /// With `--strict`, every warning among `diagnostics` fails the run as an error, before
    /// anything is written or served.
    func refuseIfStrict(_ diagnostics: [Diagnostic]) throws(ContentErrors) {
        guard options.strict else { return }
        let failing = diagnostics.filter { $0.severity == .warning }.map { warning in
            var error = warning
            error.severity = .error
            return error
        }
        if !failing.isEmpty { throw ContentErrors(failing) }
    }

    /// The content, the templates and the previous output, with the problems of all three.
    /// With `vouch` (made from a build's record), the subscribers whose files it knows
    /// unchanged are neither read nor parsed. The previous output and the templates are read
    /// on threads of their own while the content loads: none of them depends on another.
    func load(
        previous: @escaping @Sendable () throws(ContentErrors) -> PreviousOutput, vouch: SubscriberVouch? = nil,
        noteVouch: NoteVouch? = nil
    ) throws(ContentErrors) -> LoadedSite {
        let earlier = Concurrent { Result { () throws(ContentErrors) in try previous() } }
        let (templatesDirectory, cache) = (options.templatesDirectory, cache)
        let loadedTemplates = Concurrent {
            Result { () throws(ContentErrors) in try TemplateSet.load(directory: templatesDirectory, cache: cache) }
        }
        var problems = DiagnosticCollector()
        var loader = options.loader
        loader.cache = cache
        if let cache, remembersListings {
            loader.input = InputFolder(tree: RememberedTree(tree: loader.input.tree, memory: cache.listings))
        }
        loader.vouch = vouch
        loader.noteVouch = noteVouch
        let content = problems.collect { () throws(ContentErrors) in try loader.loadWithSources() }
        let templates = problems.collect { () throws(ContentErrors) in try loadedTemplates.value.get() }
        let previous = problems.collect { () throws(ContentErrors) in try earlier.value.get() }
        try problems.throwIfAny()
        return LoadedSite(site: content!.site, sources: content!.sources, templates: templates!, previous: previous!)
    }
}

/// What changed for people, as a build tells it: the holiday years and the notes as the manifest
/// keeps them, the news items, and the changes page with `changes.xml`.
private struct ChangesTold: Sendable {
    let years: [Manifest.Year]
    let notes: [NoteState]
    let news: [NewsItem]
    let pages: [OutputFile]
}

/// A personal feed whose page is to be rendered.
private struct FeedPage: Sendable {
    let subscriber: SubscriberSummary
    let path: String
    /// The page's inputs (`FeedPageRecords.inputs`), when they are known.
    let inputs: String?
}

/// A build into memory: every file of the output, and what the build did.
public struct MemoryBuild: Sendable {
    /// Every file of the output, sorted by path.
    public let files: [OutputFile]
    public let report: BuildReport

    /// The bytes of the file at `path`.
    public func bytes(of path: String) -> [UInt8]? {
        files.first { $0.path == path }?.bytes
    }
}

/// What a build reads, read once: the content with the digests of its files, the templates and
/// the previous output.
struct LoadedSite: Sendable {
    let site: Site
    let sources: SourceDigests
    let templates: TemplateSet
    let previous: PreviousOutput
    /// What the pages beside personal feeds in the output were made from (none in memory).
    var feedPages = FeedPageRecords()
}

/// What rendering a site gave: the plan of the output and what the report is made from.
struct RenderedSite: Sendable {
    let site: Site
    /// HTML pages.
    let pages: Int
    let feeds: [FeedResult]
    let publication: Publication
    /// What the pages beside personal feeds were made from, for the next build.
    var feedPages = FeedPageRecords()
    /// Every subscriber's, parsed by this build or by its shards.
    let subscribers: Int
    /// Every subscriber's summary, for the next build's loader.
    var subscriberRecord = RecordedSubscribers()
    /// Every note file's note, for the next build's loader.
    var noteRecord = RecordedNotes()
    /// How many note files were read or vouched for, and how many of them were read and parsed.
    var notesRead = 0
    var notesParsed = 0
    /// How many subscribers' files were parsed.
    var subscribersParsed = 0
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

    /// The HTML pages of the site alone, assets, robots.txt and `_headers`.
    func renderPages() -> [OutputFile] {
        pages.render() + siteFiles()
    }

    /// The files beside the pages: the templates' assets, robots.txt and `_headers`.
    func siteFiles() -> [OutputFile] {
        templates.assets + templates.hashedAssets + [
            Sitemap.robots(baseURL: site.config.baseURL, sitePath: site.config.sitePath, templates: templates),
            HostingHeaders.file(sitePath: site.config.sitePath, templates: templates),
        ]
    }

    /// The sitemap of these HTML pages.
    func renderSitemap(of htmlPages: [OutputFile]) -> OutputFile {
        Sitemap.sitemap(baseURL: site.config.baseURL, pages: htmlPages.map(\.path), templates: templates)
    }

    /// Each personal feed's own page, `feeds/<token>/index.html`, rendered on all cores and
    /// stored through `sink` as each is done (there is one a subscriber: too many to hold), or
    /// kept from the output when it holds the same bytes.
    ///
    /// With `known` (the site's part of every page's inputs, each feed's inputs by path, and the
    /// records of the output's pages), a page whose inputs are those its record names, and whose
    /// bytes the output holds, is kept without rendering it. Returns the records of every page.
    func renderPrivatePages(
        _ feeds: [(subscriber: SubscriberSummary, path: String)], roster: SubscriberRoster, previous: PreviousOutput,
        sink: any OutputSink, known: (site: String, inputs: [String: String], records: FeedPageRecords)? = nil
    ) throws -> (pages: [PlannedFile], records: FeedPageRecords) {
        let pages = self.pages
        let jobs = feeds.map { feed in
            FeedPage(
                subscriber: feed.subscriber, path: feed.path,
                inputs: known.flatMap { known in
                    known.inputs[feed.path].map { FeedPageRecords.inputs(site: known.site, feed: $0) }
                })
        }
        let records = known?.records ?? FeedPageRecords()
        let planned = ParallelMap.map(jobs, threadsPerCore: 2) {
            job -> Result<(PlannedFile, FeedPageRecords.Record?), any Error> in
            let folder = PrivateFeedPage.folder(ofFeed: job.path)
            let path = folder + PagePath.index
            if let inputs = job.inputs, let record = records.keeps(path, inputs: inputs, previous: previous) {
                return .success((PlannedFile(path: path, size: record.size, source: .kept), record))
            }
            let subscriber: Subscriber
            do { subscriber = try roster.subscriber(job.subscriber.id) } catch { return .failure(error) }
            let page = pages.privateFeedPage(subscriber, feedPath: job.path)
            let record = job.inputs.map {
                FeedPageRecords.Record(inputs: $0, sha256: Digest.sha256(page.bytes), size: page.bytes.count)
            }
            if previous.holdsBytes(of: page) {
                return .success((PlannedFile(path: page.path, size: page.bytes.count, source: .kept), record))
            }
            return Result { () throws in (try sink.store(page.path, page.bytes), record) }
        }
        var made = FeedPageRecords()
        var files = [PlannedFile]()
        var problems = [Diagnostic]()
        for result in planned {
            switch result {
            case .success(let (file, record)):
                files.append(file)
                if let record { made.records[file.path] = record }
            case .failure(let error as ContentErrors): problems += error.diagnostics
            case .failure(let error): throw error
            }
        }
        guard problems.isEmpty else { throw ContentErrors(problems) }
        return (files, made)
    }

    /// Each private schedule's year and month pages, beside its feed in `feeds/<token>/`.
    func renderPrivateSchedulePages(_ schedules: [(schedule: WorkSchedule, path: String)]) -> [OutputFile] {
        schedules.flatMap { pages.privateSchedulePages($0.schedule, feedPath: $0.path) }
    }

    /// What changed for people: the changes page, and `changes.xml`, its Atom feed.
    func renderChanges(news: [NewsItem], fallbackDate: String) -> [OutputFile] {
        [
            templates.render(ChangesPage(pages: pages, news: news)),
            ChangesFeed.file(
                news: news, baseURL: site.config.baseURL, siteTitle: site.config.title, strings: strings,
                fallbackDate: fallbackDate, templates: templates),
        ]
    }

    var strings: SiteStrings { SiteStrings(language: site.config.language) }

    /// The static day API and the schedule API.
    func renderData() -> [OutputFile] {
        DayAPI.files(for: site.almanac) + ScheduleAPI.files(for: site, today: today)
    }
}
