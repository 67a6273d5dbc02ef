import CalgenCore
import Foundation
import Yams

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
    }

    /// The folder the state files are kept in (`<id>.sync-state.json`).
    package var stateFolder: String
    /// In the file's order.
    package var accounts: [Account]

    /// Why the file cannot be used: every problem, one line each.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package let problems: [String]
        package var description: String { problems.joined(separator: "\n") }

        package init(problems: [String]) { self.problems = problems }
    }

    /// A password file's text without its last line break (`\n`, `\r\n` or `\r`): by Unicode
    /// scalars, as `"\r\n"` is one Character that `hasSuffix("\n")` does not see.
    package static func passwordText(_ text: String) -> String {
        var scalars = text.unicodeScalars
        if scalars.last == "\n" { scalars.removeLast() }
        if scalars.last == "\r" { scalars.removeLast() }
        return String(scalars)
    }

    static let accountKeys: Set = ["to", "user", "calendar", "create", "password-env", "password-file"]

    /// Reads `text`, the file at `path` (relative paths in it are read from its folder).
    package static func parse(_ text: String, path: String) throws(Failure) -> SyncAccounts {
        let folder = (path as NSString).deletingLastPathComponent
        func absolute(_ p: String) -> String {
            p.hasPrefix("/") || folder.isEmpty ? p : (folder as NSString).appendingPathComponent(p)
        }
        let root: Any?
        do {
            try YAMLAliasBound.check(text, file: path)
            root = try Yams.load(yaml: text, .basic)
        } catch let error as ContentErrors {
            throw Failure(problems: error.diagnostics.map { $0.formatted + ($0.fix.map { " (fix: \($0))" } ?? "") })
        } catch {
            throw Failure(problems: ["\(path): invalid YAML: \(error)"])
        }
        guard let top = root as? [String: Any] else { throw Failure(problems: ["\(path): not a mapping with `accounts:`"]) }
        var problems: [String] = []
        for key in top.keys.sorted() where key != "state" && key != "accounts" {
            problems.append("\(path): unknown key \"\(key)\" (known: state, accounts)")
        }
        let state = top["state"] as? String ?? "sync-state"
        guard let list = top["accounts"] as? [String: Any], !list.isEmpty else {
            throw Failure(problems: problems + ["\(path): `accounts:` lists no account"])
        }
        // Yams' mapping has no order: the file's order is read back from the text.
        let order = text.split(whereSeparator: \.isNewline).compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let colon = line.firstIndex(of: ":") else { return nil }
            return line[line.startIndex..<colon].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\"", "'"])
        }
        let ids = list.keys.sorted { (order.firstIndex(of: $0) ?? Int.max, $0) < (order.firstIndex(of: $1) ?? Int.max, $1) }
        var accounts: [Account] = []
        for id in ids {
            let at = "\(path): accounts.\(id)"
            guard id.range(of: #"^[a-z0-9][a-z0-9-]*$"#, options: .regularExpression) != nil else {
                problems.append("\(at): a subscriber id is lower-case letters, digits and -")
                continue
            }
            guard let fields = list[id] as? [String: Any] else {
                problems.append("\(at): not a mapping of to, user, password-env or password-file")
                continue
            }
            for key in fields.keys.sorted() where !accountKeys.contains(key) {
                problems.append("\(at): unknown key \"\(key)\" (known: \(accountKeys.sorted().joined(separator: ", ")))")
            }
            let text = { (key: String) in (fields[key] as? String).flatMap { $0.isEmpty ? nil : $0 } }
            guard let to = text("to"), HTTPFetcher.isHTTP(to) else {
                problems.append("\(at): `to` must be the http(s) URL of the calendar or of the server")
                continue
            }
            if TextRules.hasUserInfo(to) {
                problems.append(
                    "\(at): `to` must not carry a user name or password (\(HTTPFetcher.display(to))); fix: give the user as `user` and the password by `password-env` or `password-file`"
                )
                continue
            }
            guard let user = text("user") else {
                problems.append("\(at): `user` is missing")
                continue
            }
            if text("calendar") != nil && text("create") != nil {
                problems.append("\(at): give `calendar` or `create`, not both")
            }
            let choice = text("create").map(CalDAVDiscovery.Choice.create) ?? text("calendar").map(CalDAVDiscovery.Choice.named)
            let environment = text("password-env")
            let file = text("password-file").map(absolute)
            if (environment == nil) == (file == nil) {
                problems.append("\(at): give `password-env` (an environment variable's name) or `password-file`, one of them")
            }
            accounts.append(
                Account(id: id, to: to, user: user, choice: choice, passwordEnvironment: environment, passwordFile: file))
        }
        guard problems.isEmpty else { throw Failure(problems: problems) }
        return SyncAccounts(stateFolder: absolute(state), accounts: accounts)
    }
}
