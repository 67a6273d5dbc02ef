import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenKit

/// An output that shows every `lstat` its record names is listed from the record: the previous
/// output a build then reads is the one a walk of the disk gives.
@Suite(.endToEnd) struct RecordedListingTests {
    @Test func theRecordsListingIsTheWalksListing() throws {
        let fixture = try Fixture(.mini)
        let options = fixture.options()
        _ = try SiteBuilder(options: options).build()
        let recorded = BuildRecordBytes.read(BuildRecord.path(forOutput: options.outputDirectory))
        let built = recorded.record
        #expect(!built.artifacts.isEmpty)
        #expect(recorded.outputIsUnchanged(root: options.outputDirectory))
        let walked = try PreviousOutput.load(options: options, built: built)
        let listed = try PreviousOutput.load(options: options, built: built, asRecorded: true)
        #expect(listed.files == walked.files)
        #expect(listed.vouched == walked.vouched)
        #expect(listed.vouched.count == built.artifacts.count)
        #expect(listed.unrecorded == walked.unrecorded)
        #expect(listed.feeds.keys.sorted() == walked.feeds.keys.sorted())
        #expect(listed.manifestBytes == walked.manifestBytes)
        // A file added anywhere moves its folder's stamp: the output is no longer as recorded.
        let feeds = try FileManager.default.contentsOfDirectory(atPath: options.outputDirectory + "/feeds")
        let folder = try #require(feeds.sorted().first)
        try fixture.write("public/feeds/\(folder)/extra.txt", "x")
        #expect(!recorded.outputIsUnchanged(root: options.outputDirectory))
        // The next build walks, keeps the extra file out, and records the output again.
        _ = try SiteBuilder(options: options).build()
        #expect(!FileManager.default.fileExists(atPath: options.outputDirectory + "/feeds/\(folder)/extra.txt"))
        let again = BuildRecordBytes.read(BuildRecord.path(forOutput: options.outputDirectory))
        #expect(again.outputIsUnchanged(root: options.outputDirectory))
    }
}
