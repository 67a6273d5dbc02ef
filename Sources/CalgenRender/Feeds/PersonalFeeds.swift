import CalgenModel

/// Where a build's personal feeds come from.
package enum PersonalFeeds: Sendable {
    /// Every subscriber's, rendered by this build.
    case all
    /// Only those of the subscribers in this shard, rendered by this build, and no other feed.
    case shard(Shard)
    /// Rendered by the shards of this build (`--assemble`): taken as they are.
    case given([FeedResult])
}
