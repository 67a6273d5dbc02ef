import Foundation

/// The files a build keeps beside the output (its state, the inputs' fingerprints, the records
/// of the pages beside personal feeds) are written by the output room, like every other file a
/// build leaves; the incremental room only reads them.
enum BuildStateFile {
    /// Writes `text` at `path` whole or not at all: a new file under a random name created with
    /// `O_EXCL | O_NOFOLLOW` beside it (`ExclusiveTemporaryFile`), renamed over the old one, so
    /// that a file or symbolic link planted at a predictable name is never written through. One
    /// that cannot be written only costs the next build time.
    static func write(_ text: String, to path: String) {
        ExclusiveTemporaryFile.replace(path, with: Array(text.utf8), tag: "tmp")
    }
}

extension BuildState {
    /// Writes the state file.
    func write(_ path: String) {
        var lines = ["calgen-state 1", "inputs \(inputs)", "manifest \(manifest)", "files \(files)"]
        for key in report.keys.sorted() { lines.append("report.\(key) \(report[key]!)") }
        BuildStateFile.write(lines.joined(separator: "\n") + "\n", to: path)
    }
}

extension InputFingerprints {
    /// Writes the fingerprints file.
    func write(_ path: String) {
        var text = "calgen-inputs 1\n"
        for key in entries.keys.sorted() {
            let entry = entries[key]!
            text += key + "\t" + entry.stat.map(String.init).joined(separator: " ") + "\t" + entry.digest + "\n"
        }
        BuildStateFile.write(text, to: path)
    }
}

extension FeedPageRecords {
    /// Writes the records file. A killed build leaves the last one, whose records the output's
    /// bytes then no longer match.
    func write(_ path: String) {
        BuildStateFile.write(text, to: path)
    }
}
