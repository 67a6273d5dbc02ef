import ArgumentParser
import CalgenKit
import Foundation

/// The `--feed-secret-file` option of the commands that know personal feed URLs.
struct FeedSecretOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "A file holding the secret personal feed URLs are derived from (else CALGEN_FEED_SECRET; never put it in the content).",
            valueName: "path"))
    var feedSecretFile: String?

    /// The secret, or a validation error that names what is wrong.
    func resolve() throws -> FeedSecret {
        do {
            return try FeedSecret.resolve(file: feedSecretFile, environment: ProcessInfo.processInfo.environment["CALGEN_FEED_SECRET"])
        } catch {
            throw ValidationError(error.description)
        }
    }
}
