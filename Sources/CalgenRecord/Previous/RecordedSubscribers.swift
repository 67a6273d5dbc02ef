import CalgenCore
import CalgenLoad

/// The summary of every subscriber a build loaded, kept in its `BuildRecord`, so that the next
/// build neither reads nor parses a subscriber's file that did not change: by path below the
/// content folder, the digest of the bytes the summary was parsed from, and the summary; and the
/// digest of what every subscriber's parse depended on (this calgen, the site's time zone and
/// every work schedule, which a subscriber's `schedule:` is checked against).
///
/// A summary is believed for a file only when the record's fingerprint of that file (its
/// `lstat` and digest, `InputFingerprints`) still matches the file, names the same digest, and
/// the parse would depend on the same things.
package struct RecordedSubscribers: Sendable, Equatable {
    /// One file's digest and its subscriber's summary as the record writes it (`text(of:)`):
    /// read back only for a file whose fingerprint still matches, so that a build that stops
    /// early reads 10,000 of them as cheaply as any other line.
    struct Entry: Sendable, Equatable {
        var digest: String
        var summary: String
    }

    /// The digest of what the parses depended on.
    var dependencies: String?
    /// By path below the content folder (`users/zhang-san.yml`).
    var entries: [String: Entry] = [:]

    /// What a build records of the subscribers it loaded: every one's summary (`roster`) with
    /// the digest and path of their file (`sources`), all parsed under `dependencies` (a
    /// digest). Nothing when a subscriber's file is unknown (a site made in memory).
    package init(roster: SubscriberRoster, sources: SourceDigests, dependencies: String?) {
        guard let dependencies else { return }
        for summary in roster.summaries {
            guard let path = sources.subscriberPaths[summary.id], let digest = sources.subscribers[summary.id] else {
                entries = [:]
                return
            }
            entries[path] = Entry(digest: digest, summary: RecordedSubscribers.text(of: summary))
        }
        self.dependencies = dependencies
    }

    package init() {}

    /// The summaries of the files this record vouches for, by path below the content folder:
    /// those whose fingerprint in `fingerprints` is `stamps` gives now, under the same
    /// `dependencies`.
    /// A summary that no subscriber's file can give is not believed: that file is read.
    package func vouched(
        stamps: [String: [Int64]], fingerprints: InputFingerprints, dependencies: String
    ) -> [String: SubscriberVouch.Known] {
        guard self.dependencies == dependencies else { return [:] }
        // Ten thousand subscribers' summaries are read back on every build.
        let entries = self.entries
        return fingerprints.unchanged(
            stamps, recorded: { entries[$0]?.digest },
            read: { path in
                guard let entry = entries[path], let summary = Self.summary(entry.summary),
                    ContentLoader.stem(of: String(path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...]))
                        == summary.id
                else { return nil }
                return SubscriberVouch.Known(digest: entry.digest, summary: summary)
            })
    }

    /// A summary as one field of the record: `id token-epoch years-before years-after schedule
    /// notes`, `~` for what is not set (no name is `~`; `-` may be one), the notes' audiences
    /// apart by commas.
    static func text(of summary: SubscriberSummary) -> String {
        [
            summary.id, String(summary.tokenEpoch), summary.yearsBefore.map(String.init) ?? "~",
            summary.yearsAfter.map(String.init) ?? "~", summary.schedule ?? "~",
            summary.noteAudiences.isEmpty ? "~" : summary.noteAudiences.joined(separator: ","),
        ].joined(separator: " ")
    }

    /// The summary in a field written by `text(of:)`; `nil` when it is not one a subscriber's
    /// file can give (every name an identifier, every number in its file's range).
    static func summary(_ text: String) -> SubscriberSummary? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        // Numbers as `String(_:)` writes them, so that a summary read back is written the same.
        func number(_ field: String) -> Int? { Int(field).flatMap { String($0) == field ? $0 : nil } }
        guard fields.count == 6, Identifier.isValid(fields[0]), let epoch = number(fields[1]),
            Limits.tokenEpoch.contains(epoch)
        else { return nil }
        func years(_ field: String) -> Int?? {
            if field == "~" { return .some(nil) }
            guard let value = number(field), (0...Limits.feedYears).contains(value) else { return nil }
            return .some(value)
        }
        guard let before = years(fields[2]), let after = years(fields[3]) else { return nil }
        let schedule: String? = fields[4] == "~" ? nil : fields[4]
        if let schedule, !Identifier.isValid(schedule) { return nil }
        let notes = fields[5] == "~" ? [] : fields[5].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard notes.allSatisfy(Identifier.isValid) else { return nil }
        return SubscriberSummary(
            id: fields[0], noteAudiences: notes, yearsBefore: before, yearsAfter: after, tokenEpoch: epoch,
            schedule: schedule)
    }
}
