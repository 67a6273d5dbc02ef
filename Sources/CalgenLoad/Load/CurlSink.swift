import CCurl

/// Where libcurl writes an answer's body or head: at most `limit` bytes; past it the callback
/// stops the transfer and `tooLarge` says so. Every request of ``HTTPClient`` uses two: the body and the head.
final class CurlSink {
    let limit: Int
    var bytes = [UInt8]()
    var tooLarge = false

    init(limit: Int) { self.limit = limit }

    /// The sink as libcurl's `WRITEDATA` or `HEADERDATA`; alive as long as `self` is.
    var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The `WRITEFUNCTION` or `HEADERFUNCTION` for a sink passed as its context.
    static let write: calgen_curl_data_callback = { data, size, count, context in
        let sink = Unmanaged<CurlSink>.fromOpaque(context!).takeUnretainedValue()
        let n = size * count
        guard sink.bytes.count + n <= sink.limit else {
            sink.tooLarge = true
            return 0
        }
        if let data {
            data.withMemoryRebound(to: UInt8.self, capacity: n) {
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: n))
            }
        }
        return n
    }
}
