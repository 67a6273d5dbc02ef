import CalgenModel
import Testing

/// Which shard a subscriber belongs to: fixed for every platform and release, and even.
@Suite struct ShardAssignmentTests {
    @Test func kOfNReadsOnlyWhatItSays() {
        #expect(Shard("2/4") == Shard(index: 2, count: 4))
        #expect(Shard("4/4")?.description == "4/4")
        for bad in ["0/4", "5/4", "4", "/4", "2/", "1/0", "1/4097", "+1/4", " 1/4", "1/4/4", "一/4", "٢/4"] {
            #expect(Shard(bad) == nil, "\(bad)")
        }
    }

    /// The hash is part of the format: shards made by two releases of calgen must agree.
    @Test func theAssignmentNeverChanges() {
        #expect(Shard.index(of: "zhang-san", count: 3) == 3)
        #expect(Shard.index(of: "qian-qi", count: 3) == 1)
        #expect(Shard.index(of: "", count: 7) == 2)
        #expect(Shard.index(of: "anyone", count: 1) == 1)
    }

    @Test func subscribersSpreadEvenly() {
        var counts = [Int](repeating: 0, count: 5)
        for n in 0..<10_000 { counts[Shard.index(of: "subscriber-\(n)", count: 4)] += 1 }
        #expect(counts[0] == 0)
        #expect(counts.dropFirst().allSatisfy { $0 > 2_300 && $0 < 2_700 }, "\(counts)")
        // Ids that differ only in a last letter with the same low bits still spread.
        let letters = "aeimquy".map { "team-\($0)" } + "bfjnrvz".map { "team-\($0)" }
        #expect(Set(letters.map { Shard.index(of: $0, count: 4) }).count > 1)
        #expect(
            Shard(index: 3, count: 4)!.holds(subscriberID: "subscriber-1") == (Shard.index(of: "subscriber-1", count: 4) == 3))
    }
}
