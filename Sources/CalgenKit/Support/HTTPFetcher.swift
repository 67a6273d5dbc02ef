import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads small files over HTTP(S) the way a scheduled CI job needs: a timeout, a few retries
/// of failures that may pass (no connection, a timeout, a 5xx answer), a size limit, and a clear
/// difference between "not there" (404, 410) and "could not tell".
public struct HTTPFetcher: Sendable {
    /// The seconds a request may wait for the next bytes, and twice that for the whole answer.
    public var timeout: TimeInterval
    /// How many times a request is tried.
    public var attempts: Int
    /// Seconds before the second try; doubled before each further one.
    public var backoff: TimeInterval
    /// The largest answer accepted, in bytes.
    public var maxBytes: Int

    public init(timeout: TimeInterval = 20, attempts: Int = 3, backoff: TimeInterval = 1, maxBytes: Int = 4 << 20) {
        self.timeout = timeout
        self.attempts = attempts
        self.backoff = backoff
        self.maxBytes = maxBytes
    }

    /// What a URL gave.
    public enum Answer: Equatable, Sendable {
        case body([UInt8])
        /// 404 or 410: the file is not there.
        case missing
    }

    /// Why a URL gave nothing usable.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let url: String
        public let reason: String
        public var description: String { "\(url): \(reason)" }
    }

    /// The body of `url`, or `.missing`; throws when every attempt failed or the answer is too large.
    public func get(_ url: URL) throws(Failure) -> Answer {
        var delay = backoff
        var last = Failure(url: url.absoluteString, reason: "not tried")
        for attempt in 1...max(1, attempts) {
            switch once(url) {
            case .success(let answer): return answer
            case .failure(let failure):
                last = failure.failure
                guard failure.retry, attempt < attempts else { throw last }
                Thread.sleep(forTimeInterval: delay)
                delay *= 2
            }
        }
        throw last
    }

    private struct AttemptFailure: Error {
        let failure: Failure
        let retry: Bool
    }

    private func once(_ url: URL) -> Result<Answer, AttemptFailure> {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 2
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.httpAdditionalHeaders = ["User-Agent": Calgen.generator]
        let collector = Collector(maxBytes: maxBytes)
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        session.dataTask(with: url).resume()
        collector.done.wait()
        session.finishTasksAndInvalidate()
        let text = url.absoluteString
        if collector.tooLarge {
            return .failure(
                AttemptFailure(failure: Failure(url: text, reason: "the answer is larger than \(maxBytes) bytes"), retry: false))
        }
        if let error = collector.error {
            return .failure(AttemptFailure(failure: Failure(url: text, reason: error.localizedDescription), retry: true))
        }
        switch collector.status {
        case 200: return .success(.body(collector.bytes))
        case 404, 410: return .success(.missing)
        case 500...599:
            return .failure(AttemptFailure(failure: Failure(url: text, reason: "HTTP \(collector.status)"), retry: true))
        default:
            return .failure(AttemptFailure(failure: Failure(url: text, reason: "HTTP \(collector.status)"), retry: false))
        }
    }

    /// Gathers one answer, stopping it once it passes the size limit.
    private final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let maxBytes: Int
        let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var _bytes = [UInt8]()
        private var _status = 0
        private var _error: (any Error)?
        private var _tooLarge = false

        init(maxBytes: Int) { self.maxBytes = maxBytes }

        var bytes: [UInt8] { lock.withLock { _bytes } }
        var status: Int { lock.withLock { _status } }
        var error: (any Error)? { lock.withLock { _error } }
        var tooLarge: Bool { lock.withLock { _tooLarge } }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            let http = response as? HTTPURLResponse
            let declared = response.expectedContentLength
            let over = declared > Int64(maxBytes)
            lock.withLock {
                _status = http?.statusCode ?? 0
                if over { _tooLarge = true }
            }
            completionHandler(over ? .cancel : .allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let over = lock.withLock { () -> Bool in
                _bytes.append(contentsOf: data)
                if _bytes.count > maxBytes { _tooLarge = true }
                return _tooLarge
            }
            if over { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            lock.withLock { if !_tooLarge { _error = error } }
            done.signal()
        }
    }
}
