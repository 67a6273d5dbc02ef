import CalgenCore
import CalgenModel
import CalgenSupport

/// What changed for people, version by version: a year's arrangement published or corrected, a
/// note added, changed or removed. Kept in the site manifest (`news`, with the state of every note
/// in `notes`), so that it carries over from build to build, also through `--previous-site`, and
/// rendered as the Atom feed `changes.xml`.
package struct NewsItem: Codable, Equatable, Sendable {
    /// The site version that brought the change.
    var version: Int
    /// That version's `generatedAt`.
    package var date: String
    /// `published`, `announced`, `added-year`, `corrected`, `note-added`, `note-changed` or `note-removed`.
    var kind: String
    /// One line for people, in the site's language: `2027年放假安排已发布`.
    package var title: String
    /// The page it is about, relative to the site root (`2027/`, `notes/duty/`).
    package var path: String

    package init(version: Int, date: String, kind: String, title: String, path: String) {
        self.version = version
        self.date = date
        self.kind = kind
        self.title = title
        self.path = path
    }
}

/// A note as the manifest remembers it, to tell a changed note from an unchanged one.
package struct NoteState: Codable, Equatable, Sendable {
    package var slug: String
    var title: String
    /// A SHA-256 over what a reader sees of the note: title, dates, time, tags and body.
    var sha256: String
    /// `minor: true` in the note: an edit is no news. Not kept in the manifest.
    var minor = false

    private enum CodingKeys: String, CodingKey {
        case slug, title, sha256
    }

    /// Equal when the manifest keeps the same: `minor` is not part of it.
    package static func == (a: NoteState, b: NoteState) -> Bool {
        (a.slug, a.title, a.sha256) == (b.slug, b.title, b.sha256)
    }

    init(slug: String, title: String, sha256: String, minor: Bool = false) {
        self.slug = slug
        self.title = title
        self.sha256 = sha256
        self.minor = minor
    }

    package init(_ note: Note) {
        let text = [
            note.title, note.start.iso8601, note.end.iso8601, note.time?.description ?? "", "\(note.duration?.minutes ?? 0)",
            note.tags.joined(separator: ","), note.draft ? "draft" : "", note.html,
        ].joined(separator: "\n")
        self.init(slug: note.slug, title: note.title, sha256: Digest.sha256(Array(text.utf8)), minor: note.minor)
    }
}

/// The news of what changed, kept in the site manifest from build to build (`NewsItem`).
package enum ChangeNews {
    /// How many items the manifest keeps, newest first.
    static let kept = 100

    /// The news by the version that brought it, in the order given (newest first): what the
    /// changes page and `changes.xml` show as one entry each.
    package static func byVersion(_ news: [NewsItem]) -> [(version: Int, items: [NewsItem])] {
        var versions = [Int]()
        var byVersion = [Int: [NewsItem]]()
        for item in news {
            if byVersion[item.version] == nil { versions.append(item.version) }
            byVersion[item.version, default: []].append(item)
        }
        return versions.map { ($0, byVersion[$0]!) }
    }

    /// The news after this build: what changed since `previous` (stamped `version` and `date`),
    /// then the previous news. A site's first build has one item, that it was published.
    package static func items(
        previous: Manifest?, years: [Manifest.Year], notes: [NoteState], version: Int, date: String,
        strings: SiteStrings
    ) -> [NewsItem] {
        var new = [NewsItem]()
        func add(_ kind: String, _ title: String, _ path: String) {
            new.append(NewsItem(version: version, date: date, kind: kind, title: title, path: path))
        }
        guard let previous else {
            let announced = years.filter(\.announced).map(\.year)
            add("published", strings.newsPublished(first: years.first?.year, last: announced.last), "")
            return new
        }
        var before = [Int: Manifest.Year]()
        for year in previous.years { before[year.year] = year }
        for year in years {
            let path = PagePath.year(year.year)
            switch before[year.year] {
            case nil:
                if year.announced {
                    add("announced", strings.newsAnnounced(year.year), path)
                } else {
                    add("added-year", strings.newsYearAdded(year.year), path)
                }
            case let old? where !old.announced && year.announced:
                add("announced", strings.newsAnnounced(year.year), path)
            case let old? where old.sha256 != year.sha256:
                add("corrected", strings.newsCorrected(year.year), path)
            default:
                break
            }
        }
        // A manifest from before `notes` knows no notes: nothing to compare them with.
        if let oldNotes = previous.notes {
            var old = [String: NoteState]()
            for note in oldNotes { old[note.slug] = note }
            let current = Set(notes.map(\.slug))
            for note in notes {
                if let was = old[note.slug] {
                    if was.sha256 != note.sha256 && !note.minor {
                        add("note-changed", strings.newsNoteChanged(note.title), PagePath.note(note.slug))
                    }
                } else {
                    add("note-added", strings.newsNoteAdded(note.title), PagePath.note(note.slug))
                }
            }
            for note in oldNotes.sorted(by: { $0.slug < $1.slug }) where !current.contains(note.slug) {
                add("note-removed", strings.newsNoteRemoved(note.title), PagePath.notes)
            }
        }
        return Array((new + (previous.news ?? [])).prefix(kept))
    }
}
