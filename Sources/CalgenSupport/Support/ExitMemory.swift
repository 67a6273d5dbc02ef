import Synchronization

/// Values a command keeps until the process exits instead of freeing them (as compilers do with
/// their own data structures): freeing hundreds of thousands of strings of a large site takes
/// tens of milliseconds that the process's exit does at no cost. Only for a process that exits
/// right after (`BuildOptions.keepsMemoryUntilExit`): what is kept is never freed.
package enum ExitMemory {
    private static let kept = Mutex<[any Sendable]>([])

    /// Keeps `values` alive until the process exits.
    package static func keep(_ values: some Sendable) {
        kept.withLock { $0.append(values) }
    }
}
