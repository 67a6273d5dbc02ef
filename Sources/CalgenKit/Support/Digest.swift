import Crypto

/// SHA-256 in lowercase hex.
enum Digest {
    static func sha256(_ bytes: [UInt8]) -> String {
        hex(SHA256.hash(data: bytes))
    }

    /// A digest's bytes in lowercase hex.
    static func hex(_ digest: some Sequence<UInt8>) -> String {
        var hex = ""
        hex.reserveCapacity(64)
        let digits = Array("0123456789abcdef")
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return hex
    }
}
