import ArgumentParser
import CalgenCore
import CalgenLoad
import CalgenModel
import CalgenRender
import Foundation

struct FeedsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds",
        abstract: "Print each subscriber's personal feed URLs, and each work schedule's, to hand out.",
        discussion: """
            Every subscriber gets an https URL (for Outlook and most apps) and a webcal URL (for \
            one-click subscribing). The URLs contain a token derived from the feed secret: give each \
            URL only to its subscriber. A work schedule's feed follows, public or (`audience: private`) \
            at a secret address of its own. With --json, the same as an array: the subscribers' feeds (`kind: subscriber`), then the schedules' (`kind: schedule`). Use the same \
            secret as the build that is published.
            """
    )

    @OptionGroup var contentOption: ContentOption
    @OptionGroup var secretOption: FeedSecretOption

    @Option(
        name: .long, help: ArgumentHelp("The current date (YYYY-MM-DD or ISO 8601); as for `calgen build`.", valueName: "date"))
    var now: String?

    @Flag(name: .long, help: "Print JSON, with each feed's horizon.")
    var json = false

    @Flag(name: .long, help: "With --json: also every reminder's occurrences as calgen computes them.")
    var occurrences = false

    func run() throws {
        let secret = try secretOption.resolve(contentDirectory: contentOption.content)
        let instant = try BuildNow.resolve(sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], option: now)
        let site: Site
        do {
            site = try ContentLoader(contentDirectory: contentOption.content).load()
            try secret.check(site, contentDirectory: contentOption.content)
        } catch {
            DiagnosticPrinter.print(error, outputDirectory: nil)
            throw ExitCode.failure
        }
        if !site.subscribers.isEmpty { DiagnosticPrinter.print(warnings: secret.notices) }
        let feeds = FeedSet(site: site, today: site.config.civilDate(of: instant), generatedAt: instant, secret: secret)
        if !json {
            for (subscriber, path) in feeds.paths() {
                print("\(subscriber.id)  \(Terminal.safe(subscriber.name))")
                let url = FeedURL(baseURL: site.config.baseURL, path: path)
                print("  \(url.https)")
                print("  \(url.webcal)")
                if subscriber.includesHolidays {
                    print(
                        "  holds the public holiday events: subscribed to \(Calgen.publicFeedPath) as well, each holiday shows twice"
                    )
                }
                if subscriber.includesFestivals || subscriber.includesSolarTerms {
                    print("  holds festivals or solar terms: subscribed to \(Calgen.festivalsFeedPath) as well, they show twice")
                }
                if let schedule = subscriber.schedule { print("  works by the schedule \(schedule)") }
            }
            for schedule in site.schedules {
                let url = FeedURL(baseURL: site.config.baseURL, path: FeedPath.schedule(schedule, secret: secret))
                print("schedule \(schedule.id)  \(Terminal.safe(schedule.name))  (\(schedule.audience.rawValue))")
                print("  \(url.https)")
                print("  \(url.webcal)")
            }
            return
        }
        print(feeds.json(includingOccurrences: occurrences))
    }
}
