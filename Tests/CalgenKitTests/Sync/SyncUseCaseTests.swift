import CalgenCore
import Foundation
import Testing

@testable import CalgenSync

/// `calgen sync`'s use case without the command line: where the state goes, where the password
/// comes from, and what ends a sync before any request, all said as notices with exit statuses.
@Suite struct SyncUseCaseTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calgen-sync-use-\(UUID().uuidString)").path

    func useCase(_ environment: [String: String] = [:], outputs: Set<String> = [], notices: Notices) -> SyncUseCase {
        SyncUseCase(
            environment: environment, home: folder + "/home", isBuildOutput: { outputs.contains($0) },
            say: { notices.add($0) })
    }

    final class Notices: @unchecked Sendable {
        var all: [SyncNotice] = []
        func add(_ notice: SyncNotice) { all.append(notice) }
        var problems: [Diagnostic] {
            all.compactMap {
                if case .problem(let problem) = $0 { return problem }
                return nil
            }
        }
    }

    let options = SyncOptions(dryRun: true, keepEdited: false, allowDeletions: false, adopt: false, timeout: 5, timeLimit: 5)

    @Test func theStateGoesBesideAFileOrIntoTheCacheAndNeverIntoABuild() throws {
        let notices = Notices()
        let sync = useCase(["XDG_CACHE_HOME": folder + "/cache"], outputs: [folder + "/public"], notices: notices)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(
            try sync.statePath(source: "feed.ics", to: "https://dav.example.com/c/", choice: nil, given: nil)
                == "feed.ics.sync-state.json")
        let cached = try sync.statePath(
            source: "https://example.com/f.ics", to: "https://dav.example.com/c/", choice: nil, given: nil)
        #expect(cached.hasPrefix(folder + "/cache/calgen/sync/") && cached.hasSuffix(".sync-state.json"))
        do {
            _ = try sync.statePath(
                source: folder + "/public/feeds/t/a.ics", to: "https://dav.example.com/c/", choice: nil, given: nil)
            Issue.record("a state inside a build's output")
        } catch {
            #expect(error.message.contains("lies in a build's output (\(folder)/public)"), "\(error.message)")
        }
    }

    @Test func noPasswordEndsTheSyncBeforeAnyRequestWithStatusOne() {
        let notices = Notices()
        let status = useCase(notices: notices).syncFeed(
            source: "feed.ics", to: "http://127.0.0.1:9/dav/", choice: nil, user: "wang", passwordFile: nil, state: nil,
            options: options)
        #expect(status == 1)
        #expect(notices.problems.map(\.message) == ["no password for wang"])
        #expect(notices.problems.first?.fix?.contains("CALGEN_CALDAV_PASSWORD") == true)
        let withPassword = Notices()
        let sync = useCase(["CALGEN_CALDAV_PASSWORD": "pw"], notices: withPassword)
        #expect((try? sync.password(user: "wang", file: nil)) == "pw")
    }
}
