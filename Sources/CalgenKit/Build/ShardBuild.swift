import CalgenCore
import CalgenLoad
import CalgenModel
import CalgenPublish
import CalgenRecord
import CalgenRender
import Foundation

extension SiteBuilder {
    /// Builds one shard (`--shard K/N`) into the output directory: the personal feeds of the
    /// subscribers whose id hashes to this shard, their manifests and pages, and `shard.json`,
    /// which `--assemble` reads. Nothing public is rendered: the assembling build does that
    /// once. The folder is replaced as a whole, as a build's output is: a failed or killed
    /// shard build leaves the previous one as it was.
    func buildShard(_ shard: Shard) throws -> BuildReport {
        let timer = StepTimer(progress: options.progress)
        let output = try OutputGuard.check(
            output: options.outputDirectory, content: options.contentDirectory, templates: options.templatesDirectory)
        // A shard's folder is no site: building one over a site's output would replace the
        // published site with one shard's feeds, and restart its versions.
        if OutputGuard.isSiteOutput(output.path) {
            throw OutputError(
                path: options.outputDirectory,
                reason: "holds a site's output (its manifest.json or build state): a shard is built into a folder of its own",
                fix:
                    "give the shard its own folder, e.g. `--output shard-\(shard.index)`, and assemble the site into the site's output"
            )
        }
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
            // Every file goes through one sink that keeps its digest, for the listing.
            let sink = DigestingSink(StagingSink(stagingPath: staged.stagingPath))
            let feeds = try timer.step("feeds") {
                try feedSet.render(previous: loaded.previous, sink: sink, personal: .shard(shard))
            }
            let members = feedSet.summaryPaths().filter { shard.holds(subscriberID: $0.subscriber.id) }
            let pages = try timer.step("private") {
                try SiteRenderer(site: site, templates: loaded.templates, today: today).renderPrivatePages(
                    members, roster: feedSet.roster, previous: loaded.previous, sink: sink
                ).pages
            }
            let subscriberOf = Dictionary(uniqueKeysWithValues: members.map { ($0.path, $0.subscriber) })
            // What was stored has its digest; a file kept (none is, in a shard) is read back.
            let digest = { (path: String) in
                sink.sha256(of: path) ?? FileReader.sha256(ofFileAt: staged.stagingPath + "/" + path) ?? ""
            }
            let description = ShardManifest(
                format: ShardManifest.currentFormat, generator: Calgen.generator, shard: shard.index, of: shard.count,
                inputs: ShardInputs.parts(options: options, loaded: loaded, count: shard.count),
                feeds: feeds.map { feed in
                    ShardManifest.Feed(
                        subscriber: subscriberOf[feed.path]?.id ?? "", epoch: subscriberOf[feed.path]?.tokenEpoch ?? 0,
                        path: feed.path, sha256: feed.sha256, size: feed.feed.size, manifest: feed.manifest.path,
                        manifestSHA256: digest(feed.manifest.path), manifestSize: feed.manifest.size,
                        events: feed.eventsRendered, changed: feed.changed)
                }.sorted { $0.path < $1.path },
                pages: pages.map { ShardManifest.Page(path: $0.path, sha256: digest($0.path), size: $0.size) }
                    .sorted { $0.path < $1.path })
            let listing = description.signed(key: ShardManifest.key(secret: options.feedSecret))
            let files =
                feeds.flatMap { [$0.feed, $0.manifest] } + pages
                + [PlannedFile(OutputFile(path: ShardManifest.path, bytes: listing), unchanged: false)]
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
