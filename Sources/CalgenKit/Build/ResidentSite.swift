import CalgenCore
import CalgenLoad
import CalgenModel
import CalgenRecord
import CalgenRender
import CalgenSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A site kept in memory between changes, for `calgen serve`.
///
/// `reload()` reads the content and the templates again, parsing only the files whose bytes
/// changed (`ParseCache`; a folder none of whose files changed is taken from memory whole, and
/// what is made from the subscribers alone is kept while they are the same), and makes a new
/// generation of the site from them at once: its HTML
/// pages, the pages beside personal feeds and the templates' assets are then rendered on request
/// from the loaded site, each once per generation, so a saved note is on its page as soon as the
/// content is loaded. Everything else (feeds, the day API, manifests, the sitemap, the changes
/// page) comes from a whole build into `options.outputDirectory`, which `buildOutput()` makes
/// with the same parsed files; a request for such a file waits until the output is of the
/// current generation, so nothing older than the content is ever answered.
public final class ResidentSite: @unchecked Sendable {
    public let options: BuildOptions
    let cache: ParseCache
    private let state = NSCondition()
    private var current: Generation?
    /// The generation the output folder holds, once built.
    private var built = 0
    /// The newest generation whose output build failed, with why.
    private var failedBuild: (generation: Int, message: String)?
    /// What was made from the subscribers alone, kept while their files are the same.
    private var subscribers: SubscriberSide?
    /// The generation replaced by the last reload, until it is freed.
    private var retired: Generation?
    /// The audience check's last warnings, and what they were made from.
    private var checked: (key: AudienceKey, warnings: [Diagnostic])?

    public convenience init(options: BuildOptions) {
        self.init(options: options, cache: ParseCache())
    }

    init(options: BuildOptions, cache: ParseCache) {
        self.options = options
        self.cache = cache
    }

    /// A value that changes whenever a file below the content or templates folder is added,
    /// removed or changed (its `lstat`, and for a symbolic link its target's `stat` too, so that a
    /// re-pointed link is a change). Read with `readdir` and `fstatat` on all cores and combined
    /// in any order: a site with ten thousand subscribers is looked at many times a second.
    public func sourcesFingerprint() -> Int {
        var combined = 0
        for directory in [options.contentDirectory, options.templatesDirectory] {
            for (path, status) in FileTree.statuses(under: directory) ?? [] {
                var hasher = Hasher()
                hasher.combine(directory)
                hasher.combine(path)
                hasher.combine(FileStamp.of(status))
                var target = stat()
                if status.st_mode & S_IFMT == S_IFLNK, stat(directory + "/" + path, &target) == 0 {
                    hasher.combine(FileStamp.of(target))
                }
                combined &+= hasher.finalize()
            }
        }
        return combined
    }

    /// The number of the generation served now (0 before the first good load).
    public var generation: Int { state.withLock { current?.number ?? 0 } }

    /// What a reload did: the generation it made, the content's warnings and the time of each
    /// of its steps.
    public struct Reload: Sendable {
        public let generation: Int
        public let warnings: [Diagnostic]
        public let steps: [BuildReport.Step]
    }

    /// The warnings of the content served now (an audience no subscriber takes, …).
    public var warnings: [Diagnostic] { state.withLock { current?.warnings ?? [] } }

    /// Loads the content and templates again and, when they have no problems, serves them as a
    /// new generation. Throws `ContentErrors` with every problem (the last good generation stays).
    /// `changed` names the folders (as `SourceWatcher` reports them) in which something changed
    /// since the last reload; the content's other folders are not listed again. Without it,
    /// every folder is.
    @discardableResult
    public func reload(changed: Set<String>? = nil) throws -> Reload {
        let timer = StepTimer(progress: nil)
        cache.listings.forget(changed.map(contentFolders))
        var builder = SiteBuilder(options: options)
        builder.cache = cache
        builder.remembersListings = true
        let record = PersonalFeedRecord.path(secret: options.feedSecret)
        let loaded = try timer.step("load") {
            try builder.load(previous: { () throws(ContentErrors) in
                try PreviousOutput.inMemory(byPath: [:], allowReset: true, record: record)
            })
        }
        try options.feedSecret.check(
            hasSubscribers: !loaded.sources.subscribers.isEmpty, contentDirectory: options.contentDirectory)
        let subscribers = timer.step("subscribers") { subscriberSide(of: loaded) }
        let warnings = timer.step("check") { audienceWarnings(of: loaded.site, subscribers) }
        // --strict: a warning keeps the content from being served, as it keeps a build from writing.
        try builder.refuseIfStrict(warnings)
        let today = loaded.site.config.civilDate(of: options.now)
        let renderer = timer.step("index") { SiteRenderer(site: loaded.site, templates: loaded.templates, today: today) }
        var producers = [String: Producer]()
        timer.step("pages") {
            for kind in PageKinds.site {
                for page in kind.all(renderer.pages) { producers[page.path] = .page(page) }
            }
        }
        // The few files that are cheap to make at once: assets, robots.txt, _headers, and the
        // pages of private schedules.
        let eager = timer.step("assets") {
            renderer.siteFiles()
                + renderer.renderPrivateSchedulePages(
                    FeedSet.privateSchedulePaths(of: loaded.site, secret: options.feedSecret))
        }
        for file in eager { producers[file.path] = .bytes(file.bytes) }
        let number = state.withLock {
            let number = (current?.number ?? 0) + 1
            retired = current
            current = Generation(
                number: number, renderer: renderer, producers: producers, feedPages: subscribers.feedPages,
                warnings: warnings)
            state.broadcast()
            return number
        }
        // The generation served until now is freed away from the reload (its pages rendered so far
        // and ten thousand feed pages' producers take a while), once no request holds it.
        DispatchQueue.global(qos: .utility).async { [self] in
            let old = state.withLock { () -> Generation? in
                defer { retired = nil }
                return retired
            }
            withExtendedLifetime(old) {}
        }
        return Reload(generation: number, warnings: warnings, steps: timer.steps)
    }

