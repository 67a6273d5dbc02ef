import CalgenCore
import Foundation

extension SyncUseCase {
    /// `--state`, or the default: beside a file source, in the cache folder for a URL; a state
    /// inside a build's output would be lost with the next build and published with the site.
    func statePath(source: String, to: String, choice: CalDAVDiscovery.Choice?, given state: String?)
        throws(SyncJob.Failure) -> String
    {
        if source.contains("://") && state == nil {
            let cache =
                environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? (home as NSString).appendingPathComponent(".cache")
            let folder = ((cache as NSString).appendingPathComponent("calgen") as NSString).appendingPathComponent("sync")
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw SyncJob.Failure(
                    message: "\(folder): cannot make the folder of the sync state (\(error.localizedDescription)); give --state")
            }
            let target = choice.map { "\(to) \($0.name)" } ?? to
            return (folder as NSString).appendingPathComponent(SyncState.cacheName(source: source, target: target))
        }
        if let output = buildOutput(containing: state ?? source) {
            throw SyncJob.Failure(
                message: state.map {
                    "--state \($0) lies in a build's output (\(output)), which the next build replaces and a publish uploads"
                }
                    ?? "\(source) lies in a build's output (\(output)), which the next build replaces and a publish uploads: the sync state cannot be kept beside it",
                fix:
                    "give --state a file outside the output, such as `--state \((source as NSString).lastPathComponent).sync-state.json`"
            )
        }
        return state ?? source + ".sync-state.json"
    }

    /// The build output folder `path` lies in: the nearest folder above it that calgen wrote
    /// (its manifest.json, or the build state beside it).
    func buildOutput(containing path: String) -> String? {
        var folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        while true {
            if isBuildOutput(folder.path) { return folder.path }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// The password of one feed's sync: from `file` (`--password-file`), else
    /// `CALGEN_CALDAV_PASSWORD`; never from the command line.
    func password(user: String, file: String?) throws(SyncJob.Failure) -> String {
        if let file { return try SyncAccounts.readPassword(file: file) }
        if let password = environment["CALGEN_CALDAV_PASSWORD"], !password.isEmpty { return password }
        throw SyncJob.Failure(
            message: "no password for \(user)",
            fix: "give --password-file, or set CALGEN_CALDAV_PASSWORD; a password is never an option")
    }

    /// Makes the state folder of an accounts file (outside any build's output).
    func makeStateFolder(of file: SyncAccounts) throws(SyncJob.Failure) {
        if let output = buildOutput(containing: (file.stateFolder as NSString).appendingPathComponent("x")) {
            throw SyncJob.Failure(
                message:
                    "the state folder \(file.stateFolder) lies in a build's output (\(output)), which the next build replaces and a publish uploads"
            )
        }
        do {
            try FileManager.default.createDirectory(
                atPath: file.stateFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SyncJob.Failure(message: "\(file.stateFolder): cannot be made")
        }
    }
}
