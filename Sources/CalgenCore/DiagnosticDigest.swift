/// A bounded report of many diagnostics: the first few of each file and a bounded number in all,
/// then how many more there are, by file. A hostile input with a problem in each of 200,000
/// entries prints a screenful, not 44 MB.
public struct DiagnosticDigest: Sendable {
    /// The diagnostics shown, in their order.
    public let shown: [Diagnostic]
    /// The diagnostics left out, counted by file, in the order their files first appear.
    public let omitted: [(file: String, count: Int)]

    /// Diagnostics shown for one file.
    public static let perFile = 10
    /// Diagnostics shown in all.
    public static let inAll = 50
    /// Files whose left-out diagnostics are counted on a line of their own.
    public static let omittedFiles = 10

    public init(_ diagnostics: [Diagnostic], perFile: Int = DiagnosticDigest.perFile, inAll: Int = DiagnosticDigest.inAll) {
        var shown = [Diagnostic]()
        var perFileCount = [String: Int]()
        var omittedCount = [String: Int]()
        var order = [String]()
        for diagnostic in diagnostics {
            let count = perFileCount[diagnostic.file, default: 0]
            if count < perFile && shown.count < inAll {
                shown.append(diagnostic)
                perFileCount[diagnostic.file] = count + 1
            } else {
                if omittedCount[diagnostic.file] == nil { order.append(diagnostic.file) }
                omittedCount[diagnostic.file, default: 0] += 1
            }
        }
        self.shown = shown
        omitted = order.map { ($0, omittedCount[$0]!) }
    }

    /// `… and 199,990 more in shard-1/shard.json`, one line a file (at most `omittedFiles`,
    /// then one line for the rest).
    public var omittedLines: [String] {
        var lines = omitted.prefix(DiagnosticDigest.omittedFiles).map { file, count in
            "… and \(DiagnosticDigest.grouped(count)) more" + (file.isEmpty ? "" : " in \(file)")
        }
        let rest = omitted.dropFirst(DiagnosticDigest.omittedFiles)
        if !rest.isEmpty {
            let count = rest.reduce(0) { $0 + $1.count }
            lines.append("… and \(DiagnosticDigest.grouped(count)) more in \(DiagnosticDigest.grouped(rest.count)) other files")
        }
        return lines
    }

    /// `199990` as `199,990`.
    public static func grouped(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (n < 0 ? "-" : "") + out
    }
}
