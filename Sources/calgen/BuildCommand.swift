import ArgumentParser
import CalgenKit
import CalgenModel
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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Render only the personal feeds (with their manifests and pages) of the subscribers in shard K of N, and shard.json, into the output directory, for --assemble.",
            valueName: "K/N"))
    var shard: String?

    @Option(
        name: .long, parsing: .upToNextOption,
        help: ArgumentHelp(
            "Build the site with every personal feed taken from these shards' folders (all N of one build), without rendering any again.",
            valueName: "dir"))
    var assemble: [String] = []

    func validate() throws {
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N ≤ \(Shard.maxCount), e.g. --shard 2/4, not \"\(shard)\"")
        }
        if shard != nil && !assemble.isEmpty { throw ValidationError("give --shard or --assemble, not both") }
    }

    func run() throws {
        var options = try site.buildOptions(output: output)
        options.shard = shard.flatMap(Shard.init)
        options.assemble = assemble
        let report = try site.withPreviousSite(options, quiet: level.quiet) { options in
            try BuildSummary.run(options, level: level, keptOutput: output) { try $0.build() }
        }
        DiagnosticPrinter.print(warnings: report.warnings)
        if !level.quiet { print(Terminal.safeLines(BuildSummary.text(report, output: output, verbose: level.verbose))) }
    }
}
