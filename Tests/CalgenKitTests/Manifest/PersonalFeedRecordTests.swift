import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenRecord

/// The record of personal feeds, which lets a build notice a personal feed of the last one whose
/// manifest is gone instead of restarting its events' SEQUENCE (`PreviousOutputTests`).
@Suite struct PersonalFeedRecordTests {
    static let secret = try! FeedSecret(Fixture.secret)

    @Test func readsBackWhatItWritesAndNamesNoFeed() throws {
        let paths = ["feeds/AAAAAAAAAAAAAAAAAAAAAAAA/zhang-san.ics", "feeds/BBBBBBBBBBBBBBBBBBBBBBBB/wang-fang.ics"]
        let record = PersonalFeedRecord(feedPaths: paths)
        let file = record.file(secret: Self.secret)
        #expect(file.path == "feeds/\(Self.secret.recordToken)/personal.txt")
        #expect(Self.secret.recordToken.count == 24 && Self.secret.recordToken != Self.secret.token(for: "personal"))
        let text = String(decoding: file.bytes, as: UTF8.self)
        #expect(!text.contains("AAAA") && !text.contains("zhang"))
        let read = try PersonalFeedRecord.parse(file.bytes, file: file.path)
        #expect(read == record && read.lists(paths[0]) && !read.lists("feeds/CCCCCCCCCCCCCCCCCCCCCCCC/li-si.ics"))
    }

    @Test(arguments: [
        ("", "1:1", "UTF-8 text ending in a line break"),
        ("calgen personal feeds 1", "1:1", "UTF-8 text ending in a line break"),
        ("something else\n", "1:1", "does not start with"),
        ("calgen personal feeds 1\n0123\n", "2:1", "32 lowercase hex digits"),
        ("calgen personal feeds 1\n0123456789abcdef0123456789ABCDEF\n", "2:1", "32 lowercase hex digits"),
    ])
    func aRecordCalgenDoesNotWriteIsAnError(text: String, place: String, words: String) {
        let file = "public/feeds/\(Self.secret.recordToken)/personal.txt"
        let error = #expect(throws: ContentErrors.self) { try PersonalFeedRecord.parse(Array(text.utf8), file: file) }
        let line = error?.diagnostics.first?.formatted ?? ""
        #expect(line.hasPrefix("public/feeds/…/personal.txt:\(place):") && line.contains(words), "\(line)")
    }
}
