import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FeedPageRecords {
    /// Writes the records file whole or not at all (a new file renamed over the old one): a
    /// killed build leaves the last one, whose records the output's bytes then no longer match.
    func write(_ path: String) {
        let temporary = path + ".tmp-\(getpid())"
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
            if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
        }
    }
}
