import ArgumentParser
import CalgenModel
import CalgenSupport
import Foundation

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
            InitCommand.self, NewCommand.self, BuildCommand.self, CheckCommand.self, ServeCommand.self, FeedsCommand.self,
            DayCommand.self, HolidaysCommand.self, SyncCommand.self,
        ]
    )

    /// swift-argument-parser's `main`, except that what it prints goes through
    /// `Terminal.safeLines`: an argument error echoes what was typed (`calgen day $'\e[31mX'`),
    /// and a typed escape sequence must not reach the terminal raw.
    static func main() async {
        FreedMemory.keepForReuse()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let text = fullMessage(for: error)
            let code = exitCode(for: error)
            if !text.isEmpty {
                let safe = Data((Terminal.safeLines(text) + "\n").utf8)
                // Help and the version go to standard output, errors to standard error.
                (code == .success ? FileHandle.standardOutput : FileHandle.standardError).write(safe)
            }
            terminate(code.rawValue)
        }
    }
}

/// The process's `exit`, which `ParsableCommand.exit(withError:)` hides inside the command.
private func terminate(_ status: Int32) -> Never {
    exit(status)
}
