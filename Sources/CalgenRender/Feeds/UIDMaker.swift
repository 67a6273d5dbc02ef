import CalgenCore

/// The UIDs of one recipe's dated events, `<prefix>YYYYMMDD<suffix>`
/// (`zhang-san.standup.20261009@calendar.example.com`), each made in one allocation: a feed
/// has one for each occurrence of every reminder.
struct UIDMaker {
    let prefix: String
    let suffix: String
    private let head: [UInt8]
    private let tail: [UInt8]

    init(prefix: String, suffix: String) {
        self.prefix = prefix
        self.suffix = suffix
        head = Array(prefix.utf8)
        tail = Array(suffix.utf8)
    }

    func uid(_ day: CivilDate) -> String {
        guard (0...9999).contains(day.year) else { return prefix + day.basicISO8601 + suffix }
        let value = day.year * 10_000 + day.month * 100 + day.day
        return head.withUnsafeBufferPointer { head in
            tail.withUnsafeBufferPointer { tail in
                String(unsafeUninitializedCapacity: head.count + 8 + tail.count) { buffer in
                    let base = buffer.baseAddress!
                    if let from = head.baseAddress { base.update(from: from, count: head.count) }
                    var rest = value
                    for j in stride(from: head.count + 7, through: head.count, by: -1) {
                        base[j] = UInt8(ascii: "0") + UInt8(rest % 10)
                        rest /= 10
                    }
                    if let from = tail.baseAddress { (base + head.count + 8).update(from: from, count: tail.count) }
                    return head.count + 8 + tail.count
                }
            }
        }
    }
}
