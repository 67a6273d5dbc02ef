import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenRender

/// What pages are made from names the templates by their names and bytes, not by how their
/// folder was named on the command line: a build with `--templates Templates` and the next with
/// the folder's absolute path keep every page beside a personal feed.
@Suite struct TemplateDigestTests {
    @Test func theDigestDoesNotDependOnHowTheFolderIsNamed() throws {
        let root = Fixture.repositoryRoot.path
        let named = try TemplateSet.load(directory: root + "/Templates")
        #expect(!named.digest.isEmpty)
        for spelling in [root + "/./Templates", root + "/Templates/../Templates", root + "/Templates/"] {
            #expect(try TemplateSet.load(directory: spelling).digest == named.digest, "\(spelling)")
        }
    }
}
