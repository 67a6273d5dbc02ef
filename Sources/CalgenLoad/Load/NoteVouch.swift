import CalgenCore

/// Which note files a loader need not read: given the stamp of every file below `notes/` as
/// listed now (by path below the content folder), the digest and note of each file known
/// unchanged since it was last parsed by this calgen. A build makes one from its record
/// (`RecordedNotes`), so that one note edited is the one note read and parsed again.
package struct NoteVouch: Sendable {
    /// A note file known unchanged: its digest and the note its last parse gave (with `file`
    /// as the loader names it, for messages).
    package struct Known: Sendable, Equatable {
        var digest: String
        var note: Note
        /// The note as the record wrote it, written again as it is.
        var recorded: String

        package init(digest: String, note: Note, recorded: String) {
            self.digest = digest
            self.note = note
            self.recorded = recorded
        }
    }

    let known: @Sendable (_ stamps: [String: [Int64]]) -> [String: Known]

    package init(known: @escaping @Sendable (_ stamps: [String: [Int64]]) -> [String: Known]) {
        self.known = known
    }
}

/// A note file as the loader read it, or took it from the record: for the next build's record.
package struct NoteSource: Sendable, Equatable {
    /// The SHA-256 of the file's bytes.
    package let digest: String
    /// The note its bytes give (drafts too).
    package let note: Note
    /// The note's text in the record it was vouched for by (`RecordedNotes`); `nil` when parsed.
    package var recorded: String? = nil
}

extension Note {
    /// The same note, read from the file named `file` in messages.
    package func named(_ file: String) -> Note {
        Note(
            slug: slug, title: title, start: start, end: end, time: time, duration: duration, tags: tags, draft: draft,
            audience: audience, html: html, text: text, file: file, feedsOnly: feedsOnly, minor: minor)
    }
}
