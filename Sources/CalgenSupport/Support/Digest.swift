import Crypto

/// SHA-256 in lowercase hex.
package enum Digest {
    package static func sha256(_ bytes: [UInt8]) -> String {
        hex(SHA256.hash(data: bytes))
    }

    /// A digest's bytes in lowercase hex.
    package static func hex(_ digest: some Sequence<UInt8>) -> String {
        // Two ASCII digits a byte, written as bytes: a build makes tens of thousands of these.
        var bytes = [UInt8]()
        bytes.reserveCapacity(64)
        for byte in digest {
            bytes.append(hexDigit(byte >> 4))
            bytes.append(hexDigit(byte & 0x0F))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The lower-case hex digit of a value from 0 to 15.
    @inline(__always) private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x57 + value
    }
}
