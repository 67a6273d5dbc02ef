import ArgumentParser
import CalgenCore
import CalgenLoad
import CalgenModel
import CalgenPublish
import CalgenSync
import Foundation

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Write a feed's events into a CalDAV calendar you own, where their alarms are kept.",
        discussion: """
            One way: the calendar is made to hold the feed's events, one resource each, named \
            calgen-<uid>.ics. New events are created (If-None-Match: *), changed ones written over \
            (If-Match with the ETag calgen last saw), removed ones deleted (If-Match); no other \
            resource of the calendar is ever written or deleted. An event edited in the calendar is \
            overwritten with calgen's version, or kept with --keep-edited. What was synced is kept \
            in the state file; when the source and the calendar's ctag or sync-token are as last \
            synced, a run makes one PROPFIND and nothing else. SOURCE is a .ics file a build wrote, \
            or a feed's https URL (downloaded without credentials, conditional on its ETag). With \
            --calendar or --create, --to may be the server's or principal's URL: the calendar is \
            found (.well-known/caldav, current-user-principal, calendar-home-set) or made. \
            Publisher mode (--build public/ --accounts accounts.yml) syncs each account's personal \
            feed, one line each, found where the build wrote it (from --content and the feed \
            secret, as the build does), each account within its own time limit. A 429 or 503 \
            waits its Retry-After within the time limit. \
            The password comes from --password-file or CALGEN_CALDAV_PASSWORD, never from the \
            command line, and is sent with Basic or Digest authentication (as the server asks) to the \
            URL given only: use https (Basic never goes over plain http, but to 127.0.0.1). \
            A calendar that holds the feed's events already (imported from the .ics once) is found \
            before the first write: calgen names which resource holds which UID and writes nothing; \
            --adopt takes those resources over in place. Up to 8 requests go at once, on kept-alive \
            connections. \
            Exit status: 0 when the calendar holds the feed, 75 when the time limit stopped a sync \
            that was going well (N of M written; run again to continue), 1 on any other problem \
            (the state keeps what was written).
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The feed to sync: a .ics file of a build (feeds/<token>/<id>.ics), or its https URL.", valueName: "source"))
    var source: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The calendar collection's URL (https://…/calendars/me/work/), or with --calendar or --create the server's or principal's URL.",
            valueName: "url"))
    var to: String?

    @Option(name: .long, help: ArgumentHelp("The user name on the CalDAV server.", valueName: "name"))
    var user: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A file holding the password (else CALGEN_CALDAV_PASSWORD); its last line break is ignored.", valueName: "path"))
    var passwordFile: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Find the calendar with this display name from --to, a server's or principal's URL.", valueName: "name"))
    var calendar: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Like --calendar, and make the calendar (MKCALENDAR) with this display name when there is none.",
            valueName: "name"))
    var create: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The sync state file. Default: <source>.sync-state.json beside a file source; for a URL source, a file in $XDG_CACHE_HOME/calgen/sync/ (~/.cache/calgen/sync/). Required when the source lies in a build's output.",
            valueName: "path"))
    var state: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Publisher mode: the build output whose personal feeds are synced, one per account of --accounts.",
            valueName: "folder"))
    var build: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Publisher mode: the accounts file (YAML: subscriber id → to, user, password-env or password-file).",
            valueName: "path"))
    var accounts: String?

    @OptionGroup(title: "Publisher mode") var contentOption: ContentOption
    @OptionGroup(title: "Publisher mode") var secretOption: FeedSecretOption

    @Flag(name: .long, help: "Read the calendar's listing and print the plan (how many to add, change, delete); write nothing.")
    var dryRun = false

    @Flag(
        name: .long, help: "Keep an event edited or deleted in the calendar as it is there, instead of writing calgen's version.")
    var keepEdited = false

    @Flag(
        name: .long,
        help: "Delete even when the source would take away most of the events calgen wrote (a feed cut short looks like that).")
    var allowDeletions = false

    @Flag(
        name: .long,
        help:
            "Take over the calendar's resources that hold the feed's events already (imported once): calgen writes them in place from then on, instead of refusing to add the events twice."
    )
    var adopt = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds one request may take in all.", valueName: "s"))
    var timeout: Double = 20

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds one calendar's sync may take (in publisher mode: each account's). A sync it stops keeps what was written and exits 75: run again to continue.",
            valueName: "s"))
    var timeLimit: Double = 600

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Publisher mode: seconds all the accounts may take together; an account not begun by then is reported unfinished.",
            valueName: "s"))
    var totalTimeLimit: Double?

    func validate() throws {
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be from 0 to 600 seconds") }
        guard timeLimit > 0, timeLimit <= 86_400 else {
            throw ValidationError(
                "--time-limit must be more than 0 and at most 86400 seconds",
                fix: "give the seconds one sync may take, e.g. `--time-limit 600` (a stopped sync goes on at the next run)")
        }
        if let totalTimeLimit {
            guard build != nil else {
                throw ValidationError(
                    "--total-time-limit is for publisher mode (--build and --accounts)",
                    fix: "use --time-limit for the sync of one feed")
            }
            guard totalTimeLimit > 0, totalTimeLimit <= 7 * 86_400 else {
                throw ValidationError(
                    "--total-time-limit must be more than 0 and at most 604800 seconds",
                    fix: "give the seconds all the accounts may take together, e.g. `--total-time-limit 3600`")
            }
        }
        if build != nil || accounts != nil {
            guard build != nil, accounts != nil else { throw ValidationError("publisher mode needs both --build and --accounts") }
            guard source == nil, to == nil, user == nil, passwordFile == nil, calendar == nil, create == nil, state == nil else {
                throw ValidationError(
                    "--build and --accounts take the feeds, calendars and passwords from the accounts file: give no SOURCE, --to, --user, --password-file, --calendar, --create or --state"
                )
            }
            return
        }
        guard secretOption.feedSecretFile == nil else {
            throw ValidationError("--feed-secret-file is for publisher mode (--build and --accounts) only")
        }
        guard let source else { throw ValidationError("give the SOURCE feed (or --build and --accounts)") }
        guard let to else {
            throw ValidationError("give --to, the calendar's URL (or the server's, with --calendar or --create)")
        }
        guard user != nil else { throw ValidationError("give --user, the user name on the CalDAV server") }
        if TextRules.hasUserInfo(to) {
            throw ValidationError(
                "--to must not carry a user name or password: \"\(HTTPFetcher.display(to))\"",
                fix: "give the user with --user and the password in --password-file or CALGEN_CALDAV_PASSWORD")
        }
        guard TextRules.isWebURL(to) else {
            throw ValidationError("--to must be the http(s) URL of a calendar collection, not \"\(to)\"")
        }
        if calendar != nil && create != nil { throw ValidationError("give --calendar or --create, not both") }
        if source.contains("://") && !FeedDownload.isAllowedSource(source) {
            throw ValidationError(
                "a URL source must be https (or http to 127.0.0.1), without a user name: \"\(HTTPFetcher.display(source))\"")
        }
    }

    func run() throws {
        let sync = SyncUseCase(
            environment: ProcessInfo.processInfo.environment, home: NSHomeDirectory(),
            isBuildOutput: OutputGuard.isCalgenOutput, say: Self.say)
        let status: Int32
        if let build, let accounts {
            do {
                status = try sync.syncAccounts(
                    build: build, accounts: accounts, content: contentOption.content,
                    secret: { try secretOption.resolve(contentDirectory: contentOption.content) }, options: options,
                    totalTimeLimit: totalTimeLimit)
            } catch let exit as ExitCode {
                throw exit
            } catch {
                DiagnosticPrinter.print(error, outputDirectory: nil)
                throw ExitCode.failure
            }
        } else {
            guard let source, let to, let user else { throw ExitCode.validationFailure }
            status = sync.syncFeed(
                source: source, to: to, choice: choice, user: user, passwordFile: passwordFile, state: state,
                options: options)
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// What every sync is asked on the command line.
    var options: SyncOptions {
        SyncOptions(
            dryRun: dryRun, keepEdited: keepEdited, allowDeletions: allowDeletions, adopt: adopt, timeout: timeout,
            timeLimit: timeLimit)
    }

    /// Prints what a sync says: a line on standard output, a warning or an error (and its fix)
    /// on standard error.
    static func say(_ notice: SyncNotice) {
        switch notice {
        case .line(let text):
            print(Terminal.safe(text))
        case .problem(let diagnostic):
            let label = diagnostic.severity.rawValue + ":"
            let style: Terminal.Style =
                switch diagnostic.severity {
                case .error: .error
                case .warning: .warning
                case .note: .bold
                }
            // A problem of a file (the source, the state, the accounts file) at its place.
            let line =
                diagnostic.file.isEmpty
                ? Terminal.styled(label, style) + " \(Terminal.safe(diagnostic.message))"
                : DiagnosticPrinter.styled(diagnostic)
            Terminal.write(line + "\n")
            if let fix = diagnostic.fix { Terminal.write("  fix: \(Terminal.safe(fix))\n") }
        }
    }

    private var choice: CalDAVDiscovery.Choice? {
        create.map(CalDAVDiscovery.Choice.create) ?? calendar.map(CalDAVDiscovery.Choice.named)
    }
}
