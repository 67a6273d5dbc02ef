import Foundation

/// UIDs in the order of `String`'s `<`, as a feed manifest lists them. A first build lists every
/// UID of a feed as added: UIDs are ASCII (ids, dates, a host), where that order is the order of
/// their bytes, so they are compared with `memcmp` over one buffer of them all rather than as
/// strings; any other text is sorted as strings.
enum UIDOrder {
    static func sorted(_ uids: [String]) -> [String] {
        guard uids.count > 1 else { return uids }
        var bytes = [UInt8]()
        var starts = [Int]()
        starts.reserveCapacity(uids.count + 1)
        var total = 0
        for uid in uids { total += uid.utf8.count }
        bytes.reserveCapacity(total)
        for uid in uids {
            starts.append(bytes.count)
            // Straight from the string's storage where it is in one piece (native strings are).
            if uid.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                bytes.append(contentsOf: uid.utf8)
            }
        }
        starts.append(bytes.count)
        guard !bytes.isEmpty, UIDOrder.isASCII(bytes) else { return uids.sorted() }
        var order = Array(uids.indices)
        bytes.withUnsafeBufferPointer { all in
            starts.withUnsafeBufferPointer { starts in
                let base = all.baseAddress!
                order.sort { a, b in
                    let (countA, countB) = (starts[a + 1] - starts[a], starts[b + 1] - starts[b])
                    let common = memcmp(base + starts[a], base + starts[b], min(countA, countB))
                    return common != 0 ? common < 0 : countA < countB
                }
            }
        }
        return order.map { uids[$0] }
    }

    /// Whether every byte is below 0x80, read eight at a time.
    static func isASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            guard let start = bytes.baseAddress else { return true }
            let base = UnsafeRawPointer(start)
            var (i, high) = (0, UInt64(0))
            while i + 8 <= bytes.count {
                high |= base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i += 8
            }
            while i < bytes.count {
                high |= UInt64(bytes[i])
                i += 1
            }
            return high & 0x8080_8080_8080_8080 == 0
        }
    }
}
