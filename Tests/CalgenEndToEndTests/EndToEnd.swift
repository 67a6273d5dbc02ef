import CalgenModel
import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// The end-to-end suites (the `calgen` executable, real processes, servers and the disk) run
    /// only when `CALGEN_END_TO_END=1`, as `script/test` sets it; a plain `swift test` runs the
    /// unit tests of `CalgenKitTests` alone.
    static var endToEnd: Self {
        .enabled(
            if: ProcessInfo.processInfo.environment["CALGEN_END_TO_END"] == "1",
            "end-to-end: set CALGEN_END_TO_END=1 or run script/test")
    }
}
