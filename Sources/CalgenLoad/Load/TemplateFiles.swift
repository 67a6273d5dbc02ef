import CalgenCore
import CalgenModel
import CalgenSupport

/// The files of a templates folder, read as text (templates) and bytes (`assets/`), with the
/// problems of reading them: what `TemplateSet` compiles. The templates a site needs are named
/// by the caller (the pages know them); one that is missing is a problem with its fix.
package struct TemplateFiles: Sendable {
    /// Each template by name (`year`, `partials` without their folder) with its file and text.
    package var sources: [String: (file: String, text: String)] = [:]
    /// Files of `assets/`, by path below the site (`assets/style.css`).
    package var assets: [OutputFile] = []

    /// The templates folder on disk at `directory` (as the user named it).
    package static func read(
        directory: String, requiredPages: [String], requiredPartials: [String], problems: inout DiagnosticCollector
    ) -> TemplateFiles {
        read(
            InputFolder(root: directory), requiredPages: requiredPages, requiredPartials: requiredPartials,
            problems: &problems)
    }

    /// The templates folder `input` (on disk or in memory).
    static func read(
        _ input: InputFolder, requiredPages: [String], requiredPartials: [String], problems: inout DiagnosticCollector
    ) -> TemplateFiles {
        var files = TemplateFiles()
        let top: [SourceEntry]?
        do throws(ContentErrors) {
            top = try input.list("")
        } catch {
            problems.add(contentsOf: error.diagnostics)
            return files
        }
        guard top != nil else {
            problems.add(
                Diagnostic(
                    file: input.tree.root, message: "the templates directory does not exist",
                    fix: "pass --templates DIR or restore Templates/"))
            return files
        }
        for (folder, required) in [("", requiredPages), ("partials", requiredPartials)] {
            guard let entries = problems.collect({ () throws(ContentErrors) in try input.list(folder) }) else { continue }
            let names = (entries ?? []).map { String($0.name) }.filter { $0.hasSuffix(".mustache") }
            for name in names {
                let relative = folder.isEmpty ? name : folder + "/" + name
                if let source = problems.collect({ () throws(ContentErrors) in
                    try input.source(relative, limit: Limits.templateFileBytes)
                }) {
                    files.sources[String(name.dropLast(9))] = (input.display(relative), source.text)
                }
            }
            for name in required where !names.contains(name + ".mustache") {
                problems.add(
                    Diagnostic(
                        file: input.display(folder.isEmpty ? name + ".mustache" : folder + "/" + name + ".mustache"),
                        message: "required template is missing", fix: "restore it from calgen's Templates/"))
            }
        }
        files.assets = readAssets(input, problems: &problems)
        return files
    }

    /// The files below `assets/`, hidden ones left out; a link to a folder is refused.
    private static func readAssets(_ input: InputFolder, problems: inout DiagnosticCollector) -> [OutputFile] {
        guard let entries = problems.collect({ () throws(ContentErrors) in try input.walk("assets") }) ?? nil else {
            return []
        }
        let visible = entries.filter { !$0.path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) }
        problems.add(contentsOf: input.folderLinks(visible))
        var files = [OutputFile]()
        for entry in visible where entry.kind != .folder && !entry.isFolderLink {
            if let bytes = problems.collect({ () throws(ContentErrors) in
                try input.bytes(entry.path, limit: Limits.assetFileBytes)
            }) {
                files.append(OutputFile(path: PagePath.assets + entry.path.dropFirst("assets/".count), bytes: bytes))
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}
