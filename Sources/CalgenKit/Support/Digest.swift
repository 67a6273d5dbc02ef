import Crypto

/// SHA-256 in lowercase hex.
enum Digest {
    static func sha256(_ bytes: [UInt8]) -> String {
        let digest = SHA256.hash(data: bytes)
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
