import ArgumentParser
import CalgenCore
import CalgenModel
import Foundation

/// Prints build failures to standard error, every problem with its place and fix.
enum DiagnosticPrinter {
    static func print(_ error: any Error, outputDirectory: String?) {
        var lines = [String]()
        let kept = outputDirectory.map { " \($0.hasSuffix("/") ? $0 : $0 + "/") was left unchanged." } ?? ""
        switch error {
        case let errors as ContentErrors:
            // A bounded report: the first problems of each file, then how many more.
            let digest = DiagnosticDigest(errors.diagnostics)
            lines += digest.shown.flatMap(self.lines) + digest.omittedLines.map(Terminal.safe)
            // Notes beside an error (the days an update would lose, say) are no problems of their own.
            let count = errors.diagnostics.filter { $0.severity == .error }.count
            lines.append(
                Terminal.styled("error:", .error)
                    + " \(DiagnosticDigest.grouped(count)) problem\(count == 1 ? "" : "s") in the content.\(kept)")
        case let output as OutputError:
            lines.append(Terminal.styled("error:", .error) + " \(Terminal.safe(output.description))")
            if let fix = output.fix { lines.append("    " + Terminal.styled("fix:", .bold) + " \(Terminal.safe(fix))") }
            if !kept.isEmpty { lines.append(Terminal.styled("error:", .error) + " the build was not published.\(kept)") }
        default:
            lines.append(Terminal.styled("error:", .error) + " \(Terminal.safe("\(error)"))")
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Prints warnings and notes (a build that succeeded), each with its fix.
    static func print(warnings: [Diagnostic]) {
        guard !warnings.isEmpty else { return }
        let digest = DiagnosticDigest(warnings)
        let text = digest.shown.flatMap(lines) + digest.omittedLines.map(Terminal.safe)
        FileHandle.standardError.write(Data((text.joined(separator: "\n") + "\n").utf8))
    }

    /// A diagnostic and its fix line.
    static func lines(_ d: Diagnostic) -> [String] {
        [styled(d)] + (d.fix.map { ["    " + Terminal.styled("fix:", .bold) + " \(Terminal.safe($0))"] } ?? [])
    }

    /// `file:line:column: error: message`, with the severity coloured on a terminal.
    static func styled(_ d: Diagnostic) -> String {
        let plain = Terminal.safe(d.formatted)
        let label = d.severity.rawValue + ":"
        guard Terminal.isTerminal, let range = plain.range(of: label + " ") else { return plain }
        let style: Terminal.Style = d.severity == .error ? .error : d.severity == .warning ? .warning : .bold
        return Terminal.styled(String(plain[..<range.lowerBound]), .bold) + Terminal.styled(label, style) + " "
            + plain[range.upperBound...]
    }

    static func milliseconds(_ duration: Duration) -> String {
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return String(format: "%.0f ms", ms)
    }
}

extension ValidationError {
    /// A command-line error with a fix line, in the form the printer gives content errors.
    init(_ message: String, fix: String) {
        self.init(message + "\n    fix: " + fix)
    }
}
