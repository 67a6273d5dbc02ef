import CalgenCore
import CalgenModel

/// `notes/index.html`: every note by date (newest year first) and by tag.
struct NotesIndexPage: SitePage {
    static let template = "notes"

    let pages: HTMLPages

    static func all(_ pages: HTMLPages) -> [NotesIndexPage] { [NotesIndexPage(pages: pages)] }

    var path: String { PagePath.notes + PagePath.index }

    func context() -> [String: Any] {
        let root = "../"
        let notes = pages.site.notes
        let words = pages.strings.ui
        var context = pages.common(
            path: PagePath.notes, title: "\(words.notesTitle) · \(pages.site.config.title)", root: root,
            description: words.notesDescription)
        let byYear = Dictionary(grouping: notes) { $0.start.year }
        context["years"] = byYear.keys.sorted(by: >).map { year -> [String: Any] in
            ["year": year, "notes": byYear[year]!.map { pages.noteSummary($0, root: root) }]
        }
        var byTag = [String: [Note]]()
        for note in notes {
            for tag in note.tags { byTag[tag, default: []].append(note) }
        }
        context["tags"] = byTag.keys.sorted().map { tag -> [String: Any] in
            [
                "tag": tag, "anchor": HTMLPages.tagAnchor(tag), "count": byTag[tag]!.count,
                "notes": byTag[tag]!.map { pages.noteSummary($0, root: root) },
            ]
        }
        context["hasTags"] = !byTag.isEmpty
        return context
    }
}
