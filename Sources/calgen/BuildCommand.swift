import ArgumentParser
import CalgenKit
import Foundation

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into the output directory.",
        discussion: """
            The output is built beside the output directory and swapped in only when every step \
            succeeded: on any error the previous output is left exactly as it was. A build that \
            changes nothing writes nothing.
            """
    )

    @OptionGroup var site: SiteOptions
    @OptionGroup var level: OutputLevelOptions

    @Option(name: .long, help: ArgumentHelp("The output directory, replaced as a whole.", valueName: "dir"))
    var output: String = "public"

    func run() throws {
        let report = try site.withPreviousSite(try site.buildOptions(output: output), quiet: level.quiet) { options in
            try BuildSummary.run(options, level: level, keptOutput: output) { try $0.build() }
        }
        DiagnosticPrinter.print(warnings: report.warnings)
        if !level.quiet { print(Terminal.safeLines(BuildSummary.text(report, output: output, verbose: level.verbose))) }
    }
}
