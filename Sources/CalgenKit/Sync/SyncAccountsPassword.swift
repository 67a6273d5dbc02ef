import Foundation

extension SyncAccounts {
    /// The password in `file` (`--password-file`, or an account's `password-file`), without its
    /// last line break.
    package static func readPassword(file: String) throws(SyncJob.Failure) -> String {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw SyncJob.Failure(message: "password file \(file) cannot be read")
        }
        let text = passwordText(String(decoding: data, as: UTF8.self))
        guard !text.isEmpty else { throw SyncJob.Failure(message: "password file \(file) is empty") }
        return text
    }
}
