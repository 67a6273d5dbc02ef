/// Gathers the problems of several independent steps, so that a run reports them all at once.
///
/// calgen's one way of reporting problems: a function that finds problems throws
/// `ContentErrors` (typed throws); a caller that runs several such steps collects what each
/// threw and throws everything together at the end.
public struct DiagnosticCollector: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public var isEmpty: Bool { diagnostics.isEmpty }

    public mutating func add(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func add(contentsOf diagnostics: [Diagnostic]) {
        self.diagnostics += diagnostics
    }

    /// Runs a step: its value, or `nil` when it threw (its problems are kept).
    public mutating func collect<T>(_ step: () throws(ContentErrors) -> T) -> T? {
        do {
            return try step()
        } catch {
            diagnostics += error.diagnostics
            return nil
        }
    }

    /// Throws every problem collected, if there is any.
    public func throwIfAny() throws(ContentErrors) {
        guard diagnostics.isEmpty else { throw ContentErrors(diagnostics) }
    }
}
