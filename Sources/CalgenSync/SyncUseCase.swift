import CalgenCore
import CalgenLoad
import CalgenModel
import Foundation

/// What `calgen sync` does once its command line is read: one feed into one calendar, or
/// publisher mode's accounts; the command line only parses, prints what ``say`` is given and
/// exits with the status returned. What lies above the Sync room comes in as values: whether a
/// folder is a build's output (the Output room's guard), and the environment.
package struct SyncUseCase {
    /// The process's environment: `CALGEN_CALDAV_PASSWORD`, `XDG_CACHE_HOME`, `password-env`'s.
    package var environment: [String: String]
    /// The home folder, for the default cache folder.
    package var home: String
    /// Whether a folder holds a build's output (manifest.json or build record that calgen wrote).
    package var isBuildOutput: (String) -> Bool
    /// Where what is to be said goes: lines, warnings, errors with their fixes.
    package var say: (SyncNotice) -> Void

    package init(
        environment: [String: String], home: String, isBuildOutput: @escaping (String) -> Bool,
        say: @escaping (SyncNotice) -> Void
    ) {
        self.environment = environment
        self.home = home
        self.isBuildOutput = isBuildOutput
        self.say = say
    }

    /// The exit status of a sync that failed: 1.
    package static let failed: Int32 = 1

    /// A sync of one feed (SOURCE, `--to`, `--user`, …): its exit status, 0 when the calendar
    /// holds the feed, ``SyncJob/unfinished`` when the time limit stopped it, 1 on any problem.
    package func syncFeed(
        source: String, to: String, choice: CalDAVDiscovery.Choice?, user: String, passwordFile: String?, state: String?,
        options: SyncOptions
    ) -> Int32 {
        do throws(SyncJob.Failure) {
            let statePath = try statePath(source: source, to: to, choice: choice, given: state)
            let password = try password(user: user, file: passwordFile)
            let job = SyncJob(
                source: source, to: to, choice: choice, user: user, password: password, statePath: statePath,
                options: options)
            let outcome = try job.run(say: say)
            say(.line(outcome.summary))
            return outcome.failedEvents ? Self.failed : 0
        } catch {
            switch error {
            case .unfinished(let message):
                say(.line(message))
                return SyncJob.unfinished
            case .problem(let diagnostic):
                say(.problem(diagnostic))
                return Self.failed
            }
        }
    }

    /// Publisher mode: every account of the accounts file at `path` synced from its personal feed
    /// in `build` (the feeds found from the content at `content` and the feed secret, as the build
    /// names them), one line each; its exit status, 1 when any failed. An accounts file or a
    /// content that cannot be read, or a secret that does not match the content, throws, for the
    /// command line to print whole.
    package func syncAccounts(
        build: String, accounts path: String, content: String, secret: () throws -> FeedSecret, options: SyncOptions,
        totalTimeLimit: Double?
    ) throws -> Int32 {
        let file = try SyncAccounts.read(path)
        do throws(SyncJob.Failure) {
            try makeStateFolder(of: file)
        } catch {
            if case .problem(let diagnostic) = error { say(.problem(diagnostic)) }
            return Self.failed
        }
        let secret = try secret()
        let site = try ContentLoader(contentDirectory: content).load()
        try secret.check(site, contentDirectory: content)
        let job = SyncAccountsJob(
            file: file, path: path, build: build, content: content,
            feeds: SyncAccountsJob.personalFeeds(of: site, secret: secret, in: build), options: options,
            totalTimeLimit: totalTimeLimit, environment: environment)
        let outcome = job.run(say: say)
        say(.line(outcome.summary))
        if !outcome.failed.isEmpty { return Self.failed }
        return outcome.unfinished.isEmpty ? 0 : SyncJob.unfinished
    }
}
