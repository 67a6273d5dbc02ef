import CalgenCore
import CalgenLoad
import CalgenModel
import CalgenRender
import CalgenSupport
import Foundation

/// `--render-feeds`: every personal feed of a content directory rendered into memory through
/// `FeedSet.renderPersonalFeedsInMemory`, `runs` times, timed without loading and without the
/// disk. Prints one JSON object: feeds, events and bytes of one run, and each run's seconds.
struct FeedRendering {
    let content: String
    let runs: Int

    func json() throws -> String {
        // As calgen does when it starts: the feeds are rendered here as in a build.
        FreedMemory.keepForReuse()
        let site = try ContentLoader(contentDirectory: content).load()
        let environment = ProcessInfo.processInfo.environment
        let epoch = environment["SOURCE_DATE_EPOCH"].flatMap(Double.init) ?? Date().timeIntervalSince1970
        let now = Date(timeIntervalSince1970: epoch)
        let secret = try FeedSecret(environment["CALGEN_FEED_SECRET"] ?? "benchmark-secret-0123456789abcdef")
        let feeds = FeedSet(site: site, today: site.config.civilDate(of: now), generatedAt: now, secret: secret)
        var seconds = [Double]()
        var figures = (feeds: 0, events: 0, bytes: 0)
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            figures = try feeds.renderPersonalFeedsInMemory()
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let times = seconds.map { String(format: "%.4f", $0) }.joined(separator: ", ")
        return """
            {"feeds": \(figures.feeds), "events": \(figures.events), "bytes": \(figures.bytes), \
            "cores": \(ProcessInfo.processInfo.activeProcessorCount), "seconds": [\(times)]}
            """
    }
}
