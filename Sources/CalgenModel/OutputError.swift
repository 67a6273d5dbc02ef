/// A failure to write the output (disk full, permissions, an unsafe output path).
public struct OutputError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    /// What to do about it, when that can be said.
    public let fix: String?

    public init(path: String, reason: String, fix: String? = nil) {
        self.path = path
        self.reason = reason
        self.fix = fix
    }

    public var description: String { "\(path): \(reason)" }
}
