/// What carrying out a plan did, for the build's summary.
struct AppliedPlan: Sendable {
    /// Files written, by this step or while rendering.
    var written = 0
    /// Files kept from the previous output (hard-linked on the disk).
    var linked = 0
    var bytesWritten = 0
}
