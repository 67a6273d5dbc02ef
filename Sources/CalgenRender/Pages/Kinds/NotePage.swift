import CalgenCore
import CalgenModel
import TemplateEngine

/// `notes/<slug>/index.html`: one note in full, with links to the months it is on.
struct NotePage: SitePage {
    static let kind = PageKind.note
    static let template = "note"

    let pages: HTMLPages
    let note: Note

    static func all(_ pages: HTMLPages) -> [NotePage] { pages.site.notes.map { NotePage(pages: pages, note: $0) } }

    var path: String { PagePath.note(note.slug) + PagePath.index }

    struct Context: Encodable {
        @Inline var layout: LayoutContext
        let note: NoteContext
        let months: [LinkContext]
        let hasMonths: Bool
    }

    func context() -> Context {
        let root = "../../"
        let strings = pages.strings
        var months = [(Int, Int)]()
        var day = note.start
        while day <= note.end {
            if pages.years.contains(day.year) { months.append((day.year, day.month)) }
            day = CivilDate(year: day.year, month: day.month, day: CivilDate.daysInMonth(year: day.year, month: day.month))!.next
        }
        return Context(
            layout: pages.common(
                path: PagePath.note(note.slug), title: "\(note.title) · \(pages.site.config.title)", root: root,
                description: strings.noteDescription(note)),
            note: pages.noteContext(note, root: root),
            months: months.map { (y, m) in
                LinkContext(href: root + PagePath.month(y, m), label: strings.monthTitle(year: y, month: m))
            },
            hasMonths: !months.isEmpty)
    }
}
