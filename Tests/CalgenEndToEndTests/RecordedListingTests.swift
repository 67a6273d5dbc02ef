import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenKit
@testable import CalgenRecord
@testable import CalgenSupport

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

    /// The head of a feed manifest the record vouches for is taken from the record: the one the
    /// manifest's own first lines give, after a first build and after one that kept every feed.
    @Test func theRecordsFeedHeadsAreTheManifests() throws {
        let fixture = try Fixture(.mini)
        let options = fixture.options()
        for _ in 0..<2 {
            _ = try SiteBuilder(options: options).build()
            let built = BuildRecordBytes.read(BuildRecord.path(forOutput: options.outputDirectory)).record
            let tree = DiskSourceTree(root: options.outputDirectory)
            let manifests = built.artifacts.keys.filter(FeedPath.isManifest).sorted()
            let fromRecord = manifests.compactMap { PreviousFeed.recorded($0, in: built.artifacts) }
            // Every manifest with a key (a personal feed's) has its head in the record; the public
            // feeds' and private schedules' have none, as they are rendered every time.
            #expect(fromRecord.count == manifests.count { built.artifacts[$0]?.key != nil })
            #expect(!fromRecord.isEmpty)
            for feed in fromRecord {
                let read = try #require(PreviousFeed.readHead(in: tree, path: feed.path))
                #expect(feed.head != nil && feed.head == read.head && feed.size == read.size, "\(feed.path)")
            }
            let loaded = try PreviousOutput.load(options: options, built: built, asRecorded: true)
            for feed in fromRecord { #expect(loaded.feeds[FeedPath.feed(ofManifest: feed.path)]?.head == feed.head) }
        }
        // A manifest without a key, or whose feed the record does not name, is read.
        let built = BuildRecordBytes.read(BuildRecord.path(forOutput: options.outputDirectory)).record
        let manifest = try #require(built.artifacts.keys.sorted().first { PreviousFeed.recorded($0, in: built.artifacts) != nil })
        var unkeyed = built.artifacts
        unkeyed[manifest]?.key = nil
        #expect(PreviousFeed.recorded(manifest, in: unkeyed) == nil)
        var unnamed = built.artifacts
        unnamed[FeedPath.feed(ofManifest: manifest)] = nil
        #expect(PreviousFeed.recorded(manifest, in: unnamed) == nil)
    }
}
