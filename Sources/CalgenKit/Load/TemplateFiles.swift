import CalgenCore
import CalgenModel
import Foundation

/// The files of a templates folder, read as text (templates) and bytes (`assets/`), with the
/// problems of reading them: what `TemplateSet` compiles. The templates a site needs are named
/// by the caller (the pages know them); one that is missing is a problem with its fix.
struct TemplateFiles: Sendable {
    /// Each template by name (`year`, `partials` without their folder) with its file and text.
    var sources: [String: (file: String, text: String)] = [:]
    /// Files of `assets/`, by path below the site (`assets/style.css`).
    var assets: [OutputFile] = []

    static func read(
        directory: String, requiredPages: [String], requiredPartials: [String], problems: inout DiagnosticCollector
    ) -> TemplateFiles {
        var files = TemplateFiles()
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            problems.add(
                Diagnostic(
                    file: directory, message: "the templates directory does not exist",
                    fix: "pass --templates DIR or restore Templates/"))
            return files
        }
        for (folder, required) in [("", requiredPages), ("partials", requiredPartials)] {
            let path = folder.isEmpty ? directory : directory + "/" + folder
            let names = ((try? fm.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".mustache") }.sorted()
            for name in names {
                let file = path + "/" + name
                if let text = problems.collect({ () throws(ContentErrors) in
                    try FileReader.readText(file, root: directory, limit: Limits.templateFileBytes)
                }) {
                    files.sources[String(name.dropLast(9))] = (file, text)
                }
            }
            for name in required where !names.contains(name + ".mustache") {
                problems.add(
                    Diagnostic(
                        file: path + "/" + name + ".mustache", message: "required template is missing",
                        fix: "restore it from calgen's Templates/"))
            }
        }
        files.assets = readAssets(directory + "/assets", root: directory, problems: &problems)
        return files
    }

    private static func readAssets(_ directory: String, root: String, problems: inout DiagnosticCollector) -> [OutputFile] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files = [OutputFile]()
        while let relative = enumerator.nextObject() as? String {
            let path = directory + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") })
            else { continue }
            if let bytes = problems.collect({ () throws(ContentErrors) in
                try FileReader.readBytes(path, root: root, limit: Limits.assetFileBytes)
            }) {
                files.append(OutputFile(path: PagePath.assets + relative, bytes: bytes))
            }
        }
        return files.sorted { $0.path < $1.path }
    }

}
