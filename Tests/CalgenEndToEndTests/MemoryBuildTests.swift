import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// `SiteBuilder.buildInMemory`: the same bytes wherever the content lies, and what the build
/// of the small content reports.
@Suite(.endToEnd) struct MemoryBuildTests {
    /// The shared build of the small content (`SmallSite`), made from another folder, is the
    /// same byte for byte: the first build of every test that edits a small fixture.
    @Test func buildsAreByteIdenticalAcrossFolders() throws {
        let site = try SmallSite.get()
        let other = try Fixture().buildInMemory()
        #expect(site.files.count == 1_769)
        #expect(Fixture.differences(site.files, other.files).isEmpty)
        #expect(other.report.version == 1 && other.report.changed && other.report.filesWritten == site.files.count)
    }

    /// With `--previous-manifest` and no previous files, a build into memory continues the
    /// published versions from the manifests on the disk, as a build does, and keeps nothing.
    @Test func continuesThePreviousManifest() throws {
        let fixture = try Fixture()
        let first = try fixture.buildInMemory()
        // The published manifests, as a deploy keeps them, at version 7.
        for (path, bytes) in first.files where path == "manifest.json" || (path.hasPrefix("feeds/") && path.hasSuffix(".json")) {
            let text = String(decoding: bytes, as: UTF8.self)
            try fixture.write(
                "published/" + path,
                path == "manifest.json" ? text.replacingOccurrences(of: "\n  \"version\": 1,", with: "\n  \"version\": 7,") : text
            )
        }
        let second = try fixture.buildInMemory {
            $0.previousManifest = fixture.root.appendingPathComponent("published/manifest.json").path
        }
        #expect(second.build.report.version == 7 && !second.build.report.changed)
        #expect(second.build.report.filesUnchanged == 0)
    }
}
