import Foundation

/// A value behind a lock, for the memo of a pure function shared by threads: what it holds can
/// always be worked out again, so it changes no answer, only how often one is computed.
final class Memo<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
