import ArgumentParser

/// The `--content` option shared by the commands that read a site.
struct ContentOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The content directory to read.", valueName: "dir"))
    var content: String = "Content"
}
