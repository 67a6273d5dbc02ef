/// Where the next byte goes in a buffer measured beforehand.
struct ByteCursor {
    private(set) var pointer: UnsafeMutablePointer<UInt8>

    init(at pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }

    mutating func put(_ byte: UInt8) {
        pointer.pointee = byte
        pointer += 1
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress else { return }
        pointer.update(from: from, count: bytes.count)
        pointer += bytes.count
    }

    mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { put($0) }
    }

    /// A number that is not negative, in decimal (as `String(value)` spells it).
    mutating func putDecimal(_ value: Int) {
        let count = ByteCursor.decimalCount(value)
        var rest = value
        for i in stride(from: count - 1, through: 0, by: -1) {
            pointer[i] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        pointer += count
    }

    /// `"0123456789abcdef"`: a digest as `DigestHex.appendQuoted` writes it.
    mutating func putHex(_ value: UInt64) {
        let raw = UnsafeMutableRawPointer(pointer)
        raw.storeBytes(of: UInt8(0x22), as: UInt8.self)
        raw.storeBytes(
            of: DigestHex.hexWord(UInt32(truncatingIfNeeded: value >> 32)).littleEndian, toByteOffset: 1, as: UInt64.self)
        raw.storeBytes(of: DigestHex.hexWord(UInt32(truncatingIfNeeded: value)).littleEndian, toByteOffset: 9, as: UInt64.self)
        raw.storeBytes(of: UInt8(0x22), toByteOffset: 17, as: UInt8.self)
        pointer += 18
    }

    /// How many decimal digits a number that is not negative has.
    static func decimalCount(_ value: Int) -> Int {
        var (count, rest) = (1, value)
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }
}
