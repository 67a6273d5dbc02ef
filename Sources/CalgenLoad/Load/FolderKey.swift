import CalgenCore
import CalgenSupport

/// A folder of the content as a resident site listed it, for reading all its files from memory:
/// every entry with its `FileStamp`, and what the parse of its files depended on. Made only
/// when every entry is a regular file or a folder whose stamp has settled, the rule by which
/// `ParseCache` trusts one file's stamp; two equal keys then mean the same files with the same
/// bytes, parsed under the same dependencies.
struct FolderKey: Equatable, Sendable {
    let entries: [SourceEntry]
    let dependencies: String

    /// The key of `entries` listed at `now` (seconds since 1970), or nil when an entry is of
    /// another kind (a link's target may change without its own stamp), or changed too recently.
    init?(_ entries: [SourceEntry], dependencies: String, now: Int64) {
        for entry in entries {
            guard entry.kind == .file || entry.kind == .folder,
                let stamp = entry.stamp, FileStamp.settled(stamp, now: now) != nil
            else { return nil }
        }
        self.entries = entries
        self.dependencies = dependencies
    }
}
