import CalgenCore

/// The notes' own pages and the notes index.
extension HTMLPages {
    /// `notes/<slug>/index.html`: one note in full, with links to the months it is on.
    func notePage(_ note: Note) -> OutputFile {
        let root = "../../"
        let path = PagePath.note(note.slug)
        var context = common(
            path: path, title: "\(note.title) · \(site.config.title)", root: root,
            description: strings.noteDescription(note))
        context["note"] = noteContext(note, root: root)
        var months = [(Int, Int)]()
        var day = note.start
        while day <= note.end {
            if years.contains(day.year) { months.append((day.year, day.month)) }
            day = CivilDate(year: day.year, month: day.month, day: CivilDate.daysInMonth(year: day.year, month: day.month))!.next
        }
        context["months"] = months.map { (y, m) -> [String: Any] in
            ["href": root + PagePath.month(y, m), "label": strings.monthTitle(year: y, month: m)]
        }
        context["hasMonths"] = !months.isEmpty
        return page(path + "index.html", template: "note", context)
    }

    /// `notes/index.html`: every note by date (newest year first) and by tag.
    func notesIndexPage() -> OutputFile {
        let root = "../"
        var context = common(
            path: PagePath.notes, title: "\(strings.ui.notesTitle) · \(site.config.title)", root: root,
            description: strings.ui.notesDescription)
        let byYear = Dictionary(grouping: site.notes) { $0.start.year }
        context["years"] = byYear.keys.sorted(by: >).map { year -> [String: Any] in
            ["year": year, "notes": byYear[year]!.map { noteSummary($0, root: root) }]
        }
        var byTag = [String: [Note]]()
        for note in site.notes {
            for tag in note.tags { byTag[tag, default: []].append(note) }
        }
        context["tags"] = byTag.keys.sorted().map { tag -> [String: Any] in
            [
                "tag": tag, "anchor": HTMLPages.tagAnchor(tag), "count": byTag[tag]!.count,
                "notes": byTag[tag]!.map { noteSummary($0, root: root) },
            ]
        }
        context["hasTags"] = !byTag.isEmpty
        return page(PagePath.notes + "index.html", template: "notes", context)
    }

    /// A note in full, as on its page and on month pages.
    func noteContext(_ note: Note, root: String) -> [String: Any] {
        var context = noteSummary(note, root: root)
        context["html"] = note.html
        context["tags"] = note.tags.map { ["tag": $0, "href": root + PagePath.notes + "#" + HTMLPages.tagAnchor($0)] }
        context["hasTags"] = !note.tags.isEmpty
        return context
    }

    /// A note in one line: title, link and when.
    func noteSummary(_ note: Note, root: String) -> [String: Any] {
        [
            "slug": note.slug,
            "anchor": "note-" + note.slug,
            "title": note.title,
            "href": root + PagePath.note(note.slug),
            "when": strings.noteWhen(note),
            "start": note.start.iso8601,
            "draft": note.draft,
        ]
    }

    /// The fragment of a tag's section on the notes index: `tag-` and the tag with spaces as hyphens.
    static func tagAnchor(_ tag: String) -> String {
        "tag-" + tag.split(whereSeparator: \.isWhitespace).joined(separator: "-")
    }
}
