import CalgenCore
import CalgenKit
import Foundation

/// Prints build failures to standard error, every problem with its place and fix.
enum DiagnosticPrinter {
    static func print(_ error: any Error, outputDirectory: String?) {
        var lines = [String]()
        let kept = outputDirectory.map { " \($0)/ was left unchanged." } ?? ""
        switch error {
        case let errors as ContentErrors:
            for d in errors.diagnostics {
                lines.append(d.formatted)
                if let fix = d.fix { lines.append("    fix: \(fix)") }
            }
            let count = errors.diagnostics.count
            lines.append("error: \(count) problem\(count == 1 ? "" : "s") in the content.\(kept)")
        case let output as OutputError:
            lines.append("error: \(output.description)")
            if !kept.isEmpty { lines.append("error: the build was not published.\(kept)") }
        default:
            lines.append("error: \(error)")
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    static func milliseconds(_ duration: Duration) -> String {
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return String(format: "%.0f ms", ms)
    }
}
