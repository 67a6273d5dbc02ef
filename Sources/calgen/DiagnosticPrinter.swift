import ArgumentParser
import CalgenCore
import CalgenKit
import Foundation

/// Prints build failures to standard error, every problem with its place and fix.
enum DiagnosticPrinter {
    static func print(_ error: any Error, outputDirectory: String?) {
        var lines = [String]()
        let kept = outputDirectory.map { " \($0.hasSuffix("/") ? $0 : $0 + "/") was left unchanged." } ?? ""
        switch error {
        case let errors as ContentErrors:
            for d in errors.diagnostics {
                lines.append(styled(d))
                if let fix = d.fix { lines.append("    " + Terminal.styled("fix:", .bold) + " \(Terminal.safe(fix))") }
            }
            let count = errors.diagnostics.count
            lines.append(Terminal.styled("error:", .error) + " \(count) problem\(count == 1 ? "" : "s") in the content.\(kept)")
        case let output as OutputError:
            lines.append(Terminal.styled("error:", .error) + " \(Terminal.safe(output.description))")
            if let fix = output.fix { lines.append("    " + Terminal.styled("fix:", .bold) + " \(Terminal.safe(fix))") }
            if !kept.isEmpty { lines.append(Terminal.styled("error:", .error) + " the build was not published.\(kept)") }
        default:
            lines.append(Terminal.styled("error:", .error) + " \(Terminal.safe("\(error)"))")
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// `file:line:column: error: message`, with the severity coloured on a terminal.
    static func styled(_ d: Diagnostic) -> String {
        let plain = Terminal.safe(d.formatted)
        guard Terminal.isTerminal, let range = plain.range(of: "error: ") else { return plain }
        return Terminal.styled(String(plain[..<range.lowerBound]), .bold) + Terminal.styled("error:", .error) + " "
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
