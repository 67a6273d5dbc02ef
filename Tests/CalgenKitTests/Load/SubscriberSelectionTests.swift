import CalgenModel
import CalgenTestSupport
import Testing

@testable import CalgenLoad

/// A shard parses its own subscribers' files, an assembly none; both read every file's digest.
@Suite struct SubscriberSelectionTests {
    @Test func aShardParsesItsOwnAndDigestsEveryone() throws {
        let content = Fixture.repositoryRoot.appendingPathComponent("Content").path
        let (all, allSources) = try ContentLoader(contentDirectory: content).loadWithSources()
        #expect(all.subscribers.count == 6)
        var parsed = [String]()
        for index in 1...3 {
            let shard = Shard(index: index, count: 3)!
            let (site, sources) = try ContentLoader(contentDirectory: content, subscribers: .shard(shard)).loadWithSources()
            #expect(site.subscribers.allSatisfy { shard.holds(subscriberID: $0.id) })
            #expect(sources.subscribers == allSources.subscribers)
            #expect(sources.subscriberFiles == allSources.subscriberFiles)
            parsed += site.subscribers.map(\.id)
        }
        #expect(parsed.sorted() == all.subscribers.map(\.id).sorted())
        let (none, noneSources) = try ContentLoader(contentDirectory: content, subscribers: .none).loadWithSources()
        #expect(none.subscribers.isEmpty && noneSources.subscribers == allSources.subscribers)
        #expect(none.notes.count == all.notes.count && none.schedules.count == all.schedules.count)
    }
}
