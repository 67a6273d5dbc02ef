import CalgenKit
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// `SiteBuilder.buildInMemory`: the same bytes wherever the content lies, and what the build
/// of the small content reports.
@Suite struct MemoryBuildTests {
    /// The shared build of the small content (`SmallSite`), made from another folder, is the
    /// same byte for byte: the first build of every test that edits a small fixture.
    @Test func buildsAreByteIdenticalAcrossFolders() throws {
        let site = try SmallSite.get()
        let other = try Fixture().buildInMemory()
        #expect(site.files.count == 1_551)
        #expect(Fixture.differences(site.files, other.files).isEmpty)
        #expect(other.report.version == 1 && other.report.changed && other.report.filesWritten == site.files.count)
    }
}
