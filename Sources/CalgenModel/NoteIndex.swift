import CalgenCore

/// The notes by audience, so that each subscriber's notes are found without testing every note.
package struct NoteIndex: Sendable {
    package let notes: [Note]
    private let byAudience: [String: [Int]]

    package init(notes: [Note]) {
        self.notes = notes
        var byAudience = [String: [Int]]()
        for (index, note) in notes.enumerated() {
            for audience in Set(note.audience) { byAudience[audience, default: []].append(index) }
        }
        self.byAudience = byAudience
    }

    /// The notes addressed to any of the audiences that overlap the days, in reading order.
    package func addressed(to audiences: Set<String>, from first: CivilDate, through last: CivilDate) -> [Note] {
        var indexes = Set<Int>()
        for audience in audiences { indexes.formUnion(byAudience[audience] ?? []) }
        return indexes.sorted().map { notes[$0] }.filter { $0.overlaps(first, last) }
    }
}
