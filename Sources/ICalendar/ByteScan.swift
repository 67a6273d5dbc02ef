/// Looks for bytes in UTF-8 text eight at a time, for the checks that run on every property of
/// every event (whether a value needs escaping or holds a control character).
public enum ByteScan {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether one of the eight bytes of `word` is below `limit` (at most 0x80).
    @inlinable @inline(__always)
    static func hasBelow(_ word: UInt64, _ limit: UInt8) -> Bool {
        (word &- ones &* UInt64(limit)) & ~word & highs != 0
    }

    /// Whether one of the eight bytes of `word` is `byte`.
    @inlinable @inline(__always)
    static func has(_ word: UInt64, _ byte: UInt8) -> Bool {
        hasBelow(word ^ (ones &* UInt64(byte)), 1)
    }

    /// Whether a byte of `text` is below 0x20 or is one of `a`, `b`, `c` and `d`.
    public static func any(in text: String, controlOr a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            any(in: bytes, controlOr: a, b, c, d)
        }
        return found ?? text.utf8.contains { $0 < 0x20 || $0 == a || $0 == b || $0 == c || $0 == d }
    }

    /// Whether one of `bytes` is below 0x20 or is one of `a`, `b`, `c` and `d`. Inlinable: made
    /// where it is called with constant bytes (JSON strings in manifests, one for each event),
    /// the tests of a byte given twice are made once.
    @inlinable
    public static func any(
        in bytes: UnsafeBufferPointer<UInt8>, controlOr a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8
    ) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var i = 0
        while i + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            if hasBelow(word, 0x20) || has(word, a) || has(word, b) || has(word, c) || has(word, d) { return true }
            i += 8
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte < 0x20 || byte == a || byte == b || byte == c || byte == d { return true }
            i += 1
        }
        return false
    }

    /// Whether every byte of `bytes` is ASCII (below 0x80).
    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var i = 0
        while i + 8 <= bytes.count {
            if UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & highs != 0 { return false }
            i += 8
        }
        while i < bytes.count {
            if bytes[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }
}
