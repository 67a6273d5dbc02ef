import CalgenCore
import CalgenLoad
import CalgenSupport

/// The note every note file of the last build gave, kept in its `BuildRecord`, so that the next
/// build neither reads nor parses a note file that did not change: by path below the content
/// folder, the digest of the bytes the note was parsed from, and the note; and the digest of
/// what every note's parse depended on (this calgen: its parser, and the cmark it renders with).
///
/// A note is believed for a file only when the record's fingerprint of that file (its `lstat`
/// and digest, `InputFingerprints`) still matches the file and names the same digest, under
/// the same dependencies. A note is recorded only when its text reads back as exactly that note,
/// so a note believed is the note a parse of the unchanged file gives. The record sits beside
/// the output and is trusted as far as the output is: a note read back is still checked as a
/// parse would leave it (its slug, dates, times and audiences), so a damaged line stands for
/// nothing and that file is read.
package struct RecordedNotes: Sendable, Equatable {
    /// One file's digest and its note as the record writes it (`text(of:)`): read back only
    /// for a file whose fingerprint still matches.
    struct Entry: Sendable, Equatable {
        var digest: String
        var note: String
    }

    /// The digest of what the parses depended on.
    var dependencies: String?
    /// By path below the content folder (`notes/2026/duty.md`).
    var entries: [String: Entry] = [:]

    /// What a build records of the note files it loaded (`sources`, by path), all parsed under
    /// `dependencies` (a digest): each note whose text reads back as the same note.
    package init(sources: [String: NoteSource], dependencies: String) {
        let written = ParallelMap.map(Array(sources), chunksOf: 256) { chunk in
            chunk.map { path, source -> (String, Entry)? in
                // A note vouched for by the last record is written as that record had it.
                if let recorded = source.recorded { return (path, Entry(digest: source.digest, note: recorded)) }
                let text = RecordedNotes.text(of: source.note)
                guard RecordedNotes.note(text, file: source.note.file) == source.note else { return nil }
                return (path, Entry(digest: source.digest, note: text))
            }
        }
        for chunk in written { for case (let path, let entry)? in chunk { entries[path] = entry } }
        self.dependencies = dependencies
    }

    package init() {}

    /// The notes of the files this record vouches for, by path below the content folder: those
    /// whose fingerprint in `fingerprints` is the one `stamps` gives now, under the same
    /// `dependencies`. A note that no file can give is not believed: that file is read.
    package func vouched(
        stamps: [String: [Int64]], fingerprints: InputFingerprints, dependencies: String
    ) -> [String: NoteVouch.Known] {
        guard self.dependencies == dependencies else { return [:] }
        // Thousands of notes, each with its HTML, are read back on every build.
        let entries = self.entries
        return fingerprints.unchanged(
            stamps, recorded: { entries[$0]?.digest },
            read: { path in
                guard let entry = entries[path], let note = Self.note(entry.note, file: "") else { return nil }
                return NoteVouch.Known(digest: entry.digest, note: note, recorded: entry.note)
            })
    }

    // MARK: The note as one field

    /// Between the parts of a note's field.
    private static let part: UInt8 = 0x1F
    /// Between the items of a list (tags, audiences).
    private static let item: UInt8 = 0x1E

    /// A note as one field of the record: slug, title, start, end, time (minutes, `~` for none),
    /// duration (minutes or `~`), tags, draft, audience, HTML, text, feeds only and minor, apart
    /// by U+001F, list items apart by U+001E, each text escaped (`\\`, `\t`, `\n`, `\r`, and
    /// `\s`, `\l` for the two separators) so that the field holds no tab and no line break.
    /// The note's `file` is not in it: the loader names the file.
    static func text(of note: Note) -> String {
        var out = [UInt8]()
        out.reserveCapacity(note.html.utf8.count + note.text.utf8.count + 128)
        func put(_ text: String) {
            for byte in text.utf8 {
                switch byte {
                case 0x5C: out += [0x5C, 0x5C]
                case 0x09: out += [0x5C, 0x74]
                case 0x0A: out += [0x5C, 0x6E]
                case 0x0D: out += [0x5C, 0x72]
                case part: out += [0x5C, 0x73]
                case item: out += [0x5C, 0x6C]
                default: out.append(byte)
                }
            }
        }
        func next() { out.append(part) }
        func list(_ items: [String]) {
            for (i, text) in items.enumerated() {
                if i > 0 { out.append(item) }
                put(text)
            }
        }
        put(note.slug)
        next()
        put(note.title)
        next()
        put(note.start.iso8601)
        next()
        put(note.end.iso8601)
        next()
        put(note.time.map { String($0.hour * 60 + $0.minute) } ?? "~")
        next()
        put(note.duration.map { String($0.minutes) } ?? "~")
        next()
        list(note.tags)
        next()
        put(note.draft ? "1" : "0")
        next()
        list(note.audience)
        next()
        put(note.html)
        next()
        put(note.text)
        next()
        put(note.feedsOnly ? "1" : "0")
        next()
        put(note.minor ? "1" : "0")
        return String(decoding: out, as: UTF8.self)
    }

    /// The note in a field written by `text(of:)`, read from the file named `file`; `nil` when
    /// it is not one a note file can give.
    static func note(_ text: String, file: String) -> Note? {
        var text = text
        return text.withUTF8 { note(bytes: $0, file: file) }
    }

    private static func note(bytes: UnsafeBufferPointer<UInt8>, file: String) -> Note? {
        // The parts and their items as ranges of the bytes, read in one pass.
        var items = [Range<Int>]()
        var partEnds = [Int]()
        items.reserveCapacity(16)
        var from = 0
        var escapes = false
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case 0x5C:
                escapes = true
                i += 1
            case part, item:
                items.append(from..<i)
                if bytes[i] == part { partEnds.append(items.count) }
                from = i + 1
            case 0x09, 0x0A, 0x0D: return nil
            default: break
            }
            i += 1
        }
        guard i == bytes.count else { return nil }
        items.append(from..<bytes.count)
        partEnds.append(items.count)
        guard partEnds.count == 13 else { return nil }
        func string(_ range: Range<Int>) -> String? {
            let slice = UnsafeBufferPointer(rebasing: bytes[range])
            guard escapes, slice.contains(0x5C) else { return String(decoding: slice, as: UTF8.self) }
            var out = [UInt8]()
            out.reserveCapacity(slice.count)
            var escaped = false
            for byte in slice {
                guard escaped else {
                    if byte == 0x5C { escaped = true } else { out.append(byte) }
                    continue
                }
                switch byte {
                case 0x5C: out.append(0x5C)
                case 0x74: out.append(0x09)
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                case 0x73: out.append(part)
                case 0x6C: out.append(item)
                default: return nil
                }
                escaped = false
            }
            return escaped ? nil : String(decoding: out, as: UTF8.self)
        }
        var parts = [[String]]()
        parts.reserveCapacity(13)
        var start = 0
        for end in partEnds {
            var part = [String]()
            for range in items[start..<end] {
                guard let text = string(range) else { return nil }
                part.append(text)
            }
            parts.append(part)
            start = end
        }
        // Every part but the two lists is one item.
        for (i, part) in parts.enumerated() where i != 6 && i != 8 && part.count != 1 { return nil }
        func one(_ i: Int) -> String { parts[i][0] }
        func list(_ i: Int) -> [String] { parts[i] == [""] ? [] : parts[i] }
        func flag(_ i: Int) -> Bool? { one(i) == "1" ? true : one(i) == "0" ? false : nil }
        // Numbers as `String(_:)` writes them, so that a note read back is written the same.
        func number(_ i: Int, _ range: ClosedRange<Int>) -> Int?? {
            if one(i) == "~" { return .some(nil) }
            guard let value = Int(one(i)), String(value) == one(i), range.contains(value) else { return nil }
            return .some(value)
        }
        guard Identifier.isSlug(one(0)), !one(1).isEmpty, let start = CivilDate(iso: one(2)), start.iso8601 == one(2),
            let end = CivilDate(iso: one(3)), end.iso8601 == one(3), start <= end,
            let minutes = number(4, 0...(24 * 60 - 1)), let span = number(5, 0...Limits.durationMinutes),
            let draft = flag(7), let feedsOnly = flag(11), let minor = flag(12)
        else { return nil }
        let audience = list(8)
        guard audience.allSatisfy(Identifier.isValid), !list(6).contains("") else { return nil }
        return Note(
            slug: one(0), title: one(1), start: start, end: end,
            time: minutes.flatMap { TimeOfDay(hour: $0 / 60, minute: $0 % 60) }, duration: span.map(TimeSpan.init),
            tags: list(6), draft: draft, audience: audience, html: one(9), text: one(10), file: file,
            feedsOnly: feedsOnly, minor: minor)
    }
}

extension InputDigest {
    /// The digest of what note files were parsed under: this calgen (its parser, and the cmark
    /// it renders Markdown with, both in the head). A build record's notes stand for their files
    /// only under the same.
    package static var noteParse: String {
        var digest = InputDigest()
        digest.add("notes", "1")
        return digest.sha256
    }
}
