import CalgenCore
import CalgenModel
import CalgenRecord
import CalgenSupport
import Foundation

/// What every shard of one build shares, and `--assemble` recomputes, in named parts: the content
/// as the loader read it (with the holiday data, drafts and the base URL), the templates, the
/// build's time, the feed secret, the previous release's manifest and the number of shards. A
/// shard whose parts differ was made from something else: it is stale, and assembling it is
/// refused, naming the parts that differ.
enum ShardInputs {
    static func parts(options: BuildOptions, loaded: LoadedSite, count: Int) -> [String: String] {
        func digest(_ lines: [(String, String)]) -> String {
            var digest = InputDigest()
            for (label, value) in lines { digest.add(label, value) }
            return digest.sha256
        }
        let sources = loaded.sources
        var content = [
            ("drafts", String(options.includeDrafts)), ("base-url", loaded.site.config.baseURL),
            ("config", sources.config ?? "none"),
        ]
        for (label, files) in [("note", sources.notes), ("subscriber", sources.subscribers), ("schedule", sources.schedules)] {
            content += files.sorted { $0.key < $1.key }.map { (label, $0.key + " " + $0.value) }
        }
        content += loaded.site.holidaySources.sorted { $0.key < $1.key }.map { ("holidays", "\($0.key) \($0.value)") }
        return [
            "content": digest(content),
            "templates": loaded.templates.digest,
            "time": ManifestTime.iso(options.now),
            "feed secret": digest([("secret", options.feedSecret.token(for: "calgen-shard"))]),
            "previous release": loaded.previous.manifestBytes.map(Digest.sha256) ?? "none",
            "shards": String(count),
        ]
    }

    /// The parts of `given` that differ from `expected`, sorted.
    static func differing(_ given: [String: String], from expected: [String: String]) -> [String] {
        Set(given.keys).union(expected.keys).filter { given[$0] != expected[$0] }.sorted()
    }
}
