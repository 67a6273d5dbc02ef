import CalgenCore
import CalgenLoad
import CalgenModel
import Foundation

/// `calgen new note|subscriber|schedule NAME`: one new content file, valid as written, with its
/// keys filled in. An existing file is never overwritten.
public enum NewContent {
    public enum Kind: String, CaseIterable, Sendable {
        case note, subscriber, schedule
    }

    /// Writes the file into `contentDirectory` and returns its path. `name` is the id (or the
    /// note's file name and slug); `title` the note's title or the subscriber's or schedule's
    /// name (default: `name`); `date` the note's day (the caller's "today" in the site's zone).
    public static func write(
        _ kind: Kind, name: String, title: String?, date: CivilDate, contentDirectory: String
    ) throws(ContentErrors) -> String {
        guard kind == .note ? Identifier.isSlug(name) : Identifier.isValid(name) else {
            throw ContentErrors(
                Diagnostic(
                    file: "", message: "\"\(name.prefix(80))\" is not a name calgen can use for a \(kind.rawValue)",
                    fix: "use lowercase letters, digits and hyphens (1 to 64), e.g. `national-day-duty`"))
        }
        let shown = title ?? name
        if shown.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) || shown.isEmpty {
            throw ContentErrors(Diagnostic(file: "", message: "--title is empty or not one line", fix: "give one line of text"))
        }
        let (path, text): (String, String)
        switch kind {
        case .note:
            path = "notes/\(date.year)/\(name).md"
            text = ScaffoldTexts.note(title: shown, date: date)
        case .subscriber:
            path = "users/\(name).yml"
            text = ScaffoldTexts.subscriber(name: shown)
        case .schedule:
            path = "schedules/\(name).yml"
            text = ScaffoldTexts.schedule(name: shown, date: date)
        }
        let full = contentDirectory + "/" + path
        let fm = FileManager.default
        if kind == .note, let existing = existingNote(named: name, in: contentDirectory + "/notes") {
            throw ContentErrors(
                Diagnostic(
                    file: existing, message: "a note named \(name) exists already",
                    fix: "choose another name, or edit that note"))
        }
        if fm.fileExists(atPath: full) {
            throw ContentErrors(
                Diagnostic(file: full, message: "exists already: calgen new never overwrites a file", fix: "choose another name"))
        }
        do {
            try fm.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full), options: .withoutOverwriting)
        } catch {
            throw ContentErrors(
                Diagnostic(
                    file: full, message: "cannot be written: \(error.localizedDescription)",
                    fix: "check that the content folder exists and is writable"))
        }
        return full
    }

    /// A note file anywhere below `notes/` whose name gives the slug `name`.
    private static func existingNote(named name: String, in directory: String) -> String? {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return nil }
        while let relative = walker.nextObject() as? String {
            if (relative as NSString).lastPathComponent.lowercased() == name + ".md" { return directory + "/" + relative }
        }
        return nil
    }
}
