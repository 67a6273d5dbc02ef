import CalgenCore
import Foundation
import Testing

@testable import CalgenSync

/// What the sync use case says and how it stops, before any request is sent: through its notices
/// and failures, which the command line prints.
@Suite struct SyncJobNoticeTests {
    let options = SyncOptions(
        dryRun: false, keepEdited: false, allowDeletions: false, adopt: false, timeout: 5, timeLimit: 60)

    @Test func aStateOfAnotherHostStopsTheSyncWithItsFixAfterTheWarningOfPlainHTTP() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calgen-sync-job-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("a.sync-state.json").path
        try SyncState(collection: "https://dav.example.com/cal/").write(state)
        let job = SyncJob(
            source: folder.appendingPathComponent("a.ics").path, to: "http://other.example.net/cal/", choice: nil,
            user: "u", password: "secret", statePath: state, options: options)
        var notices: [SyncNotice] = []
        #expect {
            _ = try job.run { notices.append($0) }
        } throws: { error in
            guard case .problem(let diagnostic) = error as? SyncJob.Failure else { return false }
            return diagnostic.file == state && diagnostic.location == .jsonPath("collection")
                && diagnostic.message.hasPrefix("names a calendar on another host than --to")
                && diagnostic.fix == "give this calendar its own --state" && diagnostic.severity == .error
        }
        #expect(
            notices == [
                .problem(
                    Diagnostic(.warning, file: "", message: "http://other.example.net/cal/ is http: the password goes in clear"))
            ])
    }

    @Test func accountsThatCannotBeSyncedAreSaidWithTheirIDsAndTheOthersGoOn() {
        let accounts = SyncAccounts(
            stateFolder: "/nonexistent/states",
            accounts: [
                .init(id: "nobody", to: "https://dav.example.com/a/", user: "u", passwordFile: "/nonexistent/pw"),
                .init(id: "li-si", to: "https://dav.example.com/b/", user: "li", passwordEnvironment: "NO_SUCH_VARIABLE"),
            ])
        let job = SyncAccountsJob(
            file: accounts, path: "accounts.yml", build: "public", content: "Content",
            feeds: ["li-si": "/nonexistent/public/feeds/x/li-si.ics"], options: options, totalTimeLimit: nil,
            environment: [:])
        var notices: [SyncNotice] = []
        let outcome = job.run { notices.append($0) }
        #expect(outcome.failed == ["nobody", "li-si"] && outcome.unfinished.isEmpty)
        #expect(outcome.summary == "0 of 2 accounts synced; failed: nobody, li-si")
        let diagnostics = notices.compactMap { notice -> Diagnostic? in
            if case .problem(let diagnostic) = notice { return diagnostic }
            return nil
        }
        #expect(
            diagnostics.map(\.message) == [
                "accounts.nobody is no subscriber of Content",
                "li-si: public has no personal feed of li-si (feeds/…/li-si.ics)",
            ])
        #expect(diagnostics.allSatisfy { $0.severity == .error && $0.fix != nil })
    }

    @Test func accountsNotBegunWithinTheTotalTimeLimitAreUnfinished() {
        let accounts = SyncAccounts(
            stateFolder: "/nonexistent/states",
            accounts: [.init(id: "zhang-san", to: "https://dav.example.com/a/", user: "u", passwordEnvironment: "PW")])
        let job = SyncAccountsJob(
            file: accounts, path: "accounts.yml", build: "public", content: "Content", feeds: [:], options: options,
            totalTimeLimit: 0, environment: [:])
        var notices: [SyncNotice] = []
        let outcome = job.run { notices.append($0) }
        #expect(outcome.unfinished == ["zhang-san"] && outcome.failed.isEmpty)
        #expect(
            notices == [
                .line("zhang-san: not begun, the total time limit (--total-time-limit) ran out; run again to continue")
            ])
        #expect(outcome.summary == "0 of 1 account synced; unfinished (run again to continue): zhang-san")
    }
}
