import CalgenCore
import Foundation
import Testing

@testable import CalgenSync

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

    /// The problems of `text` as `file:line:column: error: message` lines, with their fixes.
    func problems(_ text: String) -> [Diagnostic] {
        do {
            _ = try SyncAccounts.parse(text, path: "accounts.yml")
            Issue.record("accepted: \(text)")
            return []
        } catch {
            #expect(error.diagnostics.allSatisfy { $0.fix != nil && $0.location != nil }, "\(error.diagnostics)")
            return error.diagnostics
        }
    }

    /// Hostile or mistaken files: each problem at its place, with a fix, as every other YAML
    /// file of calgen is told (YAMLFields).
    @Test func aMisspelledKeyIsToldWhatItMayMean() {
        let found = problems(
            """
            acounts:
              zhang-san:
                to: https://dav.example.com/zhang/
            """)
        #expect(found.first?.formatted.hasPrefix("accounts.yml:1:1: error: unknown key \"acounts\"") == true, "\(found)")
        #expect(found.first?.fix == "did you mean \"accounts\"?")
        let inAccount = problems(
            """
            accounts:
              zhang-san:
                to: https://dav.example.com/zhang/
                user: zhang
                pasword-env: CALDAV_ZHANG
            """)
        let unknown = inAccount.first { $0.message.hasPrefix("unknown key \"pasword-env\"") }
        #expect(unknown?.formatted.hasPrefix("accounts.yml:5:5:") == true && unknown?.fix == "did you mean \"password-env\"?")
    }

    @Test func aValueOfTheWrongKindIsRefusedAtItsPlace() {
        let found = problems(
            """
            state: [a, b]
            accounts:
              zhang-san:
                to: [https://dav.example.com/zhang/]
                user: {name: zhang}
                password-env: CALDAV_ZHANG
            """)
        let lines = found.map(\.formatted).joined(separator: "\n")
        #expect(lines.contains("accounts.yml:1:8: error: \"state\" must be a non-empty text value"), "\(lines)")
        #expect(lines.contains("accounts.yml:4:9: error: \"to\" must be a non-empty text value"), "\(lines)")
        #expect(lines.contains("accounts.yml:5:11: error: \"user\" must be a non-empty text value"), "\(lines)")
        let notAMapping = problems("accounts:\n  - zhang-san\n")
        #expect(
            notAMapping.first?.formatted.hasPrefix(
                "accounts.yml:2:3: error: `accounts:` must map each subscriber's id to an account, not a list") == true,
            "\(notAMapping)")
        let aList = problems("- accounts\n")
        #expect(aList.first?.formatted.hasPrefix("accounts.yml:1:1: error: expected the accounts file as a mapping") == true)
    }

    @Test func anAccountNamedTwiceIsRefusedWithItsLine() {
        let found = problems(
            """
            accounts:
              zhang-san:
                to: https://dav.example.com/zhang/
                user: zhang
                password-env: A
              zhang-san:
                to: https://evil.example.net/
                user: zhang
                password-env: A
            """)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("\"zhang-san\" appears twice") == true, "\(found)")
        #expect(found.first?.location != nil)
    }

    /// The file is read as every file a command names: a regular file within 1 MiB; a huge file,
    /// a pipe with no writer or a device is refused at once, never read without end.
    @Test func aHugeFileOrAPipeIsRefusedUnread() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calgen-accounts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let huge = folder.appendingPathComponent("huge.yml").path
        var text = "accounts:\n"
        while text.utf8.count <= SyncAccounts.maxBytes { text += "  # " + String(repeating: "x", count: 1000) + "\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: huge))
        let pipe = folder.appendingPathComponent("pipe.yml").path
        #expect(mkfifo(pipe, 0o600) == 0)
        for (file, reason) in [
            (huge, "the limit for this kind of file is 1048576"), (pipe, "not a regular file"),
            ("/dev/zero", "not a regular file"),
        ] {
            let started = ContinuousClock.now
            do {
                _ = try SyncAccounts.read(file)
                Issue.record("\(file) was read")
            } catch {
                #expect(error.diagnostics.first?.message.contains(reason) == true, "\(error.diagnostics)")
                #expect(error.diagnostics.first?.fix != nil)
            }
            #expect(ContinuousClock.now - started < .seconds(5))
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
                #expect(problem.file == file, "\(problem)")
                #expect(problem.message.hasPrefix("the password file cannot be read"), "\(problem.message)")
                #expect(problem.message.contains(reason) && problem.fix?.contains("4096 bytes") == true, "\(problem.message)")
            }
        }
    }
}
