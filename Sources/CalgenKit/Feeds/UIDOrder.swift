import Foundation

/// UIDs in the order of `String`'s `<`, as a feed manifest lists them. A first build lists every
/// UID of a feed as added: UIDs are ASCII (ids, dates, a host), where that order is the order of
/// their bytes, so they are compared with `memcmp` over one buffer of them all rather than as
/// strings; any other text is sorted as strings.
enum UIDOrder {
    static func sorted(_ uids: [String]) -> [String] {
        guard uids.count > 1 else { return uids }
        var bytes = [UInt8]()
        var ends = [Int]()
        ends.reserveCapacity(uids.count)
        for uid in uids {
            bytes.append(contentsOf: uid.utf8)
            ends.append(bytes.count)
        }
        var ascii = true
        bytes.withUnsafeBufferPointer { all in
            ascii = !all.contains { $0 >= 0x80 }
        }
        guard ascii, !bytes.isEmpty else { return uids.sorted() }
        var order = Array(uids.indices)
        bytes.withUnsafeBufferPointer { all in
            let base = all.baseAddress!
            order.sort { a, b in
                let (startA, startB) = (a == 0 ? 0 : ends[a - 1], b == 0 ? 0 : ends[b - 1])
                let (countA, countB) = (ends[a] - startA, ends[b] - startB)
                let common = memcmp(base + startA, base + startB, min(countA, countB))
                return common != 0 ? common < 0 : countA < countB
            }
        }
        return order.map { uids[$0] }
    }
}
