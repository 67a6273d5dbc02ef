/// What carrying out a plan did, for the build's summary.
package struct AppliedPlan: Sendable {
    /// Files written, by this step or while rendering.
    package var written = 0
    /// Files kept from the previous output (hard-linked on the disk).
    package var linked = 0
    package var bytesWritten = 0
}
