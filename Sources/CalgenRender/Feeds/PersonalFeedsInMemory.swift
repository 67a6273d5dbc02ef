import CalgenCore
import CalgenModel
import CalgenRecord
import CalgenSupport
import Foundation

extension FeedSet {
    /// Renders every subscriber's personal feed into memory on all cores as a first build would
    /// (rendered, stamped, hashed, its manifest encoded) and keeps only the figures: how many
    /// feeds, events and bytes. The feeds step without the disk, for benchmarks
    /// (`calgen-benchmark-site --render-feeds`). Throws when a feed is over the events limit.
    public func renderPersonalFeedsInMemory() throws -> (feeds: Int, events: Int, bytes: Int) {
        let (site, renderer) = (self.site, self.renderer)
        let generatedAt = ManifestTime.iso(self.generatedAt)
        let zones = ZoneCache()
        let notes = NoteIndex(notes: site.allNotes)
        // As the feeds step: subscribers with the same horizon share one schedule, made once.
        var schedules = [FeedHorizon: ReminderSchedule]()
        var jobs = [(Subscriber, FeedHorizon)]()
        for subscriber in site.subscribers {
            let horizon = renderer.horizon(of: subscriber.summary)
            if schedules[horizon] == nil {
                schedules[horizon] = ReminderSchedule(calendar: site.calendar, first: horizon.first, last: horizon.last)
            }
            jobs.append((subscriber, horizon))
        }
        let ready = schedules
        let figures = ParallelMap.map(jobs) { job -> Result<(events: Int, bytes: Int), FeedTooLarge> in
            let (subscriber, horizon) = job
            let addressed = notes.addressed(to: subscriber.audiences, from: horizon.first, through: horizon.last)
            return Result { () throws(FeedTooLarge) in
                let draft = try renderer.personalFeed(
                    subscriber, schedule: ready[horizon]!, horizon: horizon, notes: addressed, zones: zones)
                let feed = RenderedFeed(draft: draft, previous: nil, stamp: renderer.stamp)
                let manifest = feed.manifestBytes(version: 1, generatedAt: generatedAt, inputs: nil)
                return (feed.records.count, feed.bytes.count + manifest.count)
            }
        }
        var events = 0
        var bytes = 0
        for figure in figures {
            let (count, size) = try figure.get()
            events += count
            bytes += size
        }
        return (figures.count, events, bytes)
    }
}
