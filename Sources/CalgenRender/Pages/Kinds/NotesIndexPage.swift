import CalgenCore
import CalgenModel
import TemplateEngine

/// `notes/index.html`: every note by date (newest year first) and by tag.
struct NotesIndexPage: SitePage {
    static let kind = PageKind.notesIndex
    static let template = "notes"

    let pages: HTMLPages

    static func all(_ pages: HTMLPages) -> [NotesIndexPage] { [NotesIndexPage(pages: pages)] }

    var path: String { PagePath.notes + PagePath.index }

    struct Context: Encodable {
        @Inline var layout: LayoutContext
        let years: [Year]
        let tags: [Tag]
        let hasTags: Bool
    }

    struct Year: Encodable {
        let year: Int
        let notes: [NoteSummary]
    }

    struct Tag: Encodable {
        let tag: String
        let anchor: String
        let count: Int
        let notes: [NoteSummary]
    }

    func context() -> Context {
        let root = "../"
        let notes = pages.site.notes
        let words = pages.strings.ui
        let byYear = Dictionary(grouping: notes) { $0.start.year }
        var byTag = [String: [Note]]()
        for note in notes {
            for tag in note.tags { byTag[tag, default: []].append(note) }
        }
        return Context(
            layout: pages.common(
                path: PagePath.notes, title: "\(words.notesTitle) · \(pages.site.config.title)", root: root,
                description: words.notesDescription),
            years: byYear.keys.sorted(by: >).map { year in
                Year(year: year, notes: byYear[year]!.map { pages.noteSummary($0, root: root) })
            },
            tags: byTag.keys.sorted().map { tag in
                Tag(
                    tag: tag, anchor: HTMLPages.tagAnchor(tag), count: byTag[tag]!.count,
                    notes: byTag[tag]!.map { pages.noteSummary($0, root: root) })
            },
            hasTags: !byTag.isEmpty)
    }
}
