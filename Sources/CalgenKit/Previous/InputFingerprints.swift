import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The SHA-256 of each input file the last build hashed, with the `lstat` it had then (device,
/// inode, size, modification and change times to the nanosecond), kept beside the output
/// (`.public.calgen-inputs`, never published). A file whose `lstat` is still the recorded one
/// is not read again: its recorded digest stands for its bytes.
///
/// A file is recorded only when its stamp may be trusted (`FileStamp.isSettled`: its change time
/// lies `FileStamp.settled` seconds before the moment it was examined). Anything else (a newer
/// file, a name with a tab or line break, an unreadable file) is simply read and hashed every time.
struct InputFingerprints: Sendable, Equatable {
    /// One file's `lstat` when it was hashed, and the digest.
    struct Entry: Sendable, Equatable {
        var stat: [Int64]
        var digest: String
    }

    /// By `label<TAB>path` (`content`/`templates`, the path relative to that directory).
    var entries: [String: Entry] = [:]

    /// `public` → `.public.calgen-inputs` beside it.
    static func path(forOutput output: String) -> String {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".calgen-inputs"
    }

    /// The recorded digest of `label`/`path` when its `lstat` is still `info`.
    func digest(_ label: String, _ path: String, _ info: stat) -> String? {
        guard let entry = entries[label + "\t" + path], entry.stat == FileStamp.of(info) else { return nil }
        return entry.digest
    }

    // MARK: The file

    /// The fingerprints in the file at `path`; none when it is missing or unreadable (then every
    /// file is hashed). A damaged line is skipped.
    static func read(_ path: String) -> InputFingerprints {
        guard let data = FileManager.default.contents(atPath: path) else { return InputFingerprints() }
        var fingerprints = InputFingerprints()
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.first == "calgen-inputs 1" else { return fingerprints }
        lines = lines.dropFirst()
        fingerprints.entries.reserveCapacity(lines.count)
        for line in lines {
            // `label<TAB>path<TAB>dev ino size mtime ctime<TAB>digest`
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, fields[3].utf8.count == 64 else { continue }
            let numbers = fields[2].split(separator: " ").compactMap { Int64($0) }
            guard numbers.count == 5 else { continue }
            fingerprints.entries[fields[0] + "\t" + fields[1]] = Entry(stat: numbers, digest: String(fields[3]))
        }
        return fingerprints
    }
}
