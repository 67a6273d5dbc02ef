import Foundation
import PackagePlugin

/// Derives calgen's code revision from its sources, so that no constant has to be raised by hand
/// when a change to calgen changes what it makes from the same inputs.
///
/// The Swift files of the targets that decide calgen's output are the inputs of one build
/// command, `calgen-generate revision` (Plugins/CalgenGenerate), which digests their paths and
/// bytes into a generated `CodeRevision.swift`:
///
///     enum CodeRevision { static let sources = "…" }
///
/// The build runs the command again whenever one of those files changed (the plugin itself is
/// not run again on every build, so it reads nothing), and the command rewrites the generated
/// file only when the digest changed. The digest detects changes; it is not a security digest
/// (64-bit FNV-1a, twice, with two seeds).
@main
struct CodeRevisionPlugin: BuildToolPlugin {
    /// The targets whose code decides the bytes calgen writes.
    static let targets: Set<String> = ["CalgenCore", "ICalendar", "CalgenModel", "CalgenKit", "calgen"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        var files = [URL]()
        for case let module as SourceModuleTarget in context.package.targets where Self.targets.contains(module.name) {
            files += module.sourceFiles(withSuffix: "swift").map(\.url)
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("CodeRevision.swift")
        return [
            .buildCommand(
                displayName: "Deriving calgen's code revision from its sources",
                executable: try context.tool(named: "CalgenGenerate").url,
                arguments: ["revision", output.path, context.package.directoryURL.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
