import Foundation

/// The password of a CalDAV account, read from a file.
package enum SyncPassword {
    /// The password in `file`, without its last line break.
    package static func read(file: String) throws(SyncJob.Failure) -> String {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw SyncJob.Failure(message: "password file \(file) cannot be read")
        }
        let text = SyncAccounts.passwordText(String(decoding: data, as: UTF8.self))
        guard !text.isEmpty else { throw SyncJob.Failure(message: "password file \(file) is empty") }
        return text
    }
}
