/// A failure to write the output (disk full, permissions, an unsafe output path).
public struct OutputError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
