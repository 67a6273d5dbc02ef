import ArgumentParser
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

    @Option(name: .long, help: ArgumentHelp("The output directory, replaced as a whole (default: public).", valueName: "dir"))
    var output: String?

    /// The site's output when none is given.
    static let defaultOutput = "public"

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
        if let shard {
            // A shard built into the site's output would replace the published site with one
            // shard's feeds, and the next build would restart at version 1.
            let fix =
                "give the shard a folder of its own, e.g. `--shard \(shard) --output shard-\(shard.split(separator: "/").first ?? "1")`"
            guard let output else {
                throw ValidationError(
                    "--shard needs --output: a shard is built into a folder of its own, not into the site's output", fix: fix)
            }
            let resolve = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
            if resolve(output) == resolve(Self.defaultOutput) {
                throw ValidationError("--shard cannot build into \(output), the site's output", fix: fix)
            }
        }
    }

    func run() throws {
        let output = self.output ?? Self.defaultOutput
        var options = try site.buildOptions(output: output)
        options.shard = shard.flatMap(Shard.init)
        options.assemble = assemble
        // The process exits after this one build: its memory goes with it.
        options.keepsMemoryUntilExit = true
        let report = try site.withPreviousSite(options, quiet: level.quiet) { options in
            try BuildSummary.run(options, level: level, keptOutput: output) { try $0.build() }
        }
        DiagnosticPrinter.print(warnings: report.warnings)
        if !level.quiet { print(Terminal.safeLines(BuildSummary.text(report, output: output, verbose: level.verbose))) }
    }
}
