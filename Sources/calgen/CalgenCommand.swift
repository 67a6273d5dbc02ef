import ArgumentParser
import CalgenKit

@main
struct CalgenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calgen",
        abstract: "A static site generator for China's legal workday calendar.",
        discussion: """
            Reads holiday-cn data, notes and subscribers from a content directory and writes \
            HTML calendars, iCalendar feeds and a static JSON day API.
            """,
        version: Calgen.version,
        subcommands: [
            BuildCommand.self, CheckCommand.self, ServeCommand.self, FeedsCommand.self, DayCommand.self, HolidaysCommand.self,
        ]
    )
}
