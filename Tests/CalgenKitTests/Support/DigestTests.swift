import Testing

@testable import CalgenSupport

/// The SHA-256 every key and digest is made of, in lower-case hex.
@Suite struct DigestTests {
    @Test func hexAndSHA256() {
        #expect(Digest.hex([0x00, 0x0F, 0xF0, 0xFF, 0x9A]) == "000ff0ff9a")
        #expect(Digest.hex([]) == "")
        #expect(
            Digest.sha256(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
