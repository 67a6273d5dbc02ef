import ArgumentParser
import CalgenCore
import CalgenKit
import CalgenModel
import Foundation

/// How `calgen build` and `calgen check` run the pipeline and end.
enum BuildSummary {
    /// Runs `action` with a progress line on a terminal; on failure prints every problem and
    /// exits with status 1 (saying that `keptOutput` was left as it was).
    static func run(
        _ options: BuildOptions, level: OutputLevelOptions, keptOutput: String?, _ action: (SiteBuilder) throws -> BuildReport
    ) throws -> BuildReport {
        var options = options
        let progress = Terminal.progress(enabled: !level.quiet)
        options.progress = progress?.update
        defer { progress?.clear() }
        do {
            return try action(SiteBuilder(options: options))
        } catch let errors as ContentErrors {
            progress?.clear()
            DiagnosticPrinter.print(ContentErrors(options.naming(errors.diagnostics)), outputDirectory: keptOutput)
            throw ExitCode.failure
        } catch {
            progress?.clear()
            DiagnosticPrinter.print(error, outputDirectory: keptOutput)
            throw ExitCode.failure
        }
    }

    static func text(_ report: BuildReport, output: String?, verbose: Bool) -> String {
        let total = report.steps.reduce(Duration.zero) { $0 + $1.duration }
        var what = "\(report.pages) pages, \(report.notes) notes, \(report.feeds) feeds (\(count(report.events)) events)"
        if report.feedsRendered < report.feeds {
            what =
                "\(report.pages) pages, \(report.notes) notes, \(report.feeds) feeds (\(count(report.feedsRendered)) rendered with "
                + "\(count(report.events)) events, \(count(report.feeds - report.feedsRendered)) unchanged)"
        }
        if report.subscribers > 0 { what += " for \(report.subscribers) subscribers" }
        var lines = [String]()
        if let output, let shard = report.shard {
            lines.append(
                "Built shard \(shard) into \(output)/ in \(seconds(total)): \(count(report.feeds)) feeds (\(count(report.events)) events) "
                    + "and \(count(report.pages)) pages for \(count(report.subscribers)) subscribers; "
                    + "\(count(report.filesWritten)) files written (\(megabytes(report.bytesWritten)))")
        } else if let output, report.skipped {
            lines.append(
                "Built \(output)/ in \(seconds(total)): nothing calgen reads changed since the last build; "
                    + "version \(report.version), \(output)/ left as it was (\(report.pages) pages, \(report.feeds) feeds)")
        } else if let output {
            let state =
                report.untouched
                ? "nothing changed, \(output)/ left as it was"
                : "\(count(report.filesWritten)) files written (\(megabytes(report.bytesWritten))), \(count(report.filesUnchanged)) unchanged"
            lines.append(
                "Built \(output)/ in \(seconds(total)): \(what); version \(report.version)\(report.changed ? " (new)" : ""): \(state)"
            )
        } else {
            lines.append("Checked in \(seconds(total)): \(what), \(count(report.files)) files; no problems found")
        }
        if verbose {
            lines.append(
                "  steps: "
                    + report.steps.map { "\($0.name) \(DiagnosticPrinter.milliseconds($0.duration))" }.joined(separator: ", "))
            lines.append("  years: \(report.years) (\(report.announcedYears) announced)")
            if report.noteFiles > 0 && !report.skipped {
                let (parsed, unchanged) = (report.notesParsed, report.noteFiles - report.notesParsed)
                lines.append(
                    "  notes: \(count(report.noteFiles)) \(report.noteFiles == 1 ? "file" : "files") "
                        + "(\(count(parsed)) read and parsed, \(count(unchanged)) unchanged since the last build and not read)")
            }
            if report.subscribers > 0 && !report.skipped {
                let (parsed, unchanged) = (report.subscribersParsed, report.subscribers - report.subscribersParsed)
                lines.append(
                    "  subscribers: \(count(report.subscribers)) (\(count(parsed)) \(parsed == 1 ? "file" : "files") read "
                        + "and parsed, \(count(unchanged)) unchanged since the last build and not read)")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func count(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0 && i % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return String(out.reversed())
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

    static func seconds(_ d: Duration) -> String {
        let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
        return ms < 1000 ? String(format: "%.0f ms", ms) : String(format: "%.2f s", ms / 1000)
    }
}
