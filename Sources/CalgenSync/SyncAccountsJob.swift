import CalgenCore
import CalgenModel
import Foundation

/// Publisher mode of `calgen sync`: every account of an accounts file synced from its personal
/// feed in a build, one line each, each within its own time limit; the others go on when one fails.
package struct SyncAccountsJob {
    var file: SyncAccounts
    /// The accounts file, as named in messages.
    var path: String
    /// The build output, and the content folder it was built from, as named in messages.
    var build: String
    var content: String
    /// Subscriber id → the path of the subscriber's personal feed in the build.
    var feeds: [String: String]
    var options: SyncOptions
    /// `--total-time-limit`: the seconds all the accounts may take together.
    var totalTimeLimit: Double?
    /// Where `password-env` is looked up.
    var environment: [String: String]

    /// The sync of `file`'s accounts from `feeds` (``personalFeeds(of:secret:in:)`` of `build`).
    package init(
        file: SyncAccounts, path: String, build: String, content: String, feeds: [String: String], options: SyncOptions,
        totalTimeLimit: Double?, environment: [String: String]
    ) {
        self.file = file
        self.path = path
        self.build = build
        self.content = content
        self.feeds = feeds
        self.options = options
        self.totalTimeLimit = totalTimeLimit
        self.environment = environment
    }

    /// How the accounts' syncs ended.
    package struct Outcome: Sendable {
        var count: Int
        /// The accounts that failed, or have events that could not be written.
        package var failed: [String] = []
        /// The accounts a time limit stopped or left not begun: a run again continues them.
        package var unfinished: [String] = []

        /// `2 of 3 accounts synced; failed: li-si`.
        package var summary: String {
            "\(count - failed.count - unfinished.count) of \(count) account\(count == 1 ? "" : "s") synced"
                + (unfinished.isEmpty ? "" : "; unfinished (run again to continue): \(unfinished.joined(separator: ", "))")
                + (failed.isEmpty ? "" : "; failed: \(failed.joined(separator: ", "))")
        }
    }

    /// Syncs each account in turn: one line each (a failure as an error), through `say`.
    package func run(say: (SyncNotice) -> Void) -> Outcome {
        var outcome = Outcome(count: file.accounts.count)
        let overall = totalTimeLimit.map { ContinuousClock.now + .milliseconds(Int64($0 * 1000)) }
        for account in file.accounts {
            guard let left = timeLeft(until: overall) else {
                outcome.unfinished.append(account.id)
                say(.line("\(account.id): not begun, the total time limit (--total-time-limit) ran out; run again to continue"))
                continue
            }
            do throws(SyncJob.Failure) {
                let synced = try job(for: account, timeLimit: left).run(say: say)
                say(.line("\(account.id): \(synced.summary)"))
                if synced.failedEvents { outcome.failed.append(account.id) }
            } catch {
                switch error {
                case .unfinished(let message):
                    outcome.unfinished.append(account.id)
                    say(.line("\(account.id): \(message)"))
                case .problem(var diagnostic):
                    outcome.failed.append(account.id)
                    // A problem placed at the account in this file names it already.
                    if diagnostic.file != path { diagnostic.message = "\(account.id): \(diagnostic.message)" }
                    say(.problem(diagnostic))
                }
            }
        }
        return outcome
    }

    /// The seconds an account's sync may take: its own time limit, within what is left of the
    /// total; none when the total ran out.
    private func timeLeft(until overall: ContinuousClock.Instant?) -> Double? {
        guard let overall else { return options.timeLimit }
        let remaining = ContinuousClock.now.duration(to: overall)
        let left = min(
            options.timeLimit, Double(remaining.components.seconds) + Double(remaining.components.attoseconds) * 1e-18)
        return left > 0 ? left : nil
    }

    /// The sync of `account`'s personal feed, with its password.
    private func job(for account: SyncAccounts.Account, timeLimit: Double) throws(SyncJob.Failure) -> SyncJob {
        guard let source = feeds[account.id] else {
            throw SyncJob.Failure.problem(
                Diagnostic(
                    file: path, location: account.location, message: "accounts.\(account.id) is no subscriber of \(content)",
                    fix: "give each account the id of a subscriber (calgen feeds lists them), or --content of the build"))
        }
        guard FileManager.default.fileExists(atPath: source) else {
            throw SyncJob.Failure(
                message: "\(build) has no personal feed of \(account.id) (feeds/…/\(account.id).ics)",
                fix: "build \(build) from the same --content and feed secret as this command")
        }
        var options = options
        options.timeLimit = timeLimit
        return SyncJob(
            source: source, to: account.to, choice: account.choice, user: account.user, password: try password(of: account),
            statePath: (file.stateFolder as NSString).appendingPathComponent("\(account.id).sync-state.json"),
            options: options, linePrefix: "\(account.id): ")
    }

    private func password(of account: SyncAccounts.Account) throws(SyncJob.Failure) -> String {
        guard let variable = account.passwordEnvironment else {
            return try SyncAccounts.readPassword(file: account.passwordFile ?? "")
        }
        guard let value = environment[variable], !value.isEmpty else {
            throw SyncJob.Failure.problem(
                Diagnostic(
                    file: path, location: account.location,
                    message: "no password for \(account.user): the environment variable \(variable) is not set",
                    fix: "set \(variable) in the environment of calgen sync, or give `password-file` instead"))
        }
        return value
    }

    /// Subscriber id → the path of the subscriber's personal feed in `build`, as the build names it
    /// (`feeds/<token>/<id>.ics`, the token from the feed secret): never another file of the same
    /// name, such as a work schedule's feed.
    package static func personalFeeds(of site: Site, secret: FeedSecret, in build: String) -> [String: String] {
        var feeds: [String: String] = [:]
        for subscriber in site.subscribers {
            let path = FeedPath.personal(subscriber.summary, secret: secret)
            feeds[subscriber.id] = (build as NSString).appendingPathComponent(path)
        }
        return feeds
    }
}
