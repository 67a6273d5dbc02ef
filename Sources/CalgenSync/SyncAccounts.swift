import CalgenCore
import CalgenLoad
import Foundation

/// The accounts file of publisher mode (`calgen sync --build public/ --accounts accounts.yml`):
/// for each subscriber, the calendar their personal feed is written into and how to log in.
/// Passwords are never in the file: each account names an environment variable or a file.
///
/// ```yaml
/// state: sync-state/            # the state folder, beside this file unless absolute
/// accounts:
///   zhang-san:                  # the subscriber's id: feeds/<token>/zhang-san.ics of the build
///     to: https://dav.example.com/calendars/zhang/work/
///     user: zhang
///     password-env: CALDAV_PASSWORD_ZHANG
///   li-si:
///     to: https://caldav.fastmail.com/dav/
///     create: 上班               # or calendar: NAME, to find it by name
///     user: li@fastmail.com
///     password-file: /run/secrets/li-si
/// ```
package struct SyncAccounts: Equatable, Sendable {
    package struct Account: Equatable, Sendable {
        package var id: String
        package var to: String
        package var user: String
        /// The calendar to find (`calendar`) or make (`create`) from `to`; `nil` when `to` is it.
        package var choice: CalDAVDiscovery.Choice?
        package var passwordEnvironment: String?
        package var passwordFile: String?
        /// Where the account is in the file (its id's line and column), for messages.
        package var location: Diagnostic.Location?
    }

    /// The folder the state files are kept in (`<id>.sync-state.json`).
    package var stateFolder: String
    /// In the file's order.
    package var accounts: [Account]

    /// A password file's text without its last line break (`\n`, `\r\n` or `\r`): by Unicode
    /// scalars, as `"\r\n"` is one Character that `hasSuffix("\n")` does not see.
    package static func passwordText(_ text: String) -> String {
        var scalars = text.unicodeScalars
        if scalars.last == "\n" { scalars.removeLast() }
        if scalars.last == "\r" { scalars.removeLast() }
        return String(scalars)
    }

    static let accountKeys = ["to", "user", "calendar", "create", "password-env", "password-file"]

    /// The largest accounts file read.
    package static let maxBytes = 1 << 20

    /// Reads the file at `path` (a regular file of at most `maxBytes`, UTF-8) and parses it.
    package static func read(_ path: String) throws(ContentErrors) -> SyncAccounts {
        try parse(FileReader.readText(path, root: "/", limit: maxBytes), path: path)
    }

    /// Reads `text`, the file at `path` (relative paths in it are read from its folder). Every
    /// problem is a diagnostic with its line and column and a fix, all of them at once.
    package static func parse(_ text: String, path: String) throws(ContentErrors) -> SyncAccounts {
        let folder = (path as NSString).deletingLastPathComponent
        func absolute(_ p: String) -> String {
            p.hasPrefix("/") || folder.isEmpty ? p : (folder as NSString).appendingPathComponent(p)
        }
        let example = "accounts:\n  zhang-san:\n    to: https://dav.example.com/calendars/zhang/work/\n    …"
        guard let root = try YAMLDocument.parse(text, file: path) else {
            throw ContentErrors(Diagnostic(file: path, message: "the accounts file is empty", fix: "write `\(example)`"))
        }
        var top = try YAMLFields(root, file: path, what: "the accounts file")
        top.rejectUnknownKeys(allowed: ["state", "accounts"])
        let state = top.string("state", example: "sync-state/") ?? "sync-state"
        guard let listed = top.node("accounts"), case .mapping(let list) = listed, !list.isEmpty else {
            let given = top.node("accounts").map(YAMLFields.describe)
            let problem =
                given == nil || given == "a mapping"
                ? "`accounts:` lists no account"
                : "`accounts:` must map each subscriber's id to an account, not \(given ?? "")"
            top.report("accounts", problem, fix: "write `\(example)`")
            throw ContentErrors(top.problems)
        }
        var problems = top.problems
        var accounts: [Account] = []
        for (key, value) in list {
            let id = key.string ?? ""
            let at = Diagnostic.Location.line(key.mark?.line ?? 1, column: key.mark?.column ?? 1)
            guard id.range(of: #"^[a-z0-9][a-z0-9-]*$"#, options: .regularExpression) != nil else {
                problems.append(
                    Diagnostic(
                        file: path, location: at, message: "\"\(id)\" is no subscriber id",
                        fix: "name the account by the subscriber's id: lower-case letters, digits and -"))
                continue
            }
            var fields: YAMLFields
            do {
                fields = try YAMLFields(value, file: path, what: "the account \(id)")
            } catch {
                problems += error.diagnostics
                continue
            }
            let read = account(id, fields: &fields, absolute: absolute)
            problems += read.problems
            if var account = read.account {
                account.location = at
                accounts.append(account)
            }
        }
        guard problems.isEmpty else { throw ContentErrors(problems) }
        return SyncAccounts(stateFolder: absolute(state), accounts: accounts)
    }

    /// One account's fields, or its problems.
    private static func account(_ id: String, fields: inout YAMLFields, absolute: (String) -> String)
        -> (account: Account?, problems: [Diagnostic])
    {
        fields.rejectUnknownKeys(allowed: accountKeys, what: "an account")
        let to = fields.string("to", required: true, example: "https://dav.example.com/calendars/\(id)/work/")
        if let to, !HTTPFetcher.isHTTP(to) {
            fields.report("to", "`to` must be the http(s) URL of the calendar or of the server", fix: "write `to: https://…`")
        } else if let to, TextRules.hasUserInfo(to) {
            fields.report(
                "to", "`to` must not carry a user name or password (\(HTTPFetcher.display(to)))",
                fix: "give the user as `user` and the password by `password-env` or `password-file`")
        }
        let user = fields.string("user", required: true, example: id)
        let calendar = fields.string("calendar")
        let create = fields.string("create")
        if calendar != nil && create != nil {
            fields.report("create", "give `calendar` or `create`, not both", fix: "keep the one you mean")
        }
        let environment = fields.string("password-env")
        let file = fields.string("password-file").map(absolute)
        if (environment == nil) == (file == nil) {
            fields.report(
                nil, "give the password by `password-env` (an environment variable's name) or by `password-file`, one of them",
                fix: "e.g. `password-env: CALDAV_PASSWORD_\(id.uppercased().replacingOccurrences(of: "-", with: "_"))`")
        }
        guard fields.problems.isEmpty, let to, let user else { return (nil, fields.problems) }
        let choice = create.map(CalDAVDiscovery.Choice.create) ?? calendar.map(CalDAVDiscovery.Choice.named)
        return (
            Account(id: id, to: to, user: user, choice: choice, passwordEnvironment: environment, passwordFile: file), []
        )
    }
}
