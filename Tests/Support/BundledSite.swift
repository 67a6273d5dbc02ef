import CalgenKit
import CalgenModel
import Foundation

/// The bundled `Content/` and `Templates/` of the repository built once per test process into
/// memory, at the fixed "now" and with the feed secret of the command-line runs: for every test
/// that only reads the bundled site's output.
public enum BundledSite {
    /// The folder holding the bundled `Content` and `Templates`: the repository's, read only.
    public static let root = Fixture.repositoryRoot

    /// The build options of the bundled site (its output is a folder that is never written).
    public static var options: BuildOptions {
        Fixture.options(root: root, output: Fixture.scratch.appendingPathComponent("bundled-public-unused").path)
    }

    private static let built: Result<BuiltSite, any Error> = Result {
        BuiltSite(try SiteBuilder(options: options).buildInMemory())
    }

    /// The one build of the bundled site.
    public static func get() throws -> BuiltSite { try built.get() }
}

/// The small content (`Fixture.Size.small`: four holiday years, every note and subscriber) built
/// once per test process into memory: the first build of every test that edits a small fixture
/// and builds again, and the output of tests that only read it.
public enum SmallSite {
    private static let built: Result<BuiltSite, any Error> = Result {
        let fixture = try Fixture(.small)
        return try fixture.buildInMemory()
    }

    /// The one build of the small content.
    public static func get() throws -> BuiltSite { try built.get() }
}
