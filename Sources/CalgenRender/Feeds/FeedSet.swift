import CalgenCore
import CalgenLoad
import CalgenModel
import CalgenRecord
import CalgenSupport
import Foundation
import ICalendar

/// All feeds of a build: the public one and every subscriber's, rendered in parallel.
public struct FeedSet: Sendable {
    let site: Site
    let renderer: FeedRenderer
    /// This build's time, which changed events and feed manifests are stamped with.
    let generatedAt: Date
    /// What each personal feed is made from (empty for a site made in memory).
    let inputs: FeedInputs
    /// Every subscriber: parsed, or known by their summary until their feed must be made.
    package let roster: SubscriberRoster

    public init(site: Site, today: CivilDate, generatedAt: Date, secret: FeedSecret) {
        self.init(site: site, today: today, generatedAt: generatedAt, secret: secret, sources: SourceDigests())
    }

    package init(site: Site, today: CivilDate, generatedAt: Date, secret: FeedSecret, sources: SourceDigests) {
        self.site = site
        self.generatedAt = generatedAt
        renderer = FeedRenderer(site: site, today: today, generatedAt: generatedAt, secret: secret)
        inputs = FeedInputs(sources: sources, holidaySources: site.holidaySources)
        roster = SubscriberRoster(site: site, sources: sources)
    }

    /// Every feed, its events stamped and sequenced against the previous build: an event whose
    /// content is unchanged keeps its `DTSTAMP` and `SEQUENCE` (and so its bytes); a changed one
    /// gets the next sequence and this build's time. A personal feed whose inputs are those of
    /// the previous build is kept without rendering it; the others are rendered on all cores and
    /// go to `sink` as each is done.
    ///
    /// `personal` says where the personal feeds come from: all rendered here; only one shard's
    /// (and then nothing else: no public feed, no schedule); or given, taken from the shards.
    package func render(previous: PreviousOutput, sink: any OutputSink, personal source: PersonalFeeds = .all) throws
        -> [FeedResult]
    {
        let site = self.site
        let zones = ZoneCache()
        let notes = NoteIndex(notes: site.allNotes)
        // Subscribers with the same horizon share one schedule, made once.
        var schedules = [FeedHorizon: ReminderSchedule]()
        var jobs = [(SubscriberSummary, FeedHorizon)]()
        let subscribers: [SubscriberSummary]
        switch source {
        case .all: subscribers = roster.summaries
        case .shard(let shard): subscribers = roster.summaries.filter { shard.holds(subscriberID: $0.id) }
        case .given: subscribers = []
        }
        for subscriber in subscribers {
            let horizon = renderer.horizon(of: subscriber)
            if schedules[horizon] == nil {
                schedules[horizon] = ReminderSchedule(calendar: site.calendar, first: horizon.first, last: horizon.last)
            }
            jobs.append((subscriber, horizon))
        }
        let (renderer, generatedAt, feedInputs, roster) = (self.renderer, self.generatedAt, self.inputs, self.roster)
        let ready = schedules
        // Every other kind renders on a thread of its own while the personal feeds do (not for a
        // shard, which makes only personal feeds).
        let set = self
        let others: Concurrent<Result<[FeedResult], any Error>>?
        switch source {
        case .shard: others = nil
        case .all, .given: others = Concurrent { Result { try set.renderOthers(previous: previous, sink: sink, zones: zones) } }
        }
        // Twice as many threads as cores: rendering is CPU work, writing waits for the disk.
        let personal = ParallelMap.map(jobs, threadsPerCore: 2) { job -> Result<FeedResult, any Error> in
            let (subscriber, horizon) = job
            let path = renderer.path(of: subscriber)
            let addressed = notes.addressed(to: subscriber.audiences, from: horizon.first, through: horizon.last)
            let inputs = feedInputs.digest(of: subscriber, path: path, horizon: horizon, notes: addressed)
            if let head = FeedInputs.keeps(path, inputs: inputs, previous: previous), let old = previous.feeds[path] {
                return .success(
                    FeedResult(
                        feed: PlannedFile(path: path, size: head.size, source: .kept),
                        manifest: PlannedFile(path: old.path, size: old.size, source: .kept),
                        isPublic: false, sha256: head.sha256, eventsRendered: 0, changed: false, inputs: inputs))
            }
            return Result {
                let (draft, owner) = try personalDraft(
                    try roster.subscriber(subscriber.id), schedule: ready[horizon]!, horizon: horizon, notes: addressed,
                    zones: zones)
                return try FeedSet.finish(
                    draft, inputs: inputs, previous: previous, sink: sink, stamp: renderer.stamp, generatedAt: generatedAt,
                    owner: owner)
            }
        }
        guard let others else { return try FeedSet.collect(personal, into: [], problems: []) }
        var results = try others.value.get()
        if case .given(let given) = source { results += given }
        return try FeedSet.collect(personal, into: results, problems: [])
    }

