/// Which host names the preview server answers: the loopback address and `localhost`, so that a
/// page of another site whose name was made to resolve to 127.0.0.1 (DNS rebinding) cannot read
/// the preview, its personal feeds or `/__calgen/*` from the browser of the person previewing.
/// A pure check of the `Host` field (or an absolute-form target's authority).
enum LoopbackHost {
    /// The names answered, with any port or none: `localhost` (any case), `127.0.0.1`, `[::1]`.
    static let names = ["localhost", "127.0.0.1", "[::1]"]

    /// Whether `host` (a `Host` field's value, `nil` when there is none) names this machine's
    /// loopback interface: one of `names`, then nothing or `:` and a port number (1–5 digits,
    /// at most 65535).
    static func allows(_ host: String?) -> Bool {
        guard let host, host.utf8.count <= 64 else { return false }
        let bytes = Array(host.utf8)
        for name in names {
            let nameBytes = Array(name.utf8)
            guard bytes.count >= nameBytes.count,
                zip(bytes, nameBytes).allSatisfy({ lowered($0) == $1 })
            else { continue }
            let rest = bytes[nameBytes.count...]
            if rest.isEmpty { return true }
            guard rest.first == UInt8(ascii: ":") else { continue }
            let digits = rest.dropFirst()
            guard (1...5).contains(digits.count), digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
            return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } <= 65535
        }
        return false
    }

    /// The answer to a request naming another host: 403, saying which hosts are answered.
    static let refusal = LoopbackHTTPServer.Response(
        status: 403, headers: ["Content-Type: text/plain; charset=utf-8"],
        body: Array(
            "calgen serve answers only requests for localhost, 127.0.0.1 or [::1] (the Host header), so that no other site can read the preview through DNS rebinding\n"
                .utf8))

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}
