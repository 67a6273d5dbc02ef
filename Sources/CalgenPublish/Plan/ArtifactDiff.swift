import CalgenModel
import CalgenRecord
import CalgenSupport

/// The public files of a build against the previous manifest's artifacts: each one's digest and
/// whether it changed, and the paths added, changed and removed.
struct ArtifactDiff: Sendable {
    /// Sorted by path; a changed or new file keeps the previous version until `artifacts(at:)`.
    let artifacts: [Manifest.Artifact]
    /// For each file in the order given, whether the previous manifest lists it with these bytes.
    let unchanged: [Bool]
    let added: [String]
    let changed: [String]
    let removed: [String]

    var changesAnything: Bool { !added.isEmpty || !changed.isEmpty || !removed.isEmpty }

    init(_ files: [OutputFile], previous: Manifest?) {
        let hashes = ParallelMap.map(files) { Digest.sha256($0.bytes) }
        var before = [String: Manifest.Artifact]()
        for artifact in previous?.artifacts ?? [] { before[artifact.path] = artifact }
        var (added, changed, unchanged) = ([String](), [String](), [Bool]())
        var artifacts = [Manifest.Artifact]()
        for (file, sha) in zip(files, hashes) {
            let old = before.removeValue(forKey: file.path)
            let same = old.map { $0.sha256 == sha && $0.size == file.bytes.count } ?? false
            if old == nil {
                added.append(file.path)
            } else if !same {
                changed.append(file.path)
            }
            unchanged.append(same)
            artifacts.append(.init(path: file.path, sha256: sha, size: file.bytes.count, version: old?.version ?? 0))
        }
        self.artifacts = artifacts.sorted { $0.path < $1.path }
        self.unchanged = unchanged
        self.added = added.sorted()
        self.changed = changed.sorted()
        removed = before.keys.sorted()
    }

    /// The artifacts with every changed or new file at `version`.
    func artifacts(at version: Int) -> [Manifest.Artifact] {
        let new = Set(added).union(changed)
        return artifacts.map { artifact in
            var artifact = artifact
            if new.contains(artifact.path) { artifact.version = version }
            return artifact
        }
    }
}
