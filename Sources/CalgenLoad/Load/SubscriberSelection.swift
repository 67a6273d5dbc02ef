import CalgenModel

/// Which subscribers' files a `ContentLoader` parses into the site.
public enum SubscriberSelection: Sendable {
    /// Every one.
    case all
    /// Those of one shard (`--shard`): the others are another machine's work.
    case shard(Shard)
    /// None (`--assemble`: every personal feed comes from the shards, which parsed them).
    case none

    /// Whether every subscriber is parsed.
    var parsesAll: Bool {
        if case .all = self { return true }
        return false
    }

    /// Whether the subscriber with this id (its file's name) is parsed.
    func parses(_ id: String) -> Bool {
        switch self {
        case .all: true
        case .shard(let shard): shard.holds(subscriberID: id)
        case .none: false
        }
    }
}
