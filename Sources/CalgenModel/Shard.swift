/// One of the `count` parts a build's personal feeds are split into (`calgen build --shard K/N`),
/// so that many machines render them side by side and `calgen build --assemble` puts the site
/// together from the parts.
///
/// A subscriber belongs to the shard its id hashes to: FNV-1a (64 bits) over the id's UTF-8,
/// mixed by MurmurHash3's 64-bit finalizer (FNV's low bits follow the last bytes' low bits, so
/// `emp-0001` … `emp-9999` would fill four shards unevenly), modulo `count`, plus one. The same
/// on every platform and in every release, so that the shards of one build, made on different
/// machines, never hold a subscriber twice or not at all.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// From 1 to `count`.
    public let index: Int
    /// How many shards the feeds are split into.
    public let count: Int

    /// The most shards a build may be split into.
    public static let maxCount = 4096

    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Shard.maxCount, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N`, as `--shard` takes it: `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
            let index = Int(parts[0]), let count = Int(parts[1])
        else { return nil }
        self.init(index: index, count: count)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// The shard, out of `count`, that the subscriber with this id belongs to.
    public static func index(of subscriberID: String, count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in subscriberID.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return Int(hash % UInt64(count)) + 1
    }

    /// Whether the subscriber with this id belongs to this shard.
    public func holds(subscriberID: String) -> Bool {
        Shard.index(of: subscriberID, count: count) == index
    }
}
