import ArgumentParser
import CalgenCore
import CalgenKit
import CalgenModel
import Foundation

extension SyncCommand {
    /// Publisher mode: every account of `accounts` synced from its personal feed in `build`
    /// (``SyncAccountsJob``), one line each; the exit status is 1 when any failed.
    func runAccounts(build: String, accounts path: String) throws {
        let file = try readAccounts(path)
        let feeds: [String: String]
        do {
            let secret = try secretOption.resolve(contentDirectory: contentOption.content)
            let site = try ContentLoader(contentDirectory: contentOption.content).load()
            try secret.check(site, contentDirectory: contentOption.content)
            feeds = SyncAccountsJob.personalFeeds(of: site, secret: secret, in: build)
        } catch {
            DiagnosticPrinter.print(error, outputDirectory: nil)
            throw ExitCode.failure
        }
        let job = SyncAccountsJob(
            file: file, path: path, build: build, content: contentOption.content, feeds: feeds, options: options,
            totalTimeLimit: totalTimeLimit, environment: ProcessInfo.processInfo.environment)
        let outcome = job.run(say: Self.say)
        print(outcome.summary)
        if !outcome.failed.isEmpty { throw ExitCode.failure }
        if !outcome.unfinished.isEmpty { throw ExitCode(SyncJob.unfinished) }
    }

    /// The accounts file, with its state folder made (outside any build's output).
    private func readAccounts(_ path: String) throws -> SyncAccounts {
        let file: SyncAccounts
        do throws(ContentErrors) {
            file = try SyncAccounts.read(path)
        } catch {
            DiagnosticPrinter.print(error, outputDirectory: nil)
            throw ExitCode.failure
        }
        if let output = Self.buildOutput(containing: (file.stateFolder as NSString).appendingPathComponent("x")) {
            throw failure(
                "the state folder \(file.stateFolder) lies in a build's output (\(output)), which the next build replaces and a publish uploads"
            )
        }
        do {
            try FileManager.default.createDirectory(
                atPath: file.stateFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw failure("\(file.stateFolder): cannot be made")
        }
        return file
    }
}
