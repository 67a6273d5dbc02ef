import CalgenCore
import CalgenKit
import Foundation
import Testing

/// The accounts file of publisher mode: what it holds, in its order, and every problem at once.
@Suite struct SyncAccountsTests {
    @Test func accountsAreReadInTheFilesOrder() throws {
        let text = """
            state: states
            accounts:
              zhang-san:
                to: https://dav.example.com/calendars/zhang/work/
                user: zhang
                password-env: CALDAV_ZHANG
              li-si:
                to: https://caldav.fastmail.com/dav/
                create: 上班
                user: li@fastmail.com
                password-file: secrets/li
            """
        let file = try SyncAccounts.parse(text, path: "/ci/accounts.yml")
        #expect(file.stateFolder == "/ci/states")
        #expect(file.accounts.map(\.id) == ["zhang-san", "li-si"])
        #expect(file.accounts[0].choice == nil && file.accounts[0].passwordEnvironment == "CALDAV_ZHANG")
        #expect(file.accounts[1].choice == .create("上班") && file.accounts[1].passwordFile == "/ci/secrets/li")
    }

    @Test func everyProblemIsSaidAndNoPasswordIsTaken() {
        let text = """
            accounts:
              Bad_Id:
                to: https://x/
                user: u
                password-env: P
              zhang-san:
                to: ftp://x/
                user: u
              li-si:
                to: https://x/
                user: u
                password: hunter2
                calendar: A
                create: B
            """
        #expect(throws: ContentErrors.self) { try SyncAccounts.parse(text, path: "a.yml") }
        do {
            _ = try SyncAccounts.parse(text, path: "a.yml")
        } catch {
            // Each at its line and column, with a fix.
            let problems = error.diagnostics.map(\.formatted).joined(separator: "\n")
            #expect(problems.contains("a.yml:2:3: error: \"Bad_Id\" is no subscriber id"), "\(problems)")
            #expect(problems.contains("a.yml:7:9: error: `to` must be the http(s) URL"), "\(problems)")
            #expect(problems.contains("a.yml:12:5: error: unknown key \"password\" for an account"), "\(problems)")
            #expect(problems.contains("give `calendar` or `create`, not both"), "\(problems)")
            #expect(problems.contains("give the password by `password-env`"), "\(problems)")
            #expect(error.diagnostics.allSatisfy { $0.fix != nil && $0.location != nil })
        }
    }

    @Test func aUserAndPasswordInToAreRefusedWithTheirPlaceAndAFix() {
        let text = """
            accounts:
              zhang-san:
                to: https://zhang:s3cret-horse@dav.example.com/calendars/zhang/work/
                user: zhang
                password-env: CALDAV_ZHANG
            """
        do {
            _ = try SyncAccounts.parse(text, path: "accounts.yml")
            Issue.record("a `to` with user info must be refused")
        } catch {
            #expect(error.diagnostics.count == 1)
            let problem = error.diagnostics.first
            let line = problem?.formatted ?? ""
            #expect(line.hasPrefix("accounts.yml:3:9: error: `to` must not carry a user name or password"), "\(line)")
            #expect(problem?.fix?.contains("give the user as `user`") == true && !line.contains("s3cret-horse"), "\(line)")
        }
    }

    @Test func aPasswordFileLosesItsLastLineBreakWhateverItsKind() {
        #expect(SyncAccounts.passwordText("pw\n") == "pw")
        #expect(SyncAccounts.passwordText("pw\r\n") == "pw")
        #expect(SyncAccounts.passwordText("pw\r") == "pw")
        #expect(SyncAccounts.passwordText("pw") == "pw")
        #expect(SyncAccounts.passwordText("pw\n\n") == "pw\n")
        #expect(SyncAccounts.passwordText("p w\t") == "p w\t")
    }

    /// A password file is a regular file of at most 4 KiB: a device or a huge file is refused
    /// with the file named and a fix, never read without end.
    @Test func aPasswordFileIsARegularFileWithinItsLimit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calgen-password-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("pw").path
        try Data("s3cret\n".utf8).write(to: URL(fileURLWithPath: good))
        #expect(try SyncAccounts.readPassword(file: good) == "s3cret")
        let huge = folder.appendingPathComponent("huge").path
        try Data(repeating: 0x61, count: SyncAccounts.maxPasswordBytes + 1).write(to: URL(fileURLWithPath: huge))
        for (file, reason) in [
            (huge, "4097 bytes"), ("/dev/zero", "not a regular file"), (folder.path + "/absent", "cannot be read"),
        ] {
            do {
                _ = try SyncAccounts.readPassword(file: file)
                Issue.record("\(file) was read as a password")
            } catch {
                guard case .problem(let problem) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(problem.message.hasPrefix("password file \(file) cannot be read"), "\(problem.message)")
                #expect(problem.message.contains(reason) && problem.fix?.contains("4096 bytes") == true, "\(problem.message)")
            }
        }
    }
}
