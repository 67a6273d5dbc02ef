import ArgumentParser
import CalgenCore
import CalgenKit
import CalgenModel
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
            in the state file. SOURCE is a .ics file a build wrote (a URL source is not supported yet). \
            The password comes from --password-file or CALGEN_CALDAV_PASSWORD, never from the \
            command line, and is sent with Basic authentication to the URL given only: use https. \
            Exit status: 0 when the calendar holds the feed, 1 on any problem (the state keeps what \
            was written).
            """
    )

    @Argument(help: ArgumentHelp("The feed to sync: a .ics file of a build (feeds/<token>/<id>.ics).", valueName: "source"))
    var source: String

    @Option(name: .long, help: ArgumentHelp("The calendar collection's URL (https://…/calendars/me/work/).", valueName: "url"))
    var to: String

    @Option(name: .long, help: ArgumentHelp("The user name on the CalDAV server.", valueName: "name"))
    var user: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A file holding the password (else CALGEN_CALDAV_PASSWORD); its last line break is ignored.", valueName: "path"))
    var passwordFile: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The sync state file. Default: <source>.sync-state.json beside the source; required when the source lies in a build's output, which the next build replaces and a publish uploads.",
            valueName: "path"))
    var state: String?

    @Flag(name: .long, help: "Read the calendar's listing and print the plan (how many to add, change, delete); write nothing.")
    var dryRun = false

    @Flag(
        name: .long, help: "Keep an event edited or deleted in the calendar as it is there, instead of writing calgen's version.")
    var keepEdited = false

    @Flag(
        name: .long,
        help: "Delete even when the source would take away most of the events calgen wrote (a feed cut short looks like that).")
    var allowDeletions = false

    @Option(
        name: .long,
        help: ArgumentHelp("Seconds one request may take in all; the whole command ends within 10 minutes.", valueName: "s"))
    var timeout: Double = 20

    func validate() throws {
        if TextRules.hasUserInfo(to) {
            throw ValidationError(
                "--to must not carry a user name or password: \"\(HTTPFetcher.display(to))\"",
                fix: "give the user with --user and the password in --password-file or CALGEN_CALDAV_PASSWORD")
        }
        guard TextRules.isWebURL(to) else {
            throw ValidationError("--to must be the http(s) URL of a calendar collection, not \"\(to)\"")
        }
        if TextRules.isWebURL(source) {
            throw ValidationError(
                "a URL source is not supported yet: \"\(HTTPFetcher.display(source))\"",
                fix: "give the .ics file a build wrote, or download the feed first")
        }
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be from 0 to 600 seconds") }
    }

    func run() throws {
        let statePath = try resolveStatePath()
        let bytes: [UInt8]
        let events: [SyncEvent]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: source)))
            events = try SyncEvent.events(ofFeed: bytes)
        } catch {
            throw failure("\(source): \(error is CocoaError ? "cannot be read" : "\(error)")")
        }
        let previous: SyncState?
        do {
            previous = try SyncState.read(statePath)
        } catch {
            throw failure(error.description)
        }
        let collection = to.hasSuffix("/") ? to : to + "/"
        if let previous, previous.collection != collection {
            throw failure(
                "\(statePath) is the state of another calendar (\(HTTPFetcher.display(previous.collection))); give this calendar its own --state"
            )
        }
        let password = try readPassword()
        if !collection.lowercased().hasPrefix("https:"), !isLoopback(collection) {
            Terminal.write(
                Terminal.styled("warning:", .warning)
                    + " \(Terminal.safe(HTTPFetcher.display(collection))) is http: the password goes in clear\n")
        }
        let client = CalDAVClient(collection: collection, user: user, password: password, timeout: timeout)
        let name = (source as NSString).lastPathComponent
        let digest = SyncState.digest(ofSource: bytes)
        let version = manifestVersion()
        func requests() -> String {
            let count = client.http.counter.count
            return "\(count) request\(count == 1 ? "" : "s")"
        }
        if let previous, let saved = previous.tags, previous.mayBeUnchanged(sourceDigest: digest, sourceVersion: version) {
            // The cheap way: one PROPFIND of the collection's tags, and nothing more when they did not move.
            do {
                if let tags = try client.tags(), tags.unchanged(since: saved) {
                    print(
                        Terminal.safe(
                            "\(name) → \(client.shown): nothing changed, the source and the calendar are as last synced (0 writes, \(requests()))"
                        ))
                    return
                }
            } catch {
                throw failure(error.description)
            }
        }
        let listing: [String: String]
        let listedTags: CollectionTags
        do {
            (listing, listedTags) = try client.listingAndTags()
        } catch {
            throw failure(error.description)
        }
        let policy: SyncPolicy = keepEdited ? .keepEdited : .calgenWins
        var start = previous ?? SyncState(collection: collection)
        // Tags are saved only at the end of a sync that completed.
        start.tags = nil
        let plan = SyncPlan(events: events, state: start, listing: listing, policy: policy)
        for line in plan.kept { print(Terminal.safe("kept: " + line)) }
        if !dryRun, !allowDeletions, plan.deletesMost(of: start, sourceEvents: events.count) {
            let refusal = failure(
                "\(name) has \(events.count) events and would delete \(plan.count(.delete)) of the \(start.events.count) calgen wrote; nothing was sent"
            )
            Terminal.write(
                "  fix: check that the feed is complete (a failed build, another feed's path); if the events are really gone, run again with --allow-deletions\n"
            )
            throw refusal
        }
        if dryRun {
            print(
                Terminal.safe(
                    "dry run: \(name) → \(client.shown): \(plan.count(.add)) to add, \(plan.count(.change)) to change, "
                        + "\(plan.count(.delete)) to delete, \(plan.unchanged) unchanged; nothing written"))
            return
        }
        var finished: SyncState
        let summary: String
        var failed: [String] = []
        var writes = 0
        var keptAny = false
        do {
            let run = try SyncRun(plan: plan, state: start, collection: client, policy: policy) { partial in
                // What was written so far, should the process be killed before the end.
                var partial = partial
                partial.sourceDigest = previous?.sourceDigest
                partial.sourceVersion = previous?.sourceVersion
                save(partial, to: statePath)
            }
            finished = run.state
            failed = run.failed
            writes = run.writes
            keptAny = !run.kept.isEmpty
            summary =
                "synced \(name) into \(client.shown): \(run.added) added, \(run.changed) changed, \(run.deleted) deleted, "
                + "\(plan.unchanged) unchanged (\(run.writes) writes"
        } catch {
            var interrupted = error.state
            interrupted.sourceDigest = previous?.sourceDigest
            interrupted.sourceVersion = previous?.sourceVersion
            save(interrupted, to: statePath)
            throw failure(
                "\(error.error.description) (after \(error.added) added, \(error.changed) changed, \(error.deleted) deleted; "
                    + "\(statePath) keeps what was written)")
        }
        finished.sourceDigest = failed.isEmpty ? digest : previous?.sourceDigest
        finished.sourceVersion = failed.isEmpty ? version : previous?.sourceVersion
        if failed.isEmpty && !keptAny {
            // What the collection's tags are now: those listed when nothing was written, else read
            // again. Not when an event was left as the calendar has it: the next run lists again.
            let tags = writes == 0 ? listedTags : (try? client.tags()) ?? nil
            finished.tags = tags?.isEmpty == false ? tags : nil
        }
        save(finished, to: statePath)
        for line in failed { Terminal.write(Terminal.styled("error:", .error) + " \(Terminal.safe(line))\n") }
        print(Terminal.safe(summary + ", \(requests()))"))
        if !failed.isEmpty { throw ExitCode.failure }
    }

    /// `--state`, or the default beside the source; a state inside a build's output would be
    /// lost with the next build and published with the site.
    private func resolveStatePath() throws -> String {
        let output = buildOutput(containing: state ?? source)
        if let output {
            throw failure(
                (state == nil
                    ? "\(source) lies in a build's output (\(output)), which the next build replaces and a publish uploads: the sync state cannot be kept beside it"
                    : "--state \(state!) lies in a build's output (\(output)), which the next build replaces and a publish uploads")
                    + "\n    fix: give --state a file outside the output, such as `--state \((source as NSString).lastPathComponent).sync-state.json`"
            )
        }
        return state ?? source + ".sync-state.json"
    }

    /// The build output directory `path` lies in: the nearest folder above it that calgen wrote
    /// (its manifest.json, or the build state beside it).
    private func buildOutput(containing path: String) -> String? {
        var folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        while true {
            if OutputGuard.isCalgenOutput(folder.path) { return folder.path }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    private func readPassword() throws -> String {
        if let passwordFile {
            guard let data = FileManager.default.contents(atPath: passwordFile) else {
                throw failure("--password-file \(passwordFile) cannot be read")
            }
            var text = String(decoding: data, as: UTF8.self)
            if text.hasSuffix("\n") { text.removeLast() }
            if text.hasSuffix("\r") { text.removeLast() }
            guard !text.isEmpty else { throw failure("--password-file \(passwordFile) is empty") }
            return text
        }
        if let password = ProcessInfo.processInfo.environment["CALGEN_CALDAV_PASSWORD"], !password.isEmpty {
            return password
        }
        throw failure(
            "no password for \(user)\n    fix: give --password-file, or set CALGEN_CALDAV_PASSWORD; a password is never an option"
        )
    }

    /// The version in the feed manifest beside the source (`<id>.json`), if there is one.
    private func manifestVersion() -> Int? {
        let manifest = (source as NSString).deletingPathExtension + ".json"
        guard let data = FileManager.default.contents(atPath: manifest),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["version"] as? Int
    }

    private func isLoopback(_ url: String) -> Bool {
        guard let host = URLComponents(string: url)?.host else { return false }
        return host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]"
    }

    private func save(_ state: SyncState, to path: String) {
        do {
            try state.write(path)
        } catch {
            Terminal.write(Terminal.styled("error:", .error) + " \(Terminal.safe(error.description))\n")
        }
    }

    /// Prints `message` as an error; the exit status to throw.
    private func failure(_ message: String) -> ExitCode {
        Terminal.write(Terminal.styled("error:", .error) + " \(Terminal.safe(message))\n")
        return .failure
    }
}
