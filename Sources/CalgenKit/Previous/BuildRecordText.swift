import Foundation

/// The record's file: a header line, then one line per entry, fields apart by tabs, sorted:
///
///     calgen-record 1
///     inputs <sha256>
///     report <name> <number>
///     input <label> <path> <device inode size modified changed> <sha256>
///     subscribers <sha256 of what their parse depended on>
///     subscriber <path> <sha256> <id token-epoch years-before years-after schedule notes>
///     file <path> <device inode size modified> <sha256 or -> <key or ->
///     folder <path> <device inode 0 modified>
///
/// An output of ten thousand subscribers has some 60,000 lines: they are read byte by byte
/// (`RecordReader`), and only paths and digests become strings. A line that does not read as one of these makes the whole record
/// unbelieved (every file is then read and every artifact rendered, as on a first build).
extension BuildRecord {
    /// The file's bytes: some 60,000 lines for an output of 10,000 subscribers, written straight
    /// into one buffer.
    var encoded: [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(
            64 + artifacts.count * 150 + inputs.entries.count * 150 + subscribers.entries.count * 120 + folders.count * 60)
        func put(_ text: String) { out.append(contentsOf: text.utf8) }
        func put(_ number: Int64) { out.append(contentsOf: String(number).utf8) }
        func put(_ stamp: Stamp) {
            for (i, number) in [stamp.device, stamp.inode, stamp.size, stamp.modified].enumerated() {
                if i > 0 { out.append(0x20) }
                put(number)
            }
        }
        put(BuildRecord.header + "\n")
        if let inputsDigest { put("inputs\t" + inputsDigest + "\n") }
        for name in report.keys.sorted() { put("report\t\(name)\t\(report[name]!)\n") }
        for key in inputs.entries.keys.sorted() {
            let entry = inputs.entries[key]!
            put("input\t" + key + "\t")
            for (i, number) in entry.stat.enumerated() {
                if i > 0 { out.append(0x20) }
                put(number)
            }
            put("\t" + entry.digest + "\n")
        }
        if let dependencies = subscribers.dependencies { put("subscribers\t" + dependencies + "\n") }
        for path in subscribers.entries.keys.sorted() {
            let entry = subscribers.entries[path]!
            put("subscriber\t" + path + "\t" + entry.digest + "\t" + entry.summary + "\n")
        }
        for path in artifacts.keys.sorted() {
            let artifact = artifacts[path]!
            put("file\t" + path + "\t")
            put(artifact.stamp)
            put("\t" + (artifact.sha256 ?? "-") + "\t" + (artifact.key ?? "-") + "\n")
        }
        for path in folders.keys.sorted() {
            put("folder\t" + path + "\t")
            put(folders[path]!)
            out.append(0x0A)
        }
        return out
    }

    /// The same as text.
    var text: String { String(decoding: encoded, as: UTF8.self) }

    /// The record in `bytes`; `nil` when they are not one calgen writes.
    static func parse(_ bytes: [UInt8]) -> BuildRecord? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = RecordReader(buffer: buffer)
            var record = BuildRecord()
            guard let first = reader.line(), first.count == 1, reader.text(first[0]) == BuildRecord.header else { return nil }
            // About one line a file: sized once, not grown step by step.
            record.artifacts.reserveCapacity(buffer.count / 120)
            while let line = reader.line() {
                guard record.add(line, reader) else { return nil }
            }
            return record
        }
    }

    /// Adds one line's entry; false when the line is not one of the record's: every digest is
    /// 64 lower-case hex digits (or `-` where none may be), every path valid UTF-8, so that a
    /// record believed reads back exactly as it is written.
    mutating func add(_ line: [Range<Int>], _ reader: RecordReader) -> Bool {
        guard let kind = line.first.flatMap(reader.text) else { return false }
        switch (kind, line.count) {
        case ("file", 5):
            guard let path = reader.text(line[1]), let stamp = reader.stamp(line[2]),
                let sha = reader.digest(line[3], orNone: true), let key = reader.digest(line[4], orNone: true)
            else { return false }
            artifacts[path] = Artifact(stamp: stamp, sha256: sha == "-" ? nil : sha, key: key == "-" ? nil : key)
        case ("folder", 3):
            guard let path = reader.text(line[1]), let stamp = reader.stamp(line[2]) else { return false }
            folders[path] = stamp
        case ("input", 5):
            guard let label = reader.text(line[1]), let path = reader.text(line[2]), let numbers = reader.numbers(line[3]),
                numbers.count == 5, let digest = reader.digest(line[4], orNone: false)
            else { return false }
            inputs.entries[label + "\t" + path] = .init(stat: numbers, digest: digest)
        case ("subscribers", 2):
            guard let digest = reader.digest(line[1], orNone: false) else { return false }
            subscribers.dependencies = digest
        case ("subscriber", 4):
            // The summary is read back when it is needed (`RecordedSubscribers.vouched`).
            guard let path = reader.text(line[1]), let digest = reader.digest(line[2], orNone: false),
                let summary = reader.text(line[3])
            else { return false }
            subscribers.entries[path] = .init(digest: digest, summary: summary)
        case ("inputs", 2):
            guard let digest = reader.digest(line[1], orNone: false) else { return false }
            inputsDigest = digest
        case ("report", 3):
            guard let name = reader.text(line[1]), let number = reader.numbers(line[2]), number.count == 1 else {
                return false
            }
            report[name] = Int(number[0])
        default:
            return false
        }
        return true
    }

    /// The record in the file at `path`; an empty one when it is missing, not a regular file
    /// beside the output, larger than `maxBytes`, or not one calgen writes.
    static func read(_ path: String) -> BuildRecord {
        BuildRecordBytes.read(path).record
    }

    /// The largest record read: some 30 times that of an output of 10,000 subscribers. A larger
    /// one is no record (a full build).
    static let maxBytes = 256 << 20
}