    /// Every kind but the personal feeds, in the order of `FeedKind.publication`. The public
    /// feeds are hashed into the site manifest: they stay in memory. A private schedule's feed is
    /// not listed there: it goes to `sink` like a personal feed.
    private func renderOthers(previous: PreviousOutput, sink: any OutputSink, zones: ZoneCache) throws -> [FeedResult] {
        var results = [FeedResult]()
        for (kind, language) in FeedKind.publication where kind.audience != .subscriber {
            for (draft, owner) in try drafts(of: kind, in: language, zones: zones) {
                results.append(
                    try FeedSet.finish(
                        draft, inputs: nil, previous: previous, sink: draft.isPublic ? MemorySink() : sink,
                        stamp: renderer.stamp, generatedAt: generatedAt, owner: owner))
            }
        }
        return results
    }

    /// `results` and the personal feeds rendered, or every problem of them.
    private static func collect(
        _ personal: [Result<FeedResult, any Error>], into results: [FeedResult], problems: [Diagnostic]
    ) throws -> [FeedResult] {
        var (results, problems) = (results, problems)
        for result in personal {
            switch result {
            case .success(let feed): results.append(feed)
            case .failure(let error as ContentErrors): problems += error.diagnostics
            case .failure(let error): throw error
            }
        }
        guard problems.isEmpty else { throw ContentErrors(problems) }
        return results
    }

    /// Stamps a rendered feed against its previous manifest and stores both files: those equal
    /// to the previous output's are kept from it, the others go to `sink`.
    private static func finish(
        _ draft: FeedDraft, inputs: String?, previous: PreviousOutput, sink: any OutputSink, stamp: ICalDateTime,
        generatedAt: Date, owner: FeedSize.Owner?
    ) throws -> FeedResult {
        let old = try previous.feedManifest(of: draft.path)
        let feed = RenderedFeed(draft: draft, previous: old?.manifest, stamp: stamp)
        let manifestBytes: [UInt8]
        let same = old?.manifest.sha256 == feed.sha256
        if var kept = old?.manifest, same {
            // The same bytes: the manifest stays, but for the inputs it was made from.
            kept.inputs = inputs
            manifestBytes = kept.encoded()
        } else {
            // A changed feed means a new site version.
            manifestBytes = feed.manifestBytes(
                version: SiteVersioning(previous: previous.manifest).next, generatedAt: ManifestTime.iso(generatedAt),
                inputs: inputs)
        }
        // A rendered feed whose bytes are the previous build's is kept from the output, by the
        // plan's rule for every file (unchanged bytes the output holds are linked, not written);
        // `FeedInputs.keeps` decides which feeds need no rendering at all. The public feeds stay
        // in memory: the site manifest hashes them.
        let keeps = !feed.isPublic
        let feedFile =
            keeps && same && previous.holds(feed.path, size: feed.bytes.count)
            ? PlannedFile(path: feed.path, size: feed.bytes.count, source: .kept) : try sink.store(feed.path, feed.bytes)
        let manifestFile =
            keeps && manifestBytes == old?.bytes && previous.holds(feed.manifestPath, size: manifestBytes.count)
            ? PlannedFile(path: feed.manifestPath, size: manifestBytes.count, source: .kept)
            : try sink.store(feed.manifestPath, manifestBytes)
        return FeedResult(
            feed: feedFile, manifest: manifestFile, isPublic: feed.isPublic, sha256: feed.sha256,
            eventsRendered: feed.records.count, changed: !same, inputs: inputs,
            warnings: draft.unusualTimes.map { $0.diagnostic(file: owner?.file ?? draft.path) }
                + FeedSize.warnings(path: feed.path, events: feed.records.count, bytes: feed.bytes.count, owner: owner))
    }

    /// Each subscriber's feed path, as `feeds/<token>/<id>.ics`.
    public func paths() -> [(subscriber: Subscriber, path: String)] {
        site.subscribers.map { ($0, renderer.path(of: $0.summary)) }
    }

