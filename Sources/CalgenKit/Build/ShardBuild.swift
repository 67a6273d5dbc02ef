import CalgenCore
import CalgenModel
import Foundation

extension SiteBuilder {
    /// Builds one shard (`--shard K/N`) into the output directory: the personal feeds of the
    /// subscribers whose id hashes to this shard, their manifests and pages, and `shard.json`,
    /// which `--assemble` reads. Nothing public is rendered: the assembling build does that
    /// once. The folder is replaced as a whole, as a build's output is: a failed or killed
    /// shard build leaves the previous one as it was.
    func buildShard(_ shard: Shard) throws -> BuildReport {
        let timer = StepTimer(progress: options.progress)
        _ = try OutputGuard.check(
            output: options.outputDirectory, content: options.contentDirectory, templates: options.templatesDirectory)
        // The previous release is read for its versions and event sequences; a shard keeps
        // nothing of its own folder.
        let loaded = try timer.step("load") {
            try load(previous: { () throws(ContentErrors) in try PreviousOutput.load(options: options).withoutFiles })
        }
        let site = loaded.site
        try options.feedSecret.check(
            hasSubscribers: !loaded.sources.subscribers.isEmpty, contentDirectory: options.contentDirectory)
        let staged = try StagedOutput.begin(
            outputPath: options.outputDirectory, contentDirectory: options.contentDirectory,
            templatesDirectory: options.templatesDirectory)
        do {
            let today = site.config.civilDate(of: options.now)
            let feedSet = FeedSet(
                site: site, today: today, generatedAt: options.now, secret: options.feedSecret, sources: loaded.sources)
            let feeds = try timer.step("feeds") {
                try feedSet.render(
                    previous: loaded.previous, sink: StagingSink(stagingPath: staged.stagingPath), personal: .shard(shard))
            }
            let members = feedSet.paths().filter { shard.holds(subscriberID: $0.subscriber.id) }
            let pages = try timer.step("private") {
                try SiteRenderer(site: site, templates: loaded.templates, today: today).renderPrivatePages(
                    members, previous: loaded.previous, sink: StagingSink(stagingPath: staged.stagingPath)
                ).pages
            }
            let subscriberOf = Dictionary(uniqueKeysWithValues: members.map { ($0.path, $0.subscriber.id) })
            let description = ShardManifest(
                format: ShardManifest.currentFormat, generator: Calgen.generator, shard: shard.index, of: shard.count,
                inputs: ShardInputs.parts(options: options, loaded: loaded, count: shard.count),
                feeds: feeds.map { feed in
                    ShardManifest.Feed(
                        subscriber: subscriberOf[feed.path] ?? "", path: feed.path, sha256: feed.sha256,
                        size: feed.feed.size, manifest: feed.manifest.path, manifestSize: feed.manifest.size,
                        events: feed.eventsRendered, changed: feed.changed)
                }.sorted { $0.path < $1.path },
                pages: pages.map { ShardManifest.Page(path: $0.path, size: $0.size) }.sorted { $0.path < $1.path })
            let files =
                feeds.flatMap { [$0.feed, $0.manifest] } + pages
                + [PlannedFile(OutputFile(path: ShardManifest.path, bytes: description.encoded), unchanged: false)]
            let plan = OutputPlan(files: files.sorted { $0.path < $1.path }, changesNothing: false)
            let applied = try timer.step("write") { try staged.apply(plan) }
            try timer.step("publish") { try staged.commit() }
            return BuildReport(
                shard: shard, subscribers: members.count, feeds: feeds, pages: pages.count, files: plan.files.count,
                applied: applied, steps: timer.steps)
        } catch {
            staged.discard()
            throw error
        }
    }
}
