import ArgumentParser
import CalgenKit
import Foundation

extension SyncCommand {
    /// Publisher mode: every account of `accounts` synced from its personal feed in `build`, one
    /// line each; the others go on when one fails, and the exit status is 1 when any failed.
    func runAccounts(build: String, accounts path: String) throws {
        let file: SyncAccounts
        do throws(SyncAccounts.Failure) {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw SyncAccounts.Failure(problems: ["\(path): cannot be read"])
            }
            file = try SyncAccounts.parse(String(decoding: data, as: UTF8.self), path: path)
        } catch {
            for line in error.problems { Terminal.write(Terminal.styled("error:", .error) + " \(Terminal.safe(line))\n") }
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
        let feeds = Self.personalFeeds(in: build)
        var failedIDs: [String] = []
        for account in file.accounts {
            do throws(SyncJob.Failure) {
                guard let source = feeds[account.id] else {
                    throw SyncJob.Failure(
                        message: "no personal feed \(account.id).ics in \(build)/feeds/: is the id a subscriber of this build?")
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
                    dryRun: dryRun, keepEdited: keepEdited, allowDeletions: allowDeletions, timeout: timeout,
                    linePrefix: "\(account.id): ")
                let outcome = try job.run()
                print(Terminal.safe("\(account.id): \(outcome.summary)"))
                if outcome.failedEvents { failedIDs.append(account.id) }
            } catch {
                failedIDs.append(account.id)
                let line = Terminal.safe("\(account.id): \(error.message)")
                Terminal.write(Terminal.styled("error:", .error) + " " + line + "\n")
                if let fix = error.fix { Terminal.write("  fix: " + Terminal.safe(fix) + "\n") }
            }
        }
        let done = file.accounts.count - failedIDs.count
        print(
            "\(done) of \(file.accounts.count) account\(file.accounts.count == 1 ? "" : "s") synced"
                + (failedIDs.isEmpty ? "" : "; failed: \(failedIDs.joined(separator: ", "))"))
        if !failedIDs.isEmpty { throw ExitCode.failure }
    }

    /// Subscriber id → the personal feed of the build (`feeds/<token>/<id>.ics`).
    static func personalFeeds(in build: String) -> [String: String] {
        let root = (build as NSString).appendingPathComponent("feeds")
        var feeds: [String: String] = [:]
        guard let folders = try? FileManager.default.contentsOfDirectory(atPath: root) else { return feeds }
        for folder in folders.sorted() {
            let path = (root as NSString).appendingPathComponent(folder)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
                let files = try? FileManager.default.contentsOfDirectory(atPath: path)
            else { continue }
            for file in files where file.hasSuffix(".ics") {
                feeds[String(file.dropLast(4))] = (path as NSString).appendingPathComponent(file)
            }
        }
        return feeds
    }
}
