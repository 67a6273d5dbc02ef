/// What a build reads, as `BuildState.inputs` found it: the digest over all of it, and the
/// fingerprints of the files hashed for it (for the next build to read fewer).
struct BuildInputs: Sendable {
    /// The SHA-256 a `BuildState` records.
    let digest: String
    let fingerprints: InputFingerprints
    /// Whether the fingerprints differ from those the build started with (then they are saved).
    let changed: Bool

    init(digest: String, fingerprints: InputFingerprints, known: InputFingerprints) {
        self.digest = digest
        self.fingerprints = fingerprints
        changed = fingerprints != known
    }
}
