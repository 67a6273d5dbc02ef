import CalgenCore
import CalgenModel
import Foundation

/// `calgen init DIR`: a new site of one's own, which `calgen build` builds at once. It holds a
/// commented `Content/site.yml`, the holiday-cn files and templates calgen was built with, one
/// example note and one example subscriber, a `.gitignore` and the publish workflow; none of the
/// bundled demo's notes, subscribers or schedules.
public enum SiteScaffold {
    /// The files of a new site, by path in it, sorted.
    public static func files(_ settings: SiteSettings, today: CivilDate) throws(ContentErrors) -> [(
        path: String, bytes: [UInt8]
    )] {
        let (siteFile, config) = try settings.siteFile()
        let english = config.language == .english
        var files: [(path: String, bytes: [UInt8])] = [
            ("Content/site.yml", Array(siteFile.utf8)),
            ("Content/notes/\(today.year)/welcome.md", Array(ScaffoldTexts.exampleNote(date: today, english: english).utf8)),
            ("Content/users/example.yml", Array(ScaffoldTexts.exampleSubscriber(english: english).utf8)),
            (".gitignore", Array(ScaffoldTexts.gitignore.utf8)),
        ]
        for (path, base64) in ScaffoldFiles.files {
            guard let data = Data(base64Encoded: base64) else { continue }
            files.append((path, Array(data)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Writes a new site into `directory` (made when missing) and returns the paths written. A
    /// folder that holds anything but `.git` is refused unless `force`, which then replaces the
    /// files a new site has and leaves every other file alone.
    public static func write(
        into directory: String, _ settings: SiteSettings, today: CivilDate, force: Bool
    ) throws(ContentErrors) -> [String] {
        let files = try files(settings, today: today)
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw ContentErrors(
                    Diagnostic(file: directory, message: "is a file, not a folder", fix: "name a new or empty folder"))
            }
            let entries = ((try? fm.contentsOfDirectory(atPath: directory)) ?? []).filter { $0 != ".git" }.sorted()
            if !entries.isEmpty && !force {
                throw ContentErrors(
                    Diagnostic(
                        file: directory,
                        message:
                            "is not empty (\(entries.prefix(3).joined(separator: ", "))\(entries.count > 3 ? ", …" : "")): "
                            + "calgen init makes a new site in a new or empty folder",
                        fix: "name a new folder, or pass --force to write the new site's files over the ones there"))
            }
        }
        var written = [String]()
        for file in files {
            let path = directory + "/" + file.path
            do {
                try fm.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(file.bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw ContentErrors(
                    Diagnostic(
                        file: path, message: "cannot be written: \(error.localizedDescription)",
                        fix: "check that the folder is yours and writable"))
            }
            written.append(file.path)
        }
        return written
    }
}
