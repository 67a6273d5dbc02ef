import CalgenCore
import CalgenModel

/// `notes/<slug>/index.html`: one note in full, with links to the months it is on.
struct NotePage: SitePage {
    static let template = "note"

    let pages: HTMLPages
    let note: Note

    static func all(_ pages: HTMLPages) -> [NotePage] { pages.site.notes.map { NotePage(pages: pages, note: $0) } }

    var path: String { PagePath.note(note.slug) + PagePath.index }

    func context() -> [String: Any] {
        let root = "../../"
        let strings = pages.strings
        var context = pages.common(
            path: PagePath.note(note.slug), title: "\(note.title) · \(pages.site.config.title)", root: root,
            description: strings.noteDescription(note))
        context["note"] = pages.noteContext(note, root: root)
        var months = [(Int, Int)]()
        var day = note.start
        while day <= note.end {
            if pages.years.contains(day.year) { months.append((day.year, day.month)) }
            day = CivilDate(year: day.year, month: day.month, day: CivilDate.daysInMonth(year: day.year, month: day.month))!.next
        }
        context["months"] = months.map { (y, m) -> [String: Any] in
            ["href": root + PagePath.month(y, m), "label": strings.monthTitle(year: y, month: m)]
        }
        context["hasMonths"] = !months.isEmpty
        return context
    }
}