    /// Whether every folder listing kept since the last reload is still what the content folder
    /// holds. After a reload told of some folders, a change the kernel did not tell (a folder it
    /// could not watch, a file changed through another hard link) is found here, and then every
    /// folder is to be listed again.
    public func rememberedListingsAreCurrent() -> Bool {
        cache.listings.isCurrent(in: options.loader.input.tree)
    }

    /// The folders of `changed` below the content folder, relative to it (`""` for the folder itself).
    private func contentFolders(_ changed: Set<String>) -> Set<String> {
        let root = options.contentDirectory
        var folders = Set<String>()
        for folder in changed {
            if folder == root {
                folders.insert("")
            } else if folder.hasPrefix(root + "/") {
                folders.insert(String(folder.dropFirst(root.count + 1)))
            }
        }
        return folders
    }

    /// What a reload makes from the subscribers alone: who takes which audience, and the page
    /// beside each personal feed. Made again only when a subscriber's file, its name or what
    /// their parse depends on (the time zone, the work schedules) changed, so that a note saved
    /// on a site of ten thousand subscribers costs none of it.
    struct SubscriberSide: Sendable {
        /// Which side this is: a new number whenever one is made.
        let serial: Int
        let dependencies: String?
        let digests: [String: String]
        let files: [String: String]
        let audiences: AudienceCheck.Audiences
        /// The page beside each personal feed, by its path.
        let feedPages: [String: Producer]
        /// Each feed's path by subscriber id and token epoch: its token is a MAC, made once.
        let feedPaths: [String: String]

        init(
            serial: Int, of sources: SourceDigests, subscribers: [Subscriber], secret: FeedSecret, known: [String: String]
        ) {
            self.serial = serial
            dependencies = sources.subscriberDependencies
            digests = sources.subscribers
            files = sources.subscriberFiles
            audiences = AudienceCheck.Audiences(subscribers.map(\.summary))
            var pages = [String: Producer](minimumCapacity: subscribers.count)
            var paths = [String: String](minimumCapacity: subscribers.count)
            for subscriber in subscribers {
                let key = subscriber.id + "\n\(subscriber.tokenEpoch)"
                let path = known[key] ?? FeedPath.personal(subscriber.summary, secret: secret)
                paths[key] = path
                pages[PrivateFeedPage.folder(ofFeed: path) + PagePath.index] = .feedPage(subscriber, feedPath: path)
            }
            feedPages = pages
            feedPaths = paths
        }

        /// Whether this was made from the subscribers `sources` read.
        func holds(_ sources: SourceDigests) -> Bool {
            dependencies == sources.subscriberDependencies && digests == sources.subscribers
                && files == sources.subscriberFiles
        }
    }

    /// The audience check's warnings: the last ones when the notes' files and audiences and the
    /// subscribers are the same (a note's text saved changes neither).
    private func audienceWarnings(of site: Site, _ subscribers: SubscriberSide) -> [Diagnostic] {
        let notes = site.allNotes
        let key = AudienceKey(
            subscribers: subscribers.serial, files: notes.map(\.file), audiences: notes.map(\.audience))
        if let kept = state.withLock({ checked }), kept.key == key { return kept.warnings }
        let warnings = AudienceCheck.warnings(site, audiences: subscribers.audiences, subscriberFiles: subscribers.files)
            .filter { $0.severity == .warning }
        state.withLock { checked = (key, warnings) }
        return warnings
    }

    /// What the audience check's warnings were made from.
    private struct AudienceKey: Equatable {
        let subscribers: Int
        let files: [String]
        let audiences: [[String]]
    }

