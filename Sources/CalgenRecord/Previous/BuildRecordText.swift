import CalgenSupport
import Foundation

/// The record's file: a header line, then one line per entry, fields apart by tabs, sorted:
///
///     calgen-record 1
///     inputs <sha256>
///     report <name> <number>
///     input <label> <path> <device inode size modified changed> <sha256>
///     subscribers <sha256 of what their parse depended on>
///     subscriber <path> <sha256> <id token-epoch years-before years-after schedule notes>
///     notes <sha256 of what their parse depended on>
///     note <path> <sha256> <the note, its parts apart by U+001F (`RecordedNotes.text(of:)`)>
///     file <path> <device inode size modified> <sha256 or -> <key or ->
///     folder <path> <device inode 0 modified>
///
/// An output of ten thousand subscribers has some 60,000 lines: they are read byte by byte
/// (`RecordReader`), and only paths and digests become strings. A line that does not read as one of these makes the whole record
/// unbelieved (every file is then read and every artifact rendered, as on a first build).
extension BuildRecord {
    /// The file's bytes: some 60,000 lines for an output of 10,000 subscribers, written straight
    /// into one buffer.
    package var encoded: [UInt8] {
        encoded(files: artifacts.sorted { $0.key < $1.key }.map { RecordedFile(path: $0.key, artifact: $0.value) })
    }

    /// The same with `files` (sorted by path) for its files instead of `artifacts` (a build has
    /// them in its plan's order): the `file` lines, most of the record, are written in parts on
    /// all cores.
    package func encoded(files: [RecordedFile]) -> [UInt8] {
        var out = RecordWriter(
            capacity: 64 + inputs.entries.count * 150 + subscribers.entries.count * 120
                + notes.entries.values.reduce(0) { $0 + $1.note.utf8.count + 150 })
        out.line(BuildRecord.header)
        if let inputsDigest { out.line("inputs", inputsDigest) }
        for name in report.keys.sorted() {
            out.put("report\t" + name + "\t")
            out.put(Int64(report[name]!))
            out.newline()
        }
        for key in inputs.entries.keys.sorted() {
            let entry = inputs.entries[key]!
            out.put("input\t" + key + "\t")
            out.put(entry.stat)
            out.tab()
            out.put(entry.digest)
            out.newline()
        }
        if let dependencies = subscribers.dependencies { out.line("subscribers", dependencies) }
        for path in subscribers.entries.keys.sorted() {
            let entry = subscribers.entries[path]!
            out.line("subscriber", path, entry.digest, entry.summary)
        }
        if let dependencies = notes.dependencies { out.line("notes", dependencies) }
        for path in notes.entries.keys.sorted() {
            let entry = notes.entries[path]!
            out.line("note", path, entry.digest, entry.note)
        }
        let parts = ParallelMap.map(files, chunksOf: 4096) { chunk in
            var part = RecordWriter(capacity: chunk.count * 170)
            for file in chunk {
                let artifact = file.artifact
                part.put("file\t")
                part.put(file.path)
                part.tab()
                part.put(artifact.stamp)
                part.tab()
                part.put(artifact.sha256 ?? "-")
                part.tab()
                part.put(artifact.key ?? "-")
                part.newline()
            }
            return part.bytes
        }
        for part in parts { out.bytes += part }
        for path in folders.keys.sorted() {
            out.put("folder\t")
            out.put(path)
            out.tab()
            out.put(folders[path]!)
            out.newline()
        }
        return out.bytes
    }

    /// The same as text.
    var text: String { String(decoding: encoded, as: UTF8.self) }

