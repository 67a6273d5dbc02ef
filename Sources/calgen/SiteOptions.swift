import ArgumentParser
import CalgenCore
import CalgenLoad
import CalgenModel
import CalgenRecord
import CalgenSupport
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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The published site (its base URL): its manifests are downloaded and used as with --previous-manifest. A site with no manifest.json yet (404) starts at version 1.",
            valueName: "url"))
    var previousSite: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds one download of --previous-site may take in all (connecting, headers, body); tried 3 times.",
            valueName: "s"))
    var previousSiteTimeout: Double = 20

    @Option(
        name: .long,
        help: ArgumentHelp("Publish at this address instead of site.yml's base-url (for preview deploys).", valueName: "url"))
    var baseURL: String?

    @Flag(
        name: .long,
        help:
            "Start over where the previous release's manifest lists a feed whose manifest is missing (its events' SEQUENCE restarts at 0); without it that is an error."
    )
    var allowReset = false

    @Flag(name: .long, help: "Include notes marked `draft: true`.")
    var drafts = false

    @Flag(
        name: .long,
        help:
            "Treat every warning (a note audience no subscriber takes, an unused `notes:` group, …) as an error: exit 1, output untouched."
    )
    var strict = false

    func validate() throws {
        if previousSite != nil && previousManifest != nil {
            throw ValidationError("give --previous-site or --previous-manifest, not both")
        }
        guard previousSiteTimeout > 0, previousSiteTimeout <= 600 else {
            throw ValidationError("--previous-site-timeout must be from 0 to 600 seconds")
        }
    }

    /// The build options for an output directory.
    func buildOptions(output: String) throws -> BuildOptions {
        var options = BuildOptions(
            contentDirectory: contentOption.content, templatesDirectory: templates, outputDirectory: output,
            now: try BuildNow.resolve(sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], option: now),
            includeDrafts: drafts, feedSecret: try secretOption.resolve(contentDirectory: contentOption.content),
            previousManifest: previousManifest, baseURL: baseURL, allowReset: allowReset)
        options.strict = strict
        return options
    }
}

extension SiteOptions {
    /// Runs `body` with the options, after downloading the previous release's manifests when
    /// `--previous-site` is given (into a temporary folder removed afterwards).
    func withPreviousSite<T>(_ options: BuildOptions, quiet: Bool, _ body: (BuildOptions) throws -> T) throws -> T {
        guard let previousSite else { return try body(options) }
        // Only this user may read it: it holds the paths of personal feeds.
        let folder: String
        do {
            folder = try PrivateDirectory.create(in: FileManager.default.temporaryDirectory.path, prefix: "calgen-previous-")
        } catch {
            DiagnosticPrinter.print(
                ContentErrors(Diagnostic(file: "", message: error.description, fix: "set TMPDIR to a folder of your own")),
                outputDirectory: nil)
            throw ExitCode.failure
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = options
        do {
            switch try PreviousSite.download(
                from: previousSite, options: options, into: folder, fetcher: HTTPFetcher(timeout: previousSiteTimeout))
            {
            case .manifest(let path):
                options.previousManifest = path
                options.previousManifestOrigin = previousSite.hasSuffix("/") ? previousSite : previousSite + "/"
            case .firstDeploy:
                if !quiet {
                    Terminal.write(
                        "note: \(Terminal.safe(HTTPFetcher.display(previousSite))) has no manifest.json yet: a first deploy, starting at version 1\n"
                    )
                }
            }
        } catch {
            DiagnosticPrinter.print(error, outputDirectory: nil)
            throw ExitCode.failure
        }
        return try body(options)
    }
}

/// `--quiet` and `--verbose`.
struct OutputLevelOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also print the time of every step and what was kept.")
    var verbose = false
}
