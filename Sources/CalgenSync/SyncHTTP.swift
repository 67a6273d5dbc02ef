import CalgenLoad
import CalgenModel
import Foundation

/// The HTTP requests of one `calgen sync`, sent by calgen's one ``HTTPClient`` (its deadlines,
/// size limits, TLS rules, and no redirect followed: a caller that allows one checks it with
/// ``HTTPRedirect``): Basic or Digest authentication as the server asks when credentials are
/// given (Digest only over plain http to another host than the loopback), the retries
/// ``HTTPRetry`` decides, writes narrowed to one at a time after a 423, and a count of the
/// requests sent. The password is kept in memory only and never appears in a message.
package struct SyncHTTP: Sendable {
    /// The user name sent with the credentials; `nil` for none.
    package let user: String?
    private let password: String?
    /// The client: its deadlines, its limits and its connections.
    package var client: HTTPClient
    package var retry = HTTPRetry()
    /// The authentication scheme the server took, once known.
    let auth = AuthChoice()
    /// How many writes may be in flight: any number the caller sends, until the server answers
    /// one 423 (it stores one write at a time), then one.
    let writeGate = WriteGate()

    package init(
        user: String?, password: String?, timeout: TimeInterval = 20, maxBytes: Int = 32 << 20,
        deadline: ContinuousClock.Instant, counter: HTTPRequestCounter = HTTPRequestCounter()
    ) {
        self.user = user
        self.password = password
        self.client = HTTPClient(timeout: timeout, maxBytes: maxBytes, deadline: deadline, counter: counter)
    }

    package typealias Answer = HTTPClient.Answer

    /// The requests sent so far, retries included.
    package var counter: HTTPRequestCounter { client.counter }
    /// The seconds one request may take.
    package var timeout: TimeInterval { client.timeout }
    /// The largest answer accepted, in bytes.
    package var maxBytes: Int { client.maxBytes }

    /// Sends one request, again as ``retry`` decides for a 429, 503 or other 5xx; throws when
    /// there is no answer, the answer is too large, the server refused the credentials (401,
    /// 403), or the time ran out. Any other answer, a redirect included, is returned.
    package func send(_ method: String, url: String, headers: [String] = [], body: [UInt8]? = nil) throws(CalDAVError)
        -> Answer
    {
        let shownURL = HTTPFetcher.display(url)
        var attempt = 1
        let isWrite = method == "PUT" || method == "DELETE"
        while true {
            if isWrite { writeGate.enter() }
            let sent = Result { () throws(CalDAVError) in try once(method, url: url, headers: headers, body: body) }
            if isWrite { writeGate.leave() }
            let answer = try sent.get()
            if answer.status == 423 { writeGate.narrow() }
            if answer.status == 401 || answer.status == 403, let user {
                let offered = answer.headers.filter { $0.name == "www-authenticate" }.map(\.value)
                if answer.status == 401, auth.switchToDigest(offered: offered) { continue }
                throw CalDAVError(
                    SyncHTTP.refusal(
                        shownURL: shownURL, user: user, status: answer.status, method: method, offered: offered,
                        plainHTTP: HTTPClient.isPlainRemote(url)),
                    isRefusal: true)
            }
            switch retry.decide(
                status: answer.status, retryAfter: answer.header("retry-after"), attempt: attempt,
                secondsLeft: client.secondsLeft())
            {
            case nil: return answer
            case .giveUp(let why): throw CalDAVError("\(shownURL): \(method) answered \(why)")
            case .retry(let wait):
                Thread.sleep(forTimeInterval: wait)
                attempt += 1
            }
        }
    }

    /// What a refusal of the credentials says: the schemes the server asked for when calgen
    /// speaks none of them, Basic refused over plain http, or else to check the password.
    static func refusal(
        shownURL: String, user: String, status: Int, method: String, offered: [String], plainHTTP: Bool
    ) -> String {
        let schemes = offered.compactMap { $0.split(separator: " ").first.map { $0.lowercased() } }
        let names = offered.compactMap { $0.split(separator: " ").first.map(String.init) }
        let head = "\(shownURL) refused user \"\(user)\" (HTTP \(status) to \(method))"
        if status == 401, !schemes.isEmpty, !schemes.contains("digest") {
            if schemes.contains("basic") && plainHTTP {
                return head
                    + ": it asks for Basic authentication, which would send the password in clear over http; calgen sends it only over https (or to 127.0.0.1): give the https URL"
            }
            if !schemes.contains("basic") {
                return head
                    + ": it asks for \(names.joined(separator: ", ")) authentication, and calgen speaks Basic and Digest only; use an app password or the server's Basic or Digest login"
            }
        }
        return head
            + ": check --user, the password and that this user may write this calendar; nothing more was sent"
    }

    private func once(_ method: String, url: String, headers: [String], body: [UInt8]?) throws(CalDAVError) -> Answer {
        var request = HTTPClient.Request(method, url: url, headers: headers, body: body)
        if let user, let password {
            request.credentials = HTTPClient.Credentials(user: user, password: password, digest: auth.isDigest)
        }
        do {
            return try client.send(request)
        } catch {
            switch error.kind {
            case .notSent where error.reason == "is not an http(s) URL":
                throw CalDAVError("\(error.url) is not an http(s) URL")
            case .notSent: throw CalDAVError(error.reason)
            case .headTooLarge: throw CalDAVError("\(error.url): \(error.reason); refused")
            case .tooLarge:
                throw CalDAVError("\(error.url): the answer to \(method) is larger than \(client.maxBytes) bytes; refused")
            case .timeout:
                throw CalDAVError(
                    "\(error.url): \(method) failed: no complete answer within \(HTTPRetry.shown(client.timeout)) s (--timeout)")
            case .timeLimit where error.reason.hasPrefix("the command's time limit ran out before \(method)"):
                throw CalDAVError("\(error.url): \(error.reason)", isTimeLimit: true)
            case .timeLimit: throw CalDAVError("\(error.url): \(method) failed: \(error.reason)", isTimeLimit: true)
            case .transient, .other: throw CalDAVError("\(error.url): \(method) failed: \(error.reason)")
            }
        }
    }
}

/// Bounds the writes in flight: unbounded (the caller's own bound holds) until ``narrow()``, then one.
final class WriteGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var limit = Int.max
    private var inFlight = 0

    func enter() {
        condition.lock()
        while inFlight >= limit { condition.wait() }
        inFlight += 1
        condition.unlock()
    }

    func leave() {
        condition.lock()
        inFlight -= 1
        condition.broadcast()
        condition.unlock()
    }

    func narrow() {
        condition.lock()
        limit = 1
        condition.unlock()
    }
}

/// The authentication sent: Basic at once with the first request over https or to the loopback
/// (one request each, no round trip to learn the scheme), Digest alone over plain http to another
/// host (``HTTPClient`` decides that); after a 401 that offers Digest to a Basic request, Digest
/// from then on (libcurl answers its challenge).
final class AuthChoice: @unchecked Sendable {
    private let lock = NSLock()
    private var digest = false

    /// Whether Digest was asked for.
    var isDigest: Bool { lock.withLock { digest } }

    /// Whether a 401 offering these `WWW-Authenticate` schemes should be answered again with
    /// Digest: it offers Digest, and Basic was sent.
    func switchToDigest(offered: [String]) -> Bool {
        let asks = offered.contains { $0.lowercased().hasPrefix("digest") }
        return lock.withLock {
            guard asks, !digest else { return false }
            digest = true
            return true
        }
    }
}