    /// The record in `bytes`; `nil` when they are not one calgen writes. With `keeping`, the
    /// lines of other kinds are checked as the parse checks them but not kept (a build that goes
    /// on has the inputs from the record's head, and asks nothing of the folders).
    package static func parse(_ bytes: [UInt8], keeping: Set<RecordReader.LineKind>? = nil) -> BuildRecord? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = RecordReader(buffer: buffer)
            var record = BuildRecord()
            guard let first = reader.line(), first.count == 1, reader.text(first[0]) == BuildRecord.header else { return nil }
            // About one line a file: sized once, not grown step by step.
            record.artifacts.reserveCapacity(buffer.count / 120)
            var fields = [Range<Int>]()
            fields.reserveCapacity(5)
            while reader.line(into: &fields) {
                if let keeping, let kind = reader.kind(fields[0]), !keeping.contains(kind) {
                    guard reader.holds(fields, kind) else { return nil }
                    continue
                }
                guard record.add(fields, reader) else { return nil }
            }
            return record
        }
    }

    /// The lines of `kinds`, read as `parse` reads them, up to the first line of kind `stop`
    /// (all of them without one); every other line is passed over unread (one damaged there is
    /// found when the whole record is parsed). `nil` when the header or one of those lines is not
    /// one calgen writes. A build's first look reads the head so (`BuildRecordBytes.head`), and
    /// its loader the subscribers' and the notes' lines, which come before the files' and are
    /// believed only if the whole record is.
    package static func parse(
        _ bytes: [UInt8], only kinds: Set<RecordReader.LineKind>, before stop: RecordReader.LineKind? = nil
    ) -> BuildRecord? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = RecordReader(buffer: buffer)
            var record = BuildRecord()
            guard let first = reader.line(), first.count == 1, reader.text(first[0]) == BuildRecord.header else { return nil }
            var fields = [Range<Int>]()
            fields.reserveCapacity(5)
            while reader.line(into: &fields) {
                guard let kind = reader.kind(fields[0]) else { continue }
                if kind == stop { break }
                guard kinds.contains(kind) else { continue }
                guard record.add(fields, reader) else { return nil }
            }
            return record
        }
    }

    /// Adds one line's entry; false when the line is not one of the record's: every digest is
    /// 64 lower-case hex digits (or `-` where none may be), every path valid UTF-8, so that a
    /// record believed reads back exactly as it is written.
    mutating func add(_ line: [Range<Int>], _ reader: RecordReader) -> Bool {
        guard let kind = line.first.flatMap(reader.kind) else { return false }
        switch (kind, line.count) {
        case (.file, 5):
            guard let path = reader.text(line[1]), let stamp = reader.stamp(line[2]),
                let sha = reader.digest(line[3], orNone: true), let key = reader.digest(line[4], orNone: true)
            else { return false }
            artifacts[path] = Artifact(stamp: stamp, sha256: sha == "-" ? nil : sha, key: key == "-" ? nil : key)
        case (.folder, 3):
            guard let path = reader.text(line[1]), let stamp = reader.stamp(line[2]) else { return false }
            folders[path] = stamp
        case (.input, 5):
            guard let label = reader.text(line[1]), let path = reader.text(line[2]), let numbers = reader.numbers(line[3]),
                numbers.count == 5, let digest = reader.digest(line[4], orNone: false)
            else { return false }
            inputs.entries[label + "\t" + path] = .init(stat: numbers, digest: digest)
        case (.subscribers, 2):
            guard let digest = reader.digest(line[1], orNone: false) else { return false }
            subscribers.dependencies = digest
        case (.subscriber, 4):
            // The summary is read back when it is needed (`RecordedSubscribers.vouched`).
            guard let path = reader.text(line[1]), let digest = reader.digest(line[2], orNone: false),
                let summary = reader.text(line[3])
            else { return false }
            subscribers.entries[path] = .init(digest: digest, summary: summary)
        case (.notes, 2):
            guard let digest = reader.digest(line[1], orNone: false) else { return false }
            notes.dependencies = digest
        case (.note, 4):
            // The note is read back when it is needed (`RecordedNotes.vouched`).
            guard let path = reader.text(line[1]), let digest = reader.digest(line[2], orNone: false),
                let note = reader.text(line[3])
            else { return false }
            notes.entries[path] = .init(digest: digest, note: note)
        case (.inputs, 2):
            guard let digest = reader.digest(line[1], orNone: false) else { return false }
            inputsDigest = digest
        case (.report, 3):
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

/// The bytes of a record being written: fields, numbers and stamps appended as bytes.
struct RecordWriter {
    var bytes: [UInt8]

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    mutating func put(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func tab() { bytes.append(0x09) }

    mutating func newline() { bytes.append(0x0A) }

    /// A line of `fields` apart by tabs.
    mutating func line(_ fields: String...) {
        for (i, field) in fields.enumerated() {
            if i > 0 { tab() }
            put(field)
        }
        newline()
    }

    /// A number in decimal digits (with `-` when negative).
    mutating func put(_ number: Int64) {
        if number < 0 { bytes.append(0x2D) }
        var value = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for the 20 digits of any magnitude
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[24 - count] = UInt8(truncatingIfNeeded: value % 10) + 0x30
                value /= 10
            } while value > 0
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// Numbers apart by spaces.
    mutating func put(_ numbers: [Int64]) {
        for (i, number) in numbers.enumerated() {
            if i > 0 { bytes.append(0x20) }
            put(number)
        }
    }

    /// A stamp's four numbers apart by spaces.
    mutating func put(_ stamp: BuildRecord.Stamp) {
        put(stamp.device)
        bytes.append(0x20)
        put(stamp.inode)
        bytes.append(0x20)
        put(stamp.size)
        bytes.append(0x20)
        put(stamp.modified)
    }
}

/// One file of a record being written: its path and what the record says of it.
package struct RecordedFile: Sendable {
    let path: String
    let artifact: BuildRecord.Artifact

    package init(path: String, artifact: BuildRecord.Artifact) {
        self.path = path
        self.artifact = artifact
    }
}
