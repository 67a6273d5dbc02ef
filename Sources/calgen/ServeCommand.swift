import ArgumentParser
import CalgenCore
import CalgenKit
import CalgenLoad
import CalgenServe
import CalgenSupport
import Dispatch
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build, serve the site on 127.0.0.1, and rebuild when the content or templates change.",
        discussion: """
            Keeps the site in memory and serves it with the right content types, index.html for \
            folders and the site's 404.html for misses; feeds and the day API come from a build into a \
            temporary directory (never the published output). Content/ and Templates/ are watched \
            (inotify on Linux) and polled; a \
            change reloads only the files that changed, and open pages reload by themselves; while the \
            content is broken its errors are printed and shown over every page, and the last good build \
            stays served. Stop with Ctrl-C.
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The port (0: any free port).", valueName: "port"))
    var port: Int = 8000

    @Option(
        name: .long,
        help: ArgumentHelp("Seconds between looks for changes the system did not report (0.05–60).", valueName: "seconds"))
    var poll: Double = 0.5

    /// The accepted `--poll` intervals, in seconds: not so short that it spins a core, not so
    /// long that a change seems lost.
    static let pollSeconds = 0.05...60.0

    func validate() throws {
        guard poll.isFinite, ServeCommand.pollSeconds.contains(poll) else {
            throw ValidationError(
                "--poll takes seconds from \(ServeCommand.pollSeconds.lowerBound) to \(Int(ServeCommand.pollSeconds.upperBound)), not \(poll)",
                fix: "e.g. --poll 0.5 (the default)")
        }
        if site.previousSite != nil {
            throw ValidationError("--previous-site is for build and check, not serve")
        }
    }

    func run() async throws {
        let sitePath = (try? ContentLoader(contentDirectory: site.contentOption.content).loadConfig().sitePath) ?? "/"
        // Only this user may read the build: personal feeds' paths are their secret.
        let scratch: String
        do {
            scratch = try PrivateDirectory.create(
                in: FileManager.default.temporaryDirectory.path, prefix: "calgen-serve-\(getpid())-")
        } catch {
            throw ValidationError("\(error)", fix: "set TMPDIR to a folder of your own")
        }
        let output = scratch + "/site"
        let server: DevServer
        let listening: Int
        do {
            server = try DevServer(port: port, sitePath: sitePath)
            listening = try await server.start()
        } catch {
            try? FileManager.default.removeItem(atPath: scratch)
            throw ValidationError(
                "cannot serve on 127.0.0.1:\(port): \(error)", fix: "choose another --port (0 picks a free one)")
        }
        for signal in [SIGINT, SIGTERM] {
            Foundation.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
            source.setEventHandler {
                say("\nStopped.")
                try? FileManager.default.removeItem(atPath: scratch)
                Foundation.exit(0)
            }
            source.resume()
            ServeCommand.signalSources.append(source)
        }
        let options = try site.buildOptions(output: output)
        if case .local(let path, created: true) = options.feedSecret.origin {
            say("note: created \(path), the random secret of personal feed URLs in local builds (keep it out of git)")
        }
        let resident = ResidentSite(options: options)
        // Changes are told by the kernel where it can (Linux), with the folders they happened in,
        // and looked for at every poll in any case; an editor's save is let finish (20 ms without
        // another change, or two looks that agree) before the content is loaded again. The
        // watcher starts before the first load, so that no change after it goes untold.
        let watcher = SourceWatcher(roots: [options.contentDirectory, options.templatesDirectory])
        var fingerprint = resident.sourcesFingerprint()
        let builds = OutputBuilds(resident: resident)
        if reload(resident, server: server, first: true) { builds.request(first: true) }
        say("Serving on http://127.0.0.1:\(listening)\(sitePath) (Ctrl-C to stop)")
        while true {
            if let watcher {
                let told = await withCheckedContinuation { done in
                    DispatchQueue.global().async { done.resume(returning: watcher.wait(timeout: poll, quiet: 0.02)) }
                }
                if told {
                    let changed = watcher.takeChanges()
                    if reload(resident, server: server, first: false, changed: changed) { builds.request(first: false) }
                    fingerprint = resident.sourcesFingerprint()
                    // What the kernel did not tell is looked for at once (after the fingerprint, so
                    // that nothing changed between the two goes unseen): a kept listing that is no
                    // longer its folder's has every folder listed again.
                    if changed != nil, !resident.rememberedListingsAreCurrent(),
                        reload(resident, server: server, first: false)
                    {
                        builds.request(first: false)
                    }
                    continue
                }
            } else {
                try await Task.sleep(for: .milliseconds(Int(poll * 1000)))
            }
            let now = resident.sourcesFingerprint()
            guard now != fingerprint else { continue }
            var settled = now
            repeat {
                fingerprint = settled
                try await Task.sleep(for: .milliseconds(20))
                settled = resident.sourcesFingerprint()
            } while settled != fingerprint
            // Found by looking, not told: every folder is listed again.
            if reload(resident, server: server, first: false) { builds.request(first: false) }
        }
    }

    nonisolated(unsafe) static var signalSources: [any DispatchSourceSignal] = []

    /// Loads the content again into the resident site and serves it; false when it has problems
    /// (printed, and shown over every page; the last good generation stays served). `changed`:
    /// the folders the watcher reported changes in (nil: not known, every folder is listed).
    private func reload(_ resident: ResidentSite, server: DevServer, first: Bool, changed: Set<String>? = nil) -> Bool {
        let started = DispatchTime.now()
        do {
            let reload = try resident.reload(changed: changed)
            server.publish(site: ResidentServedSite(site: resident))
            DiagnosticPrinter.print(warnings: reload.warnings)
            if !first {
                let milliseconds = (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000
                let steps = reload.steps.map { "\($0.name) \(DiagnosticPrinter.milliseconds($0.duration))" }
                say("Reloaded in \(milliseconds) ms (\(steps.joined(separator: ", "))); generation \(reload.generation).")
            }
            return true
        } catch let error as ContentErrors {
            DiagnosticPrinter.print(error, outputDirectory: nil)
            server.markFailed(error.diagnostics.map { Terminal.safe($0.formatted) }.joined(separator: "\n"))
            Terminal.write(
                first ? "The site does not build yet; fix the problems above.\n" : "Still serving the last good build.\n")
        } catch let exit as ExitCode {
            // A feed secret that cannot be used: its message is printed already.
            server.markFailed("calgen cannot use the feed secret (exit \(exit.rawValue)): see the terminal")
        } catch {
            DiagnosticPrinter.print(error, outputDirectory: nil)
            server.markFailed(Terminal.safe("\(error)"))
        }
        return false
    }
}

/// The resident site as the preview server reads it.
private struct ResidentServedSite: ServedSite {
    let site: ResidentSite

    func file(_ path: String) -> [UInt8]? { site.file(path) }
    func isFolder(_ path: String) -> Bool { site.isFolder(path) }
}

/// The builds of the output folder behind a resident site (its feeds, day API and manifests), one
/// at a time on a queue of their own. After a change the build starts once the sources have been
/// quiet for `quiet` seconds, so that while someone saves again and again the reloads of the pages
/// they look at do not share the cores with it; a request for one of its files waits for it.
private final class OutputBuilds: @unchecked Sendable {
    let resident: ResidentSite
    private let queue = DispatchQueue(label: "calgen-serve-output", qos: .utility)
    private let lock = NSLock()
    private var latest = 0
    static let quiet = 2.0

    init(resident: ResidentSite) {
        self.resident = resident
    }

    func request(first: Bool) {
        let ticket = lock.withLock {
            latest += 1
            return latest
        }
        queue.asyncAfter(deadline: .now() + (first ? 0 : OutputBuilds.quiet)) { [self, resident] in
            // A later change asked for its own build: this one would be out of date at once.
            guard lock.withLock({ latest }) == ticket else { return }
            do {
                guard let report = try resident.buildOutput() else { return }
                // The reload printed the content's own warnings; the build adds those of its feeds.
                let content = Set(resident.warnings.map(\.formatted))
                DiagnosticPrinter.print(
                    warnings: report.warnings.filter { $0.severity == .warning && !content.contains($0.formatted) })
                let summary = BuildSummary.text(report, output: "site", verbose: false)
                say((first ? "" : "Rebuilt: ") + summary.replacingOccurrences(of: "Built site/ ", with: "built "))
            } catch let error as ContentErrors {
                DiagnosticPrinter.print(error, outputDirectory: nil)
            } catch {
                DiagnosticPrinter.print(error, outputDirectory: nil)
            }
        }
    }
}

/// A line on standard output, unbuffered (serve runs until stopped, often with its output piped).
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
