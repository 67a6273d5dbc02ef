/// Zero-padded decimal fields written into a small buffer, so that a date or time is appended
/// to a stream at once (see `ContentLineWriter.appendTime`).
enum DigitBlock {
    /// Whether a field fits two digits.
    @inline(__always)
    static func fits(_ value: Int) -> Bool { value >= 0 && value < 100 }

    /// Whether a date's year fits four digits and its month and day two.
    @inline(__always)
    static func fits(_ date: ICalDate) -> Bool {
        date.year >= 0 && date.year < 10_000 && fits(date.month) && fits(date.day)
    }

    /// Two digits of `value` (0...99) at `offset`.
    @inline(__always)
    static func put(_ value: Int, into block: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        block[offset] = UInt8(ascii: "0") + UInt8(value / 10)
        block[offset + 1] = UInt8(ascii: "0") + UInt8(value % 10)
    }

    /// `YYYYMMDD` of a date that `fits`, at the start of `block`.
    @inline(__always)
    static func put(_ date: ICalDate, into block: UnsafeMutableBufferPointer<UInt8>) {
        put(date.year / 100, into: block, at: 0)
        put(date.year % 100, into: block, at: 2)
        put(date.month, into: block, at: 4)
        put(date.day, into: block, at: 6)
    }
}
