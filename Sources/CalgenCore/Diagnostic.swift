/// One problem found in the content, with where it is and how to fix it.
public struct Diagnostic: Hashable, Sendable, Error {
    /// Where in a file the problem is.
    public enum Location: Hashable, Sendable {
        /// A 1-based line and column of a text file.
        case line(Int, column: Int)
        /// A path into a JSON document, such as `days[14].date`.
        case jsonPath(String)
    }

    /// How serious a problem is.
    public enum Severity: String, Hashable, Sendable {
        /// The run fails.
        case error
        /// The run succeeds, but what it made should not be published as it is.
        case warning
        /// Something the user should know.
        case note
    }

    public var severity: Severity
    /// The file as the user names it, e.g. `Content/holidays/2021.json`; empty when the
    /// diagnostic is about no file (a setting of the run).
    public var file: String
    public var location: Location?
    public var message: String
    /// What to do about it, when that can be said.
    public var fix: String?

    public init(
        _ severity: Severity = .error, file: String, location: Location? = nil, message: String, fix: String? = nil
    ) {
        self.severity = severity
        self.file = file
        self.location = location
        self.message = message
        self.fix = fix
    }

    /// One line in the form editors and CI logs understand:
    /// `file:line:column: error: message`, or `file: path: message` for JSON.
    public var formatted: String {
        switch location {
        case .line(let line, let column):
            return "\(file):\(line):\(column): \(severity.rawValue): \(message)"
        case .jsonPath(let path):
            return "\(file): \(path): \(message)"
        case nil where file.isEmpty:
            return "\(severity.rawValue): \(message)"
        case nil where severity == .error:
            return "\(file): \(message)"
        case nil:
            return "\(file): \(severity.rawValue): \(message)"
        }
    }
}

extension Diagnostic: Comparable {
    /// Orders by file, then position, so that a report reads top to bottom.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        return lhs.sortKey < rhs.sortKey
    }

    private var sortKey: String {
        switch location {
        case .line(let l, let c):
            func padded(_ n: Int) -> String { String(repeating: "0", count: max(0, 9 - String(n).count)) + String(n) }
            return "1" + padded(l) + ":" + padded(c)
        case .jsonPath(let p): return "2" + p
        case nil: return "0"
        }
    }
}

/// Every problem of a run, reported together.
public struct ContentErrors: Error, Sendable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public init(_ diagnostic: Diagnostic) {
        self.init([diagnostic])
    }
}
