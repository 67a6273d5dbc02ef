import CalgenModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard error as a terminal: colours and a progress line only when it is one, so that CI
/// logs stay plain.
enum Terminal {
    static let isTerminal =
        isatty(2) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        && ProcessInfo.processInfo.environment["TERM"] != "dumb"

    static func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

    /// `text` in bold red (errors), yellow (warnings) or bold, on a terminal only.
    static func styled(_ text: String, _ style: Style) -> String {
        isTerminal ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    enum Style: String {
        case error = "1;31"
        case warning = "1;33"
        case bold = "1"
        case dim = "2"
    }

    /// Text from the content or the file system made safe to print: control characters (a
    /// terminal escape sequence in a file name or a YAML key, say) are shown as `\u{1B}` instead
    /// of acting on the terminal, and personal feed tokens are hidden.
    static func safe(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 {
                out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return FeedSecret.redacting(out)
    }

    /// `safe` line by line, for calgen's own text of several lines (the build summary).
    static func safeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { safe(String($0)) }.joined(separator: "\n")
    }

    /// A one-line progress display on a terminal; `nil` elsewhere.
    static func progress(enabled: Bool) -> Progress? {
        enabled && isTerminal ? Progress() : nil
    }

    final class Progress: Sendable {
        /// Shows `[3/7] feeds…` in place.
        @Sendable func update(_ step: String, _ index: Int, _ count: Int) {
            Terminal.write("\r\u{1B}[2K" + Terminal.styled("[\(index)/\(count)] \(step)…", .dim))
        }

        func clear() { Terminal.write("\r\u{1B}[2K") }
    }
}
