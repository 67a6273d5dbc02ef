import ArgumentParser
import CalgenKit
import Foundation

/// The options of the commands that build the site (build, check, serve).
struct SiteOptions: ParsableArguments {
    @OptionGroup var contentOption: ContentOption
    @OptionGroup var secretOption: FeedSecretOption

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

    /// The build options for an output directory.
    func buildOptions(output: String) throws -> BuildOptions {
        BuildOptions(
            contentDirectory: contentOption.content, templatesDirectory: templates, outputDirectory: output,
            now: try BuildNow.resolve(sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], option: now),
            includeDrafts: drafts, feedSecret: try secretOption.resolve(contentDirectory: contentOption.content),
            previousManifest: previousManifest)
    }
}

/// `--quiet` and `--verbose`.
struct OutputLevelOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also print the time of every step and what was kept.")
    var verbose = false
}
