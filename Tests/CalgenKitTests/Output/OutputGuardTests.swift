import CalgenCore
import CalgenKit
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// The output guard speaks before anything in the output is read.
@Suite struct OutputGuardTests {
    /// A folder with a `manifest.json` calgen did not write (a web app's, say) is refused as a
    /// folder calgen may not replace, not read as a broken previous manifest.
    @Test func aForeignManifestIsRefusedAsAForeignFolder() throws {
        let fixture = try Fixture(.mini)
        try fixture.write("public/manifest.json", #"{"name": "My App", "start_url": "/"}"#)
        let thrown = #expect(throws: OutputError.self) { try SiteBuilder(options: fixture.options()).build() }
        #expect(thrown?.reason.contains("calgen did not write") == true, "\(String(describing: thrown))")
        #expect(fixture.read("public/manifest.json") == #"{"name": "My App", "start_url": "/"}"#)
    }
}
