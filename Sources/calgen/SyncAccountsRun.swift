import ArgumentParser
import CalgenCore
import CalgenKit
import CalgenModel
import Foundation

extension SyncCommand {
    /// Publisher mode: every account of `accounts` synced from its personal feed in `build`, one
    /// line each; the others go on when one fails, and the exit status is 1 when any failed.
    func runAccounts(build: String, accounts path: String) throws {
        let file: SyncAccounts
        do throws(ContentErrors) {
            file = try SyncAccounts.read(path)
        } catch {
            DiagnosticPrinter.print(error, outputDirectory: nil)
            throw ExitCode.failure
        }
        if let output = Self.buildOutput(containing: (file.stateFolder as NSString).appendingPathComponent("x")) {
            Terminal.write(
                Terminal.styled("error:", .error)
                    + " \(Terminal.safe("the state folder \(file.stateFolder) lies in a build's output (\(output)), which the next build replaces and a publish uploads"))\n"
            )
            throw ExitCode.failure
        }
        do {
            try FileManager.default.createDirectory(
                atPath: file.stateFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            Terminal.write(Terminal.styled("error:", .error) + " \(Terminal.safe("\(file.stateFolder): cannot be made"))\n")
            throw ExitCode.failure
        }
        let feeds: [String: String]
        do {
            let secret = try secretOption.resolve(contentDirectory: contentOption.content)
            let site = try ContentLoader(contentDirectory: contentOption.content).load()
            try secret.check(site, contentDirectory: contentOption.content)
            feeds = Self.personalFeeds(of: site, secret: secret, in: build)
        } catch {
            DiagnosticPrinter.print(error, outputDirectory: nil)
            throw ExitCode.failure
        }
        var failedIDs: [String] = []
        var unfinishedIDs: [String] = []
        let overall = totalTimeLimit.map { ContinuousClock.now + .milliseconds(Int64($0 * 1000)) }
        for account in file.accounts {
            var left = timeLimit
            if let overall {
                let remaining = ContinuousClock.now.duration(to: overall)
                left = min(left, Double(remaining.components.seconds) + Double(remaining.components.attoseconds) * 1e-18)
                guard left > 0 else {
                    unfinishedIDs.append(account.id)
                    print(
                        Terminal.safe(
                            "\(account.id): not begun, the total time limit (--total-time-limit) ran out; run again to continue"))
                    continue
                }
            }
            do throws(SyncJob.Failure) {
                guard let source = feeds[account.id] else {
                    throw SyncJob.Failure(
                        message: "\(path): accounts.\(account.id) is no subscriber of \(contentOption.content)",
                        fix: "give each account the id of a subscriber (calgen feeds lists them), or --content of the build")
                }
                guard FileManager.default.fileExists(atPath: source) else {
                    throw SyncJob.Failure(
                        message: "\(build) has no personal feed of \(account.id) (feeds/…/\(account.id).ics)",
                        fix: "build \(build) from the same --content and feed secret as this command")
                }
                let password: String
                if let variable = account.passwordEnvironment {
                    guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else {
                        throw SyncJob.Failure(
                            message: "no password for \(account.user): the environment variable \(variable) is not set")
                    }
                    password = value
                } else {
                    password = try Self.readPassword(file: account.passwordFile ?? "")
                }
                let job = SyncJob(
                    source: source, to: account.to, choice: account.choice, user: account.user, password: password,
                    statePath: (file.stateFolder as NSString).appendingPathComponent("\(account.id).sync-state.json"),
                    dryRun: dryRun, keepEdited: keepEdited, allowDeletions: allowDeletions, adopt: adopt, timeout: timeout,
                    totalTimeout: left, linePrefix: "\(account.id): ")
                let outcome = try job.run()
                print(Terminal.safe("\(account.id): \(outcome.summary)"))
                if outcome.failedEvents { failedIDs.append(account.id) }
            } catch  where error.unfinished {
                unfinishedIDs.append(account.id)
                print(Terminal.safe("\(account.id): \(error.message)"))
            } catch {
                failedIDs.append(account.id)
                let line = Terminal.safe("\(account.id): \(error.message)")
                Terminal.write(Terminal.styled("error:", .error) + " " + line + "\n")
                if let fix = error.fix { Terminal.write("  fix: " + Terminal.safe(fix) + "\n") }
            }
        }
        let done = file.accounts.count - failedIDs.count - unfinishedIDs.count
        print(
            "\(done) of \(file.accounts.count) account\(file.accounts.count == 1 ? "" : "s") synced"
                + (unfinishedIDs.isEmpty ? "" : "; unfinished (run again to continue): \(unfinishedIDs.joined(separator: ", "))")
                + (failedIDs.isEmpty ? "" : "; failed: \(failedIDs.joined(separator: ", "))"))
        if !failedIDs.isEmpty { throw ExitCode.failure }
        if !unfinishedIDs.isEmpty { throw ExitCode(SyncJob.unfinished) }
    }

    /// Subscriber id → the path of the subscriber's personal feed in `build`, as the build names it
    /// (`feeds/<token>/<id>.ics`, the token from the feed secret): never another file of the same
    /// name, such as a work schedule's feed.
    static func personalFeeds(of site: Site, secret: FeedSecret, in build: String) -> [String: String] {
        var feeds: [String: String] = [:]
        for subscriber in site.subscribers {
            feeds[subscriber.id] = (build as NSString).appendingPathComponent(FeedPath.personal(subscriber, secret: secret))
        }
        return feeds
    }
}
