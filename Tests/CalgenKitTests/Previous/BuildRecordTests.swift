import CalgenCore
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenLoad
@testable import CalgenRecord
@testable import CalgenSupport

/// The one record beside an output: read as written, not believed when damaged, and believed
/// about the output only as far as the output still shows it.
@Suite struct BuildRecordTests {
    static let sha = String(repeating: "a", count: 64)

    static var sample: BuildRecord {
        var record = BuildRecord()
        record.inputsDigest = String(repeating: "b", count: 64)
        record.report = ["pages": 3, "feeds": 1]
        record.inputs.entries["content\tnotes/a.md"] = .init(stat: [1, 2, 3, 4, 5], digest: sha)
        record.subscribers.dependencies = String(repeating: "d", count: 64)
        record.subscribers.entries["users/zhang-san.yml"] = .init(
            digest: sha,
            summary: RecordedSubscribers.text(
                of: SubscriberSummary(
                    id: "zhang-san", noteAudiences: ["team-a", "-"], yearsBefore: 0, yearsAfter: nil, tokenEpoch: 3,
                    schedule: "six-day")))
        record.subscribers.entries["users/li-si.yml"] = .init(
            digest: sha,
            summary: RecordedSubscribers.text(
                of: SubscriberSummary(
                    id: "li-si", noteAudiences: [], yearsBefore: nil, yearsAfter: 10, tokenEpoch: 0, schedule: nil)))
        record.artifacts["index.html"] = .init(stamp: .init(device: 1, inode: 7, size: 10, modified: 99), sha256: sha)
        record.artifacts["feeds/x/index.html"] = .init(
            stamp: .init(device: 1, inode: 8, size: 11, modified: 98), sha256: sha, key: String(repeating: "c", count: 64))
        record.artifacts["feeds/x/a.json"] = .init(stamp: .init(device: 1, inode: 9, size: 12, modified: 97), sha256: nil)
        record.folders["."] = .init(device: 1, inode: 2, size: 0, modified: 5)
        return record
    }

    @Test func readsWhatItWrites() {
        let record = BuildRecordTests.sample
        #expect(BuildRecord.parse(Array(record.text.utf8)) == record)
        #expect(FeedPageRecords(record).records.keys.sorted() == ["feeds/x/index.html"])
        var apart = record
        apart.artifacts = [:]
        let files = record.artifacts.keys.sorted().map { RecordedFile(path: $0, artifact: record.artifacts[$0]!) }
        #expect(apart.encoded(files: files) == record.encoded)
    }

