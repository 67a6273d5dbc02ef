import ArgumentParser
import CalgenCore
import CalgenLoad
import CalgenModel
import Foundation

struct HolidaysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "holidays",
        abstract: "Work with the holiday-cn data in Content/holidays/.",
        subcommands: [HolidaysUpdateCommand.self]
    )
}

struct HolidaysUpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Fetch the newest holiday-cn files and replace the ones that changed.",
        discussion: """
            Fetches the file of every year from the first one in Content/holidays/ through next \
            year, validates each exactly as a build does, prints what changed per year and writes \
            the changed files (each atomically). Nothing is written when any file fails to download \
            or validate, is larger than a build accepts, or would lose announced days (a year \
            emptied, more than half of its dates dropped, or any date of a past year dropped or \
            changed) without --allow-removal. Exit status: 0 when up to date or updated, 10 with --check when an update \
            is available (nothing written), 1 on any problem.
            """
    )

    @OptionGroup var contentOption: ContentOption

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where to fetch from: a URL ending in / (YYYY.json is added) or containing {year}. Default: holidays-source in site.yml, else holiday-cn's published files.",
            valueName: "url"))
    var source: String?

    @Flag(name: .long, help: "Write nothing; exit 10 when an update is available (for CI conditions).")
    var check = false

    @Flag(
        name: .long,
        help:
            "Accept an update that loses announced days: a year emptied, more than half of its dates dropped, or a past year's dates dropped or changed (what is lost is printed)."
    )
    var allowRemoval = false

    @Option(
        name: .long, help: ArgumentHelp("The current date (YYYY-MM-DD or ISO 8601); as for `calgen build`.", valueName: "date"))
    var now: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds one request may take in all (connecting, headers, body), however slowly the bytes come; 3 tries, and the whole command ends within 10 minutes.",
            valueName: "s"))
    var timeout: Double = 20

    func validate() throws {
        if let source, TextRules.hasUserInfo(source) {
            // Never echo the password back into a CI log.
            throw ValidationError(
                "--source must not carry a user name or password: \"\(HTTPFetcher.display(source))\"",
                fix: "give the mirror's address without `user:password@`; holiday-cn files are public")
        }
        if let source, !(TextRules.isWebURL(source) && (source.hasSuffix("/") || source.contains("{year}"))) {
            throw ValidationError(
                "--source must be an http(s) URL of a folder of YYYY.json files, not \"\(source)\"",
                fix: "write e.g. `--source https://mirror.example.com/holiday-cn/` (ending in `/`, or with `{year}`)")
        }
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be from 0 to 600 seconds") }
    }

    func run() throws {
        let loader = ContentLoader(contentDirectory: contentOption.content)
        let config: SiteConfig?
        if source != nil {
            // The source is given; site.yml only tells the time zone, when it can.
            config = try? loader.loadConfig()
        } else {
            // holidays-source in site.yml decides where to fetch from: never guess past an error.
            do {
                config = try loader.loadConfig()
            } catch {
                DiagnosticPrinter.print(error, outputDirectory: nil)
                Terminal.write(
                    Terminal.styled("error:", .error)
                        + " site.yml must be valid to know where to fetch from (holidays-source); fix it or give --source."
                        + " \(Terminal.safe(contentOption.content))/holidays/ was left unchanged\n")
                throw ExitCode.failure
            }
        }
        let instant = try BuildNow.resolve(sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], option: now)
        let today = SiteConfig.civilDate(of: instant, inTimeZone: config?.timeZone ?? Calgen.defaultTimeZone)
        let update = HolidayUpdate(
            contentDirectory: contentOption.content,
            source: source ?? config?.holidaysSource ?? HolidayUpdate.defaultSource, currentYear: today.year,
            fetcher: HTTPFetcher(timeout: timeout), allowRemoval: allowRemoval)
        let plan: HolidayUpdate.Plan
        do {
            plan = try update.plan()
        } catch {
            DiagnosticPrinter.print(error, outputDirectory: nil)
            Terminal.write(
                Terminal.styled("error:", .error) + " \(Terminal.safe(contentOption.content))/holidays/ was left unchanged\n")
            throw ExitCode.failure
        }
        for note in plan.notes { print(Terminal.safe(note)) }
        for change in plan.changes {
            for line in change.lines { print(Terminal.safe(line)) }
        }
        let span = "\(plan.years.lowerBound)–\(plan.years.upperBound)"
        if plan.changes.isEmpty {
            print("holiday data is up to date (\(span) checked)")
            return
        }
        let names = plan.changes.map { "\($0.year).json" }.joined(separator: ", ")
        if check {
            print("an update is available: \(names) (--check: nothing written)")
            throw ExitCode(10)
        }
        do {
            try update.apply(plan)
        } catch {
            DiagnosticPrinter.print(error, outputDirectory: nil)
            throw ExitCode.failure
        }
        print("updated \(names) in \(Terminal.safe(contentOption.content))/holidays/ (\(span) checked)")
    }
}