    /// The subscriber side of `loaded`: the last one when it holds the same subscribers.
    private func subscriberSide(of loaded: LoadedSite) -> SubscriberSide {
        if let kept = state.withLock({ subscribers }), kept.holds(loaded.sources) { return kept }
        let (known, serial) = state.withLock { (subscribers?.feedPaths ?? [:], (subscribers?.serial ?? 0) + 1) }
        let side = SubscriberSide(
            serial: serial, of: loaded.sources, subscribers: loaded.site.subscribers, secret: options.feedSecret,
            known: known)
        state.withLock { subscribers = side }
        return side
    }

    /// Builds the output folder from the newest generation's content (parsing nothing that the
    /// last load parsed), unless it already holds it. Returns the build's report, or nil when
    /// there was nothing to build. Throws what the build throws; requests waiting for the output
    /// are then answered from the loaded site alone.
    public func buildOutput() throws -> BuildReport? {
        guard let number = state.withLock({ current?.number }), number > state.withLock({ built }) else { return nil }
        var builder = SiteBuilder(options: options)
        builder.cache = cache
        do {
            let report = try builder.build()
            state.withLock {
                built = max(built, number)
                state.broadcast()
            }
            return report
        } catch {
            state.withLock {
                failedBuild = (number, "\(error)")
                state.broadcast()
            }
            throw error
        }
    }

    /// The bytes of the file at `path` (relative to the site, `2026/index.html`): rendered from
    /// the loaded site, or read from the output once it holds the current generation (waiting
    /// for it at most `timeout` seconds).
    public func file(_ path: String, timeout: Double = 120) -> [UInt8]? {
        guard let generation = state.withLock({ current }) else { return nil }
        if let producer = generation.producer(path) { return generation.render(path, producer) }
        guard outputHolds(generation.number, timeout: timeout) else { return nil }
        // Through the output's tree: never a pipe a page's path might name, nor through a link.
        return try? DiskSourceTree(root: options.outputDirectory).read(path, limit: Self.servedFileBytes)
    }

    /// The largest file of the output served as it is (a personal feed is far smaller).
    static let servedFileBytes = 256 << 20

    /// Whether `path` (relative to the site, without a final `/`) is a folder of the site.
    public func isFolder(_ path: String, timeout: Double = 120) -> Bool {
        guard let generation = state.withLock({ current }) else { return false }
        if generation.producer(path.isEmpty ? PagePath.index : path + "/" + PagePath.index) != nil { return true }
        guard outputHolds(generation.number, timeout: timeout) else { return false }
        var isDirectory: ObjCBool = false
        let full = options.outputDirectory + (path.isEmpty ? "" : "/" + path)
        return FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Waits until the output holds generation `number` or a newer one; false when its build
    /// failed or the time ran out.
    private func outputHolds(_ number: Int, timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return state.withLock {
            while built < number {
                if let failed = failedBuild, failed.generation >= number { return false }
                // A deadline already past returns at once (a wait for it may not, on every platform).
                guard deadline.timeIntervalSinceNow > 0, state.wait(until: deadline) else { return false }
            }
            return true
        }
    }

    /// What makes a file of a generation on request.
    enum Producer: Sendable {
        case page(any SitePage)
        case feedPage(Subscriber, feedPath: String)
        case bytes([UInt8])
    }

    /// One loaded state of the content: what each file rendered on request is made from, and
    /// the files rendered so far.
    final class Generation: @unchecked Sendable {
        let number: Int
        let renderer: SiteRenderer
        let producers: [String: Producer]
        /// The pages beside personal feeds, shared by the generations of the same subscribers.
        let feedPages: [String: Producer]
        let warnings: [Diagnostic]
        private let lock = NSLock()
        private var rendered = [String: [UInt8]]()

        init(
            number: Int, renderer: SiteRenderer, producers: [String: Producer], feedPages: [String: Producer],
            warnings: [Diagnostic]
        ) {
            self.number = number
            self.renderer = renderer
            self.producers = producers
            self.feedPages = feedPages
            self.warnings = warnings
        }

        /// What makes the file at `path`, if this generation makes it.
        func producer(_ path: String) -> Producer? { producers[path] ?? feedPages[path] }

        /// The file at `path`, rendered once.
        func render(_ path: String, _ producer: Producer) -> [UInt8] {
            if let bytes = lock.withLock({ rendered[path] }) { return bytes }
            let bytes: [UInt8]
            switch producer {
            case .page(let page): bytes = renderer.templates.render(page).bytes
            case .feedPage(let subscriber, let feedPath):
                bytes = renderer.pages.privateFeedPage(subscriber, feedPath: feedPath).bytes
            case .bytes(let file): bytes = file
            }
            lock.withLock { rendered[path] = bytes }
            return bytes
        }
    }
}