    /// Numbers are written as Swift prints them, at both ends of their range, and read back.
    @Test func numbersAtTheirLimits() throws {
        var record = BuildRecord()
        // (`Int64.min` is no number the record reads: its magnitude is past `Int64.max`.)
        let extremes: [Int64] = [.max, -.max, 0, -1, 9, 10, -10, 1_795_745_415_756_898_088]
        let stat = Array(extremes.prefix(5))
        record.inputs.entries["content\tx"] = .init(stat: stat, digest: BuildRecordTests.sha)
        record.report = ["n": -Int(Int64.max)]
        for (i, number) in extremes.enumerated() {
            record.artifacts["f\(i)"] = .init(
                stamp: .init(device: number, inode: -number, size: number / 3, modified: number), sha256: nil)
        }
        let text = record.text
        for number in extremes { #expect(text.contains(String(number))) }
        #expect(text.contains("input\tcontent\tx\t" + stat.map(String.init).joined(separator: " ") + "\t"))
        let read = try #require(BuildRecord.parse(Array(text.utf8)))
        #expect(read.artifacts == record.artifacts)
        #expect(read.text == text)
    }

    /// A record that is not exactly one calgen writes is not believed at all.
    @Test(arguments: [
        "", "calgen-record 2\n", "calgen-pages 1\n", "calgen-record 1\nfile\tx\t1 2 3\t-\t-\n",
        "calgen-record 1\nreport\tpages\tmany\n", "calgen-record 1\ninput\tcontent\ta\t1 2 3 4 5\tshort\n",
        "calgen-record 1\nsomething\telse\n",
        // A digest that is not 64 lower-case hex digits (the fuzz target's finding: a byte that
        // is no UTF-8 in it would read back as three).
        "calgen-record 1\ninputs\t" + String(repeating: "g", count: 64) + "\n",
        "calgen-record 1\nfile\tx\t1 2 3 4\t" + String(repeating: "A", count: 64) + "\t-\n",
        "calgen-record 1\nsubscriber\tusers/a.yml\t-\ta 0 ~ ~ ~ ~\n",
        "calgen-record 1\nsubscribers\tnone\n",
    ])
    func aDamagedRecordIsNotBelieved(_ text: String) {
        #expect(BuildRecord.parse(Array(text.utf8)) == nil)
        #expect(BuildRecord.read("/nonexistent/.public.calgen-record") == BuildRecord())
    }

    /// A subscriber's summary that no subscriber's file can give, or that would not read back
    /// as written (a number with a sign, a horizon past the limit, a name that is none), stands
    /// for nothing: that file is read.
    @Test(arguments: [
        "a 0 ~ ~ ~ ~ extra", "a +1 ~ ~ ~ ~", "a 0 11 ~ ~ ~", "a 0 ~ -1 ~ ~", "a 2000000 ~ ~ ~ ~", "A 0 ~ ~ ~ ~",
        "a 0 ~ ~ ~ team,,b", "a 0 ~ ~ s/x ~", "~ 0 ~ ~ ~ ~", "b 0 ~ ~ ~ ~", "a 0 ~ ~ ~",
    ])
    func aSummaryNoFileCanGiveIsNotBelieved(_ summary: String) throws {
        let text =
            "calgen-record 1\nsubscribers\t\(String(repeating: "d", count: 64))\n"
            + "subscriber\tusers/a.yml\t\(BuildRecordTests.sha)\t\(summary)\n"
        let record = try #require(BuildRecord.parse(Array(text.utf8)))
        #expect(record.text == text)
        var prints = InputFingerprints()
        prints.entries["content\tusers/a.yml"] = .init(stat: [1, 2, 3, 4, 5], digest: BuildRecordTests.sha)
        let vouched = record.subscribers.vouched(
            stamps: ["users/a.yml": [1, 2, 3, 4, 5]], fingerprints: prints, dependencies: String(repeating: "d", count: 64))
        #expect(vouched.isEmpty)
        // The same line with a summary a file gives is believed.
        let good = BuildRecord.parse(Array(text.replacingOccurrences(of: summary, with: "a 0 ~ ~ ~ ~").utf8))
        #expect(
            good?.subscribers.vouched(
                stamps: ["users/a.yml": [1, 2, 3, 4, 5]], fingerprints: prints, dependencies: String(repeating: "d", count: 64)
            ).count == 1)
    }

