import Foundation

/// A value made on a thread of its own while the caller goes on with other work, for two reads
/// of a build that depend on nothing of each other (the previous output while the content
/// loads). `value` waits for it.
package final class Concurrent<Value: Sendable>: @unchecked Sendable {
    private var result: Value?
    private let done = DispatchSemaphore(value: 0)

    /// Starts making the value with `make`.
    package init(_ make: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            result = make()
            done.signal()
        }
        // The stack of the calling thread, not the smaller default of a secondary one.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The value, once made.
    package var value: Value {
        done.wait()
        defer { done.signal() }
        return result!
    }
}
