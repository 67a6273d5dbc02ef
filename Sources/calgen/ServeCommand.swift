import ArgumentParser
import CalgenCore
import CalgenKit
import CalgenServe
import Dispatch
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build, serve the site on 127.0.0.1, and rebuild when the content or templates change.",
        discussion: """
            Builds into a temporary directory (never the published output) and serves it with the \
            right content types, index.html for folders and the site's 404.html for misses. Content/ \
            and Templates/ are polled; after a good rebuild open pages reload by themselves; while a \
            rebuild is broken its errors are printed and the last good build stays served. Stop with Ctrl-C.
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The port (0: any free port).", valueName: "port"))
    var port: Int = 8000

    @Option(name: .long, help: ArgumentHelp("Seconds between checks for changes.", valueName: "seconds"))
    var poll: Double = 0.5

    func validate() throws {
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
        let watcher = SourceWatcher(directories: [site.contentOption.content, site.templates])
        var fingerprint = watcher.fingerprint()
        build(into: output, server: server, first: true)
        say("Serving on http://127.0.0.1:\(listening)\(sitePath) (Ctrl-C to stop)")
        while true {
            try await Task.sleep(for: .milliseconds(Int(poll * 1000)))
            let now = watcher.fingerprint()
            guard now != fingerprint else { continue }
            // Let an editor finish saving, then build what is there.
            try await Task.sleep(for: .milliseconds(100))
            fingerprint = watcher.fingerprint()
            build(into: output, server: server, first: false)
        }
    }

    nonisolated(unsafe) static var signalSources: [any DispatchSourceSignal] = []

    private func build(into output: String, server: DevServer, first: Bool) {
        do {
            let options = try site.buildOptions(output: output)
            if case .local(let path, created: true) = options.feedSecret.origin {
                say("note: created \(path), the random secret of personal feed URLs in local builds (keep it out of git)")
            }
            let report = try SiteBuilder(options: options).build()
            server.publish(output)
            DiagnosticPrinter.print(warnings: report.warnings.filter { $0.severity == .warning })
            let summary = BuildSummary.text(report, output: "site", verbose: false)
            say((first ? "" : "Rebuilt: ") + summary.replacingOccurrences(of: "Built site/ ", with: "built "))
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
    }
}

/// A line on standard output, unbuffered (serve runs until stopped, often with its output piped).
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
