import ArgumentParser
import CalgenCore
import CalgenModel
import CalgenScaffold
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a site of your own in a new folder.",
        discussion: """
            Writes a commented Content/site.yml, the holiday-cn files and templates this calgen \
            ships, one example note and one example subscriber, a .gitignore and the GitHub Pages \
            workflow (.github/workflows/publish.yml); `calgen build` in the folder works at once. \
            On a terminal it asks for the settings not given as options; elsewhere give them, or \
            --yes to take the defaults. A folder that holds anything but .git is refused unless --force.
            """
    )

    @Argument(help: ArgumentHelp("The folder of the new site (made when missing).", valueName: "dir"))
    var directory: String

    @Option(name: .long, help: ArgumentHelp("The site's title.", valueName: "text"))
    var title: String?

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp("The address the site is published at, e.g. https://you.github.io/calendar/.", valueName: "url"))
    var baseURL: String?

    @Option(name: .long, help: ArgumentHelp("zh-CN (default) or en.", valueName: "code"))
    var language: String?

    @Option(name: .long, help: ArgumentHelp("The IANA time zone (default Asia/Shanghai).", valueName: "zone"))
    var timezone: String?

    @Flag(name: .shortAndLong, help: "Take the default of every setting not given, without asking.")
    var yes = false

    @Flag(name: .long, help: "Write into a folder that is not empty, replacing the files a new site has.")
    var force = false

    @Option(
        name: .long,
        help: ArgumentHelp("The date of the example note (default: today in the site's time zone).", valueName: "date"))
    var now: String?

    func run() throws {
        let settings = try askedSettings()
        let instant = try BuildNow.resolve(sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], option: now)
        let today = SiteConfig.civilDate(of: instant, inTimeZone: settings.timeZone)
        let written: [String]
        do {
            written = try SiteScaffold.write(into: directory, settings, today: today, force: force)
        } catch {
            throw InitCommand.failure(error.diagnostics)
        }
        let shown = Terminal.safe(directory)
        print(
            "Made a new calgen site in \(shown)/ (\(written.count) files): Content/, Templates/, .gitignore, .github/workflows/publish.yml"
        )
        print(
            """
            Next:
              cd \(shown)
              calgen serve                  # a preview at the address it prints
              calgen new note NAME          # and: calgen new subscriber ID, calgen new schedule ID
              calgen build                  # the site into public/
            Content/notes/\(today.year)/welcome.md and Content/users/example.yml are examples: edit or delete them.
            To publish on GitHub Pages, see the comments at the top of .github/workflows/publish.yml.
            """)
    }

    /// The settings from the options, asking on a terminal for those not given (unless --yes).
    private func askedSettings() throws -> SiteSettings {
        let defaults = SiteSettings.defaults(language: language)
        let given = [title, baseURL, language, timezone]
        if yes || !given.contains(where: { $0 == nil }) {
            return SiteSettings(
                title: title ?? defaults.title, baseURL: baseURL ?? defaults.baseURL, language: language ?? defaults.language,
                timeZone: timezone ?? defaults.timeZone)
        }
        guard isatty(0) == 1 else {
            let missing = zip(["--title", "--base-url", "--language", "--timezone"], given).filter { $0.1 == nil }.map(\.0)
            // No usage lines: the command line is right, it only lacks what a terminal would ask.
            throw InitCommand.failure([
                Diagnostic(
                    file: "", message: "not a terminal, and \(missing.joined(separator: ", ")) not given",
                    fix: "give them, or --yes to take the defaults (\(defaults.title), \(defaults.baseURL), "
                        + "\(defaults.language), \(defaults.timeZone))")
            ])
        }
        func ask(_ question: String, _ value: String?, _ fallback: String) -> String {
            if let value { return value }
            Terminal.write("\(question) [\(fallback)]: ")
            guard let line = readLine(), !line.trimmingCharacters(in: .whitespaces).isEmpty else { return fallback }
            return line.trimmingCharacters(in: .whitespaces)
        }
        let language = ask("Language of the site (zh-CN or en)", language, defaults.language)
        let fallback = SiteSettings.defaults(language: language)
        return SiteSettings(
            title: ask("Title", title, fallback.title),
            baseURL: ask("Address it will be published at", baseURL, fallback.baseURL),
            language: language,
            timeZone: ask("Time zone", timezone, fallback.timeZone))
    }

    /// Prints each problem with its fix (nothing written, no usage lines) and gives exit 1.
    static func failure(_ diagnostics: [Diagnostic]) -> ExitCode {
        Terminal.write(diagnostics.flatMap(DiagnosticPrinter.lines).joined(separator: "\n") + "\n")
        return ExitCode.failure
    }
}
