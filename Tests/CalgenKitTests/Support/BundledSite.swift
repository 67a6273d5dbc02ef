import CalgenKit
import CalgenModel
import Foundation

/// The bundled `Content/` and `Templates/` built once per test process, in process, at the fixed
/// "now" and with the feed secret of the command-line runs: for every test that only reads the
/// bundled site's output.
struct BundledSite: Sendable {
    /// The folder holding `Content`, `Templates` and `public`.
    let root: URL
    let report: BuildReport
    /// Every output file's bytes, by path relative to the output.
    let files: [String: Data]

    var output: String { root.appendingPathComponent("public").path }

    /// The text of an output file, by path relative to the output.
    func read(_ path: String) -> String? {
        files[path].map { String(decoding: $0, as: UTF8.self) }
    }

    private static let built: Result<BundledSite, any Error> = Result {
        let fm = FileManager.default
        let root = Fixture.scratch.appendingPathComponent("calgen-bundled-\(UUID().uuidString)")
        try fm.createDirectory(at: root, withIntermediateDirectories: true)
        for folder in ["Content", "Templates"] {
            try fm.copyItem(at: Fixture.repositoryRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
        let report = try SiteBuilder(options: Fixture.options(root: root)).build()
        return BundledSite(root: root, report: report, files: Fixture.snapshot(root.appendingPathComponent("public").path))
    }

    /// The one build of the bundled site.
    static func get() throws -> BundledSite { try built.get() }
}
