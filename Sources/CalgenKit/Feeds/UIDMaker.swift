import CalgenCore

/// The UIDs of one recipe's dated events, `<prefix>YYYYMMDD<suffix>`
/// (`zhang-san.standup.20261009@calendar.example.com`), each made in one allocation: a feed
/// has one for each occurrence of every reminder.
struct UIDMaker {
    let prefix: String
    let suffix: String

    func uid(_ day: CivilDate) -> String {
        guard (0...9999).contains(day.year) else { return prefix + day.basicISO8601 + suffix }
        var prefix = prefix
        var suffix = suffix
        let value = day.year * 10_000 + day.month * 100 + day.day
        return prefix.withUTF8 { head in
            suffix.withUTF8 { tail in
                String(unsafeUninitializedCapacity: head.count + 8 + tail.count) { buffer in
                    var i = 0
                    for byte in head {
                        buffer[i] = byte
                        i += 1
                    }
                    var rest = value
                    for j in stride(from: i + 7, through: i, by: -1) {
                        buffer[j] = UInt8(ascii: "0") + UInt8(rest % 10)
                        rest /= 10
                    }
                    i += 8
                    for byte in tail {
                        buffer[i] = byte
                        i += 1
                    }
                    return i
                }
            }
        }
    }
}
