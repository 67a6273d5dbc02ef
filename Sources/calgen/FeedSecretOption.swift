import ArgumentParser
import CalgenCore
import CalgenModel
import Foundation

/// The `--feed-secret-file` option of the commands that know personal feed URLs.
struct FeedSecretOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "A file holding the secret personal feed URLs are derived from (else CALGEN_FEED_SECRET; never put it in the content).",
            valueName: "path"))
    var feedSecretFile: String?

    /// The secret. Without one, in CI (`CI` set) there is none; locally, a random secret is kept
    /// beside the content directory. A secret that cannot be used is printed as an error with
    /// its fix (no usage lines: the command line was right) and the run exits 1.
    func resolve(contentDirectory: String) throws -> FeedSecret {
        let environment = ProcessInfo.processInfo.environment
        let ci = environment["CI"].map { !["", "0", "false", "no"].contains($0.lowercased()) } ?? false
        let parent = URL(fileURLWithPath: contentDirectory).standardizedFileURL.deletingLastPathComponent().path
        let local =
            parent == FileManager.default.currentDirectoryPath
            ? FeedSecret.localFileName : parent + "/" + FeedSecret.localFileName
        do {
            return try FeedSecret.resolve(
                file: feedSecretFile, environment: environment["CALGEN_FEED_SECRET"], isCI: ci, localFile: local)
        } catch {
            DiagnosticPrinter.print(
                ContentErrors(Diagnostic(file: "", message: error.description, fix: error.fix)), outputDirectory: nil)
            throw ExitCode.failure
        }
    }
}