    /// A subscriber's summary stands for their file only while the file's fingerprint is the
    /// one recorded with the same digest, its name gives the same id, and the parse would
    /// depend on the same calgen, time zone and schedules.
    @Test func aSummaryIsBelievedOnlyForTheSameFileUnderTheSameDependencies() {
        let record = BuildRecordTests.sample
        var prints = InputFingerprints()
        prints.entries["content\tusers/zhang-san.yml"] = .init(stat: [1, 2, 3, 4, 5], digest: BuildRecordTests.sha)
        prints.entries["content\tusers/li-si.yml"] = .init(stat: [1, 3, 3, 4, 5], digest: String(repeating: "e", count: 64))
        let dependencies = String(repeating: "d", count: 64)
        let stamps = ["users/zhang-san.yml": [Int64]([1, 2, 3, 4, 5]), "users/li-si.yml": [1, 3, 3, 4, 5]]
        // li-si's file was hashed to another digest than the summary's: not believed.
        let vouched = record.subscribers.vouched(stamps: stamps, fingerprints: prints, dependencies: dependencies)
        #expect(vouched.keys.sorted() == ["users/zhang-san.yml"])
        #expect(vouched["users/zhang-san.yml"]?.summary.schedule == "six-day")
        // The file's stamp moved (it was saved again), or the schedules changed: nothing believed.
        #expect(
            record.subscribers.vouched(
                stamps: ["users/zhang-san.yml": [1, 2, 3, 4, 6]], fingerprints: prints, dependencies: dependencies
            ).isEmpty)
        #expect(
            record.subscribers.vouched(
                stamps: stamps, fingerprints: prints, dependencies: String(repeating: "f", count: 64)
            ).isEmpty)
        // A summary recorded under another file's name than its id's.
        var renamed = record.subscribers
        renamed.entries["users/wang-wu.yml"] = renamed.entries["users/zhang-san.yml"]
        prints.entries["content\tusers/wang-wu.yml"] = prints.entries["content\tusers/zhang-san.yml"]
        #expect(
            renamed.vouched(
                stamps: ["users/wang-wu.yml": [1, 2, 3, 4, 5]], fingerprints: prints, dependencies: dependencies
            ).isEmpty)
    }

    /// Whether the output at `root` is as `record` names it, asked as a build asks: of the
    /// record's bytes.
    static func shows(_ record: BuildRecord, _ root: String) -> Bool {
        BuildRecordBytes(bytes: Array(record.text.utf8)).outputIsUnchanged(root: root)
    }

    /// The output is as recorded only while every file and folder shows its recorded stamp: a
    /// file removed, added, or rewritten with the same size is each noticed.
    @Test func theOutputIsUnchangedOnlyWhileItShowsTheRecordedStamps() throws {
        let fixture = try Fixture(.mini)
        let root = fixture.root.appendingPathComponent("out").path
        try fixture.write("out/a.txt", "one")
        try fixture.write("out/sub/b.txt", "two")
        func recorded() throws -> BuildRecord {
            let stamps = try #require(BuildRecord.stamps(of: ["a.txt", "sub/b.txt"], under: root))
            var record = BuildRecord()
            for (path, stamp) in stamps.files { record.artifacts[path] = .init(stamp: stamp, sha256: nil) }
            record.folders = stamps.folders
            return record
        }
        let record = try recorded()
        #expect(record.folders.keys.sorted() == [".", "sub"])
        #expect(Self.shows(record, root))
        try fixture.write("out/sub/extra.txt", "new")
        #expect(!Self.shows(record, root))
        try FileManager.default.removeItem(atPath: root + "/sub/extra.txt")
        let again = try recorded()
        #expect(Self.shows(again, root))
        // Past the file system clock's coarsest tick, as any later edit is.
        usleep(20_000)
        let handle = try #require(FileHandle(forWritingAtPath: root + "/a.txt"))
        try handle.write(contentsOf: Data("eno".utf8))
        try handle.close()
        #expect(!Self.shows(again, root))
        let third = try recorded()
        try FileManager.default.removeItem(atPath: root + "/sub/b.txt")
        #expect(!Self.shows(third, root))
        #expect(BuildRecord.stamps(of: ["a.txt", "sub/b.txt"], under: root) == nil)
        #expect(!Self.shows(BuildRecord(), root))
    }

    /// Only files whose `lstat` is still the recorded one are vouched for.
    @Test func vouchesOnlyForFilesAsRecorded() throws {
        let fixture = try Fixture(.mini)
        let root = fixture.root.appendingPathComponent("out").path
        try fixture.write("out/a.txt", "one")
        try fixture.write("out/b.txt", "two")
        let stamps = try #require(BuildRecord.stamps(of: ["a.txt", "b.txt"], under: root))
        var record = BuildRecord()
        for (path, stamp) in stamps.files { record.artifacts[path] = .init(stamp: stamp, sha256: BuildRecordTests.sha) }
        try FileManager.default.removeItem(atPath: root + "/b.txt")
        try fixture.write("out/b.txt", "two")
        let now = try #require(FileTree.statuses(under: root))
        let vouched = record.vouched(Dictionary(uniqueKeysWithValues: now.map { ($0.path, $0.status) }))
        #expect(vouched.keys.sorted() == ["a.txt"])
    }
}
