/// An event's 64-bit content digest in 16 lowercase hex digits, as `RenderedFeed.hex` spells it,
/// eight digits at a time.
enum DigestHex {
    /// `"0123456789abcdef"`, quotes included.
    static func appendQuoted(_ value: UInt64, to out: inout [UInt8]) {
        let (high, low) = (hexWord(UInt32(truncatingIfNeeded: value >> 32)), hexWord(UInt32(truncatingIfNeeded: value)))
        // A quote, eight digits, eight digits and a quote, put together on the stack.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 18) { block in
            let raw = UnsafeMutableRawPointer(block.baseAddress!)
            raw.storeBytes(of: UInt8(0x22), as: UInt8.self)
            raw.storeBytes(of: high.littleEndian, toByteOffset: 1, as: UInt64.self)
            raw.storeBytes(of: low.littleEndian, toByteOffset: 9, as: UInt64.self)
            raw.storeBytes(of: UInt8(0x22), toByteOffset: 17, as: UInt8.self)
            out.append(contentsOf: UnsafeBufferPointer(block))
        }
    }

    /// The eight hex digits of `value` as ASCII bytes, the first digit in the lowest byte.
    @inline(__always)
    static func hexWord(_ value: UInt32) -> UInt64 {
        var nibbles: UInt64 = 0
        for i in 0..<8 { nibbles |= UInt64((value >> UInt32(28 - 4 * i)) & 0xF) << UInt64(8 * i) }
        // Each byte a nibble: `0` + nibble, and 39 more (`a` − `0` − 10) where it is 10 or more.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let letters = ((nibbles &+ ones &* 6) >> 4) & ones
        return nibbles &+ ones &* 0x30 &+ letters &* 39
    }
}