    /// Each subscriber's feed path, parsed or not, by id.
    package func summaryPaths() -> [(subscriber: SubscriberSummary, path: String)] {
        // One keyed digest a subscriber (their token): on all cores.
        let renderer = renderer
        return ParallelMap.map(roster.summaries, chunksOf: 512) { chunk in
            chunk.map { ($0, renderer.path(of: $0)) }
        }.flatMap { $0 }
    }

    /// The feed path of the subscriber.
    func path(of subscriber: Subscriber) -> String { renderer.path(of: subscriber.summary) }

    /// Each private schedule's feed path, as `feeds/<token>/<id>.ics`.
    package func privateSchedulePaths() -> [(schedule: WorkSchedule, path: String)] {
        FeedSet.privateSchedulePaths(of: site, secret: renderer.secret)
    }

    /// The same, for `site` and `secret`, without a feed set.
    package static func privateSchedulePaths(of site: Site, secret: FeedSecret) -> [(schedule: WorkSchedule, path: String)] {
        site.schedules.filter { $0.audience == .private }.map { ($0, FeedPath.schedule($0, secret: secret)) }
    }

    /// What calgen's core computes for every reminder of a subscriber over its feed's horizon:
    /// local dates (`2026-10-10`) for all-day reminders and local date-times (`2026-10-10T08:50`)
    /// for timed ones. For checking feeds against independent iCalendar readers.
    public func occurrences(of subscriber: Subscriber) -> (horizon: FeedHorizon, reminders: [(id: String, times: [String])]) {
        let horizon = renderer.horizon(of: subscriber.summary)
        let schedule = ReminderSchedule(calendar: site.calendar, first: horizon.first, last: horizon.last)
        let work = renderer.work(of: subscriber)
        let reminders = subscriber.reminders.map { reminder -> (id: String, times: [String]) in
            let dates = schedule.dates(of: reminder, following: work)
            switch reminder.timing {
            case .allDay: return (reminder.id, dates.map(\.iso8601))
            case .at(let time, _): return (reminder.id, dates.map { $0.iso8601 + "T" + time.description })
            case .shift:
                return (
                    reminder.id,
                    dates.compactMap { date in
                        work?.day(date).shift.map { date.iso8601 + "T" + $0.start.description }
                    }
                )
            }
        }
        return (horizon, reminders)
    }

    /// Every subscriber's feed as JSON (`kind: subscriber`): id, name, path, https and webcal
    /// URLs, time zone, encoding, horizon and validity, and optionally the occurrences of every
    /// reminder; then every work schedule's feed (`kind: schedule`): id, name, audience, path
    /// and URLs.
    public func json(includingOccurrences: Bool) -> String {
        let base = site.config.baseURL
        let entries = paths().map { subscriber, path -> JSON in
            let computed = occurrences(of: subscriber)
            let url = FeedURL(baseURL: base, path: path)
            var fields: [(String, JSON)] = [
                ("kind", .string("subscriber")), ("id", .string(subscriber.id)), ("name", .string(subscriber.name)),
                ("path", .string(path)),
                ("https", .string(url.https)), ("webcal", .string(url.webcal)),
                ("timezone", .string(subscriber.timeZone)), ("encoding", .string(subscriber.encoding.rawValue)),
                ("from", .string(computed.horizon.first.iso8601)), ("through", .string(computed.horizon.last.iso8601)),
                ("validThrough", .optional(computed.horizon.validThrough?.iso8601)),
                ("holidays", .bool(subscriber.includesHolidays)), ("festivals", .bool(subscriber.includesFestivals)),
                ("solarTerms", .bool(subscriber.includesSolarTerms)),
            ]
            if includingOccurrences {
                fields.append(("occurrences", .object(computed.reminders.map { ($0.id, .array($0.times.map(JSON.string))) })))
            }
            return .object(fields)
        }
        // Then every work schedule's feed, public or at its secret address (`audience: private`).
        let schedules = site.schedules.map { schedule -> JSON in
            let path = renderer.path(of: schedule)
            let url = FeedURL(baseURL: base, path: path)
            return .object([
                ("kind", .string("schedule")), ("id", .string(schedule.id)), ("name", .string(schedule.name)),
                ("audience", .string(schedule.audience.rawValue)), ("path", .string(path)),
                ("https", .string(url.https)), ("webcal", .string(url.webcal)),
            ])
        }
        return String(decoding: JSON.array(entries + schedules).serialized(), as: UTF8.self)
    }
}
