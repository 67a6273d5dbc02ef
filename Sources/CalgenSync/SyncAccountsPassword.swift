import CalgenCore
import CalgenLoad
import Foundation

extension SyncAccounts {
    /// The largest password file read.
    package static let maxPasswordBytes = 4096

    /// The password in `file` (`--password-file`, or an account's `password-file`), without its
    /// last line break.
    /// A regular file of at most `maxPasswordBytes` (a pipe or a device is refused unopened).
    package static func readPassword(file: String) throws(SyncJob.Failure) -> String {
        let bytes: [UInt8]
        do throws(ContentErrors) {
            bytes = try FileReader.readBytes(file, root: "/", limit: maxPasswordBytes)
        } catch {
            let why = error.diagnostics.first.map { ": " + $0.message } ?? ""
            throw SyncJob.Failure.problem(
                Diagnostic(
                    file: file, message: "the password file cannot be read\(why)",
                    fix: "give a regular file of at most \(maxPasswordBytes) bytes that holds the password alone"))
        }
        let text = passwordText(String(decoding: bytes, as: UTF8.self))
        guard !text.isEmpty else {
            throw SyncJob.Failure.problem(
                Diagnostic(file: file, message: "the password file is empty", fix: "write the password into it, alone"))
        }
        return text
    }
}
