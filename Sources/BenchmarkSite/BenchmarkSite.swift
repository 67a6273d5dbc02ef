import ArgumentParser
import Foundation

/// Writes a benchmark site for `script/benchmark`: the bundled site settings and holiday
/// files plus generated notes and subscribers, and optionally the same notes as a Hugo site.
/// The output depends only on the arguments, so every run benchmarks the same bytes.
@main
struct BenchmarkSite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calgen-benchmark-site",
        abstract: "Generates a deterministic calgen site of a given size for benchmarks.",
        discussion: """
            Sizes: S is the bundled content; M is 500 notes and 1,000 subscribers; L is 2,000 notes \
            and 10,000 subscribers. Every subscriber has a workdays, a makeup-eve and a lunar-yearly \
            reminder; even-numbered ones are expanded, odd-numbered ones compact; time zones rotate.
            """
    )

    @Option(help: "A named size: M or L (sets --notes and --subscribers).")
    var size: SiteSize?

    @Option(help: "How many notes to generate.")
    var notes = 0

    @Option(help: "How many subscribers to generate.")
    var subscribers = 0

    @Flag(help: "Make every subscriber's feed expanded (one event per occurrence).")
    var allExpanded = false

    @Option(help: "The content directory to take site.yml and the holiday files from.")
    var from = "Content"

    @Option(help: "Where to write the Hugo site with the same notes (left out when not given).")
    var hugo: String?

    @Option(
        help: ArgumentHelp(
            "Render every personal feed of this content directory into memory and print the figures as JSON.",
            discussion: "Nothing is generated; SOURCE_DATE_EPOCH and CALGEN_FEED_SECRET are read as calgen build reads them."))
    var renderFeeds: String?

    @Option(help: "How many times --render-feeds renders the feeds.")
    var runs = 3

    @Argument(help: "The content directory to write; it must not exist yet.")
    var output: String?

    mutating func validate() throws {
        if renderFeeds != nil {
            guard runs > 0 else { throw ValidationError("--runs must be at least 1") }
            return
        }
        guard let output else { throw ValidationError("give the content directory to write") }
        if let size {
            notes = size.notes
            subscribers = size.subscribers
        }
        guard notes >= 0, subscribers >= 0 else { throw ValidationError("--notes and --subscribers cannot be negative") }
        guard !FileManager.default.fileExists(atPath: output) else {
            throw ValidationError("\(output) already exists; give a new directory")
        }
    }

    func run() throws {
        if let renderFeeds {
            print(try FeedRendering(content: renderFeeds, runs: runs).json())
            return
        }
        guard let output else { return }
        let fm = FileManager.default
        try fm.createDirectory(atPath: output + "/holidays", withIntermediateDirectories: true)
        try fm.copyItem(atPath: from + "/site.yml", toPath: output + "/site.yml")
        for name in try fm.contentsOfDirectory(atPath: from + "/holidays").sorted() {
            try fm.copyItem(atPath: from + "/holidays/" + name, toPath: output + "/holidays/" + name)
        }
        let generated = (0..<notes).map(GeneratedNote.init(index:))
        for note in generated {
            let folder = output + "/notes/" + String(note.date.year)
            try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try writeFile(note.calgenSource, to: folder + "/" + note.slug + ".md")
        }
        if subscribers > 0 { try fm.createDirectory(atPath: output + "/users", withIntermediateDirectories: true) }
        for index in 0..<subscribers {
            let subscriber = GeneratedSubscriber(index: index, allExpanded: allExpanded)
            try writeFile(subscriber.source, to: output + "/users/" + subscriber.id + ".yml")
        }
        if let hugo { try HugoSite(notes: generated).write(to: hugo) }
    }
}

/// Writes UTF-8 text to a new file.
func writeFile(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}
