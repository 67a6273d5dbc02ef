import ArgumentParser
import CalgenKit
import Foundation

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into the output directory.",
        discussion: """
            The output is built beside the output directory and swapped in only when every step \
            succeeded: on any error the previous output is left exactly as it was.
            """
    )

    @OptionGroup var contentOption: ContentOption
    @OptionGroup var secretOption: FeedSecretOption

    @Option(name: .long, help: ArgumentHelp("The output directory, replaced as a whole.", valueName: "dir"))
    var output: String = "public"

    @Option(name: .long, help: ArgumentHelp("The templates directory.", valueName: "dir"))
    var templates: String = "Templates"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The current date or time (YYYY-MM-DD or ISO 8601) that marks today and the current year; SOURCE_DATE_EPOCH takes precedence, the clock is the default.",
            valueName: "date"))
    var now: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The last published manifest.json (with its feeds/ manifests beside it), when the output directory does not hold the previous build.",
            valueName: "path"))
    var previousManifest: String?

    @Flag(name: .long, help: "Include notes marked `draft: true`.")
    var drafts = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        let instant = try BuildNow.resolve(
            sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], option: now)
        let builder = SiteBuilder(
            options: BuildOptions(
                contentDirectory: contentOption.content, templatesDirectory: templates, outputDirectory: output,
                now: instant, includeDrafts: drafts, feedSecret: try secretOption.resolve(),
                previousManifest: previousManifest))
        let report: BuildReport
        do {
            report = try builder.build()
        } catch {
            DiagnosticPrinter.print(error, outputDirectory: output)
            throw ExitCode.failure
        }
        for warning in report.warnings {
            FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        if !quiet {
            let steps = report.steps.map { "\($0.name) \(DiagnosticPrinter.milliseconds($0.duration))" }
            let megabytes = Double(report.bytesWritten) / 1_000_000
            print(
                "Built \(output)/: \(report.pages) pages, \(report.notes) notes, \(report.feeds) feeds (\(report.events) events); version \(report.version): "
                    + "\(report.filesWritten) files written (\(String(format: "%.1f", megabytes)) MB), \(report.filesUnchanged) unchanged; "
                    + "\(report.years) years (\(report.announcedYears) announced) in "
                    + steps.joined(separator: ", "))
        }
    }
}
