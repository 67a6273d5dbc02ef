import CCurl
import Foundation

/// The idle libcurl handles of one ``HTTPClient``, each with the connections it keeps alive: a
/// request takes one (or makes one when none is idle) and gives it back when done.
final class CurlHandles: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [UnsafeMutableRawPointer] = []

    func take() -> UnsafeMutableRawPointer? {
        if let handle = lock.withLock({ idle.popLast() }) { return handle }
        return curl_easy_init()
    }

    func giveBack(_ handle: UnsafeMutableRawPointer) {
        curl_easy_reset(handle)
        lock.withLock { idle.append(handle) }
    }

    deinit {
        for handle in idle { curl_easy_cleanup(handle) }
    }
}
