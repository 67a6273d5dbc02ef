import ArgumentParser
import Foundation

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate everything a build would, and every internal link, without writing.",
        discussion: """
            Reads and validates the content and templates, renders every page and feed, works out \
            the manifests against the previous build, checks that every internal link and #fragment \
            resolves and that every feed is well formed; a previous manifest or feed manifest that does \
            not follow its schema, or a feed manifest the previous manifest lists that is missing \
            (without --allow-reset), is a problem too. Lists all problems with file and line; the \
            exit status is 1 when there is any. For CI, before publishing.
            """
    )

    @OptionGroup var site: SiteOptions
    @OptionGroup var level: OutputLevelOptions

    @Option(
        name: .long,
        help: ArgumentHelp("The output directory whose manifest is the previous state (not written).", valueName: "dir"))
    var output: String = "public"

    func run() throws {
        let report = try site.withPreviousSite(try site.buildOptions(output: output), quiet: level.quiet) { options in
            // A feed manifest the previous manifest lists but that is missing is reported by the
            // check itself (unless --allow-reset), with everything else it finds.
            try BuildSummary.run(options, level: level, keptOutput: nil) { try $0.check() }
        }
        // Warnings (a feed larger than Google accepts) always; notes only with --verbose.
        if !level.quiet {
            DiagnosticPrinter.print(warnings: report.warnings.filter { level.verbose || $0.severity == .warning })
        }
        if !level.quiet { print(Terminal.safeLines(BuildSummary.text(report, output: nil, verbose: level.verbose))) }
    }
}
