import ArgumentParser
import CalgenCore
import CalgenLoad
import CalgenModel
import CalgenScaffold
import Foundation

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new note, subscriber or work schedule, with its keys filled in.",
        discussion: """
            `calgen new note NAME` writes Content/notes/YYYY/NAME.md on --date (default: today in \
            the site's time zone); `calgen new subscriber ID` writes Content/users/ID.yml; `calgen new \
            schedule ID` Content/schedules/ID.yml. Each builds as written. An existing file is never \
            overwritten.
            """
    )

    @Argument(help: ArgumentHelp("note, subscriber or schedule.", valueName: "kind"))
    var kind: String

    @Argument(
        help: ArgumentHelp("The file name: lowercase letters, digits and hyphens (a note's page, an id).", valueName: "name"))
    var name: String

    @OptionGroup var contentOption: ContentOption

    @Option(
        name: .long, help: ArgumentHelp("A note's title, a subscriber's or schedule's name (default: NAME).", valueName: "text"))
    var title: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The note's date, YYYY-MM-DD (default: today in the site's time zone).", valueName: "date"))
    var date: String?

    func validate() throws {
        guard NewContent.Kind(rawValue: kind) != nil else {
            throw ValidationError("the kind is note, subscriber or schedule, not \"\(kind.prefix(40))\"")
        }
        if let date, CivilDate(iso: date) == nil {
            throw ValidationError(
                "--date \"\(date.prefix(40))\" is not a date", fix: "write it as YYYY-MM-DD, e.g. --date 2026-10-01")
        }
    }

    func run() throws {
        let kind = NewContent.Kind(rawValue: kind)!
        do {
            let day: CivilDate
            if let date, let given = CivilDate(iso: date) {
                day = given
            } else {
                // Today in the site's time zone (SOURCE_DATE_EPOCH as for a build).
                let config = try ContentLoader(contentDirectory: contentOption.content).loadConfig()
                let instant = try BuildNow.resolve(
                    sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], option: nil)
                day = config.civilDate(of: instant)
            }
            let path = try NewContent.write(kind, name: name, title: title, date: day, contentDirectory: contentOption.content)
            print("wrote \(Terminal.safe(path))")
        } catch let errors as ContentErrors {
            throw InitCommand.failure(errors.diagnostics)
        }
    }
}
