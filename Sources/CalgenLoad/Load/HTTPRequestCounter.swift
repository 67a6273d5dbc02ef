import Foundation

/// How many HTTP requests an ``HTTPClient`` sent: what `calgen sync`'s summary reports, so that
/// a run with nothing to do can be seen to cost one request.
package final class HTTPRequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    package init() {}

    package var count: Int { lock.withLock { value } }

    func add() { lock.withLock { value += 1 } }
}
