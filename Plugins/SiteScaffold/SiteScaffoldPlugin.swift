import Foundation
import PackagePlugin

/// Embeds what `calgen init` writes into a new site in the target it is applied to, so that the
/// calgen binary makes a site anywhere, without the repository it was built from: the templates
/// (`Templates/`, assets too), the holiday-cn files calgen ships (`Content/holidays/`) and the
/// publish workflow of a site of its own (`Examples/github-actions/publish-site.yml`).
///
/// Those files are the inputs of one build command, `calgen-generate scaffold`
/// (Plugins/CalgenGenerate), which gives the target a generated `ScaffoldFiles.swift`:
///
///     enum ScaffoldFiles { static let files: [(path: String, base64: String)] = [...] }
///
/// run again by the build whenever one of them changed, and rewritten only when its text changed
/// (as the CodeRevision plugin does).
@main
struct SiteScaffoldPlugin: BuildToolPlugin {
    /// Folders of the package copied whole, and where each goes in a new site.
    static let folders = [("Templates", "Templates"), ("Content/holidays", "Content/holidays")]
    /// Single files, and where each goes.
    static let files = [("Examples/github-actions/publish-site.yml", ".github/workflows/publish.yml")]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL.standardizedFileURL
        // Every file and folder read is an input: a file edited, added or removed runs the
        // command again.
        var inputs = [URL]()
        for (folder, _) in Self.folders {
            let base = root.appendingPathComponent(folder)
            inputs.append(base)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where !url.lastPathComponent.hasPrefix(".") { inputs.append(url) }
        }
        inputs += Self.files.map { root.appendingPathComponent($0.0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("ScaffoldFiles.swift")
        let pairs = (Self.folders + Self.files).map { "\($0.1)=\($0.0)" }
        return [
            .buildCommand(
                displayName: "Embedding the files of a new site (templates, holiday data, workflow)",
                executable: try context.tool(named: "CalgenGenerate").url,
                arguments: ["scaffold", output.path, root.path] + pairs,
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
