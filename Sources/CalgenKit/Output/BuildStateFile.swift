import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The build state is written beside the output by the output room, like every other file a
/// build leaves; the incremental room only reads it.
extension BuildState {
    /// Writes the file atomically; a state that cannot be written only costs the next build time.
    func write(_ path: String) {
        var lines = ["calgen-state 1", "inputs \(inputs)", "manifest \(manifest)", "files \(files)"]
        for key in report.keys.sorted() { lines.append("report.\(key) \(report[key]!)") }
        let temporary = path + ".tmp-\(getpid())"
        do {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: temporary))
            if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
        }
    }
}

/// The fingerprints of the inputs are written beside the output too.
extension InputFingerprints {
    /// Writes the file atomically; one that cannot be written only costs the next build time.
    func write(_ path: String) {
        var text = "calgen-inputs 1\n"
        for key in entries.keys.sorted() {
            let entry = entries[key]!
            text += key + "\t" + entry.stat.map(String.init).joined(separator: " ") + "\t" + entry.digest + "\n"
        }
        let temporary = path + ".tmp-\(getpid())"
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
            if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
        }
    }
}
